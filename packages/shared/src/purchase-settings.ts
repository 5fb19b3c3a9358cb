import { z } from 'zod';
import { CONTRACT_TEMPLATE_FIELDS, contractTemplatesSchema, DEFAULT_CONTRACT_TEMPLATES } from './contract-template.js';

/**
 * Purchase settings (domain §21): one typed value per tenant and key, with these defaults.
 * Documents copy what they rely on when created (X-14). Approval thresholds are not here:
 * they are the steps of each document type's flow at 审批中心 › 审批配置 (X-10).
 * The statutory minimums of §11 bound the `mandatory` tender values.
 */
export type SettingType = 'int' | 'bool' | 'pct' | 'money' | 'json' | 'enum';

/** One part of a structured (`json`) setting, edited as its own control. */
export type SettingPart = {
  key: string;
  label: string;
  control: 'switch' | 'int' | 'number';
  /** Shown after a number ("天", "%"). */
  unit?: string;
};

/**
 * How the settings page edits a `json` value: named parts (switches, numbers), a list of days,
 * the quota presets (one row per supplier count) or the grade bands (one row per grade).
 */
export type SettingForm =
  | { kind: 'parts'; parts: readonly SettingPart[] }
  | { kind: 'days' }
  | { kind: 'quotaPresets' }
  | { kind: 'gradeBands' }
  /** One text per named key (the contract templates, one HTML template per contract type). */
  | { kind: 'texts'; texts: readonly { key: string; label: string }[] };

export type SettingDef = {
  key: string;
  label: string;
  group: string;
  type: SettingType;
  default: unknown;
  schema: z.ZodType;
  help?: string;
  dict?: string;
  /** For `json` values: the form the settings page shows instead of JSON text. */
  form?: SettingForm;
};

const int = (min: number, max = 100_000, message?: string) =>
  z
    .number('请输入整数')
    .int('请输入整数')
    .min(min, message ?? `不能小于${min}`)
    .max(max, message ?? `不能大于${max}`);
const pct = (max = 100, message?: string) =>
  z
    .number('请输入数字')
    .min(0, '百分比在 0 到 100 之间')
    .max(max, message ?? '百分比在 0 到 100 之间');
const money = z
  .string('请输入金额')
  .trim()
  .regex(/^\d{1,16}(\.\d{1,2})?$/, '请输入不小于0的金额，最多两位小数');
const bool = z.boolean('请选择是或否');

const gradeBands = z
  .array(
    z.object({
      grade: z.string('请填写等级').trim().min(1, '请填写等级').max(8, '等级不超过8个字符'),
      min: z.number('请填写分数下限').min(0, '分数在 0 到 100 之间').max(100, '分数在 0 到 100 之间'),
      max: z.number('请填写分数上限').min(0, '分数在 0 到 100 之间').max(100, '分数在 0 到 100 之间'),
    }),
  )
  .min(1, '至少一个等级')
  .refine((bands) => {
    // EVA-2: bands cover 0–100 without gaps or overlaps (sorted by their lower bound).
    const sorted = [...bands].sort((a, b) => a.min - b.min);
    if (sorted[0]!.min !== 0 || sorted[sorted.length - 1]!.max !== 100) return false;
    return sorted.every((b, i) => b.min < b.max && (i === 0 || b.min === sorted[i - 1]!.max));
  }, '等级分数段必须覆盖 0 到 100，不能有空档或重叠');

const quotaPresets = z
  .record(z.string(), z.array(z.number('请填写比例').min(0, '比例在 0 到 100 之间').max(100, '比例在 0 到 100 之间')))
  // A key check of its own: zod words a refused record key only as "invalid key".
  .refine((presets) => Object.keys(presets).every((n) => /^[1-9]\d?$/.test(n)), '供应商数量应为 1 到 99 的整数')
  .refine(
    (presets) =>
      Object.entries(presets).every(
        ([n, split]) => split.length === Number(n) && Math.abs(split.reduce((a, b) => a + b, 0) - 100) < 1e-9,
      ),
    '每个配额方案的供应商数量与比例个数一致，且比例合计为 100',
  );

const reminderDays = z
  .array(int(1, 365))
  .min(1, '至少一个提醒天数')
  .refine((days) => days.every((d, i) => i === 0 || d < days[i - 1]!), '提醒天数应从大到小排列，且不能重复');

export const PURCHASE_SETTINGS: readonly SettingDef[] = [
  {
    key: 'sourcing.minParticipants',
    group: '寻源',
    label: '最少参与供应商数',
    type: 'int',
    default: 3,
    schema: int(1, 100),
  },
  {
    key: 'sourcing.showResponseStatusBeforeDeadline',
    group: '寻源',
    label: '截止前显示响应状态',
    type: 'json',
    form: {
      kind: 'parts',
      parts: [
        { key: 'RFQ', label: '询价', control: 'switch' },
        { key: 'TENDER', label: '招标', control: 'switch' },
        { key: 'AUCTION', label: '竞价', control: 'switch' },
      ],
    },
    default: { RFQ: true, TENDER: false, AUCTION: true },
    schema: z.object({ RFQ: bool, TENDER: bool, AUCTION: bool }),
  },
  { key: 'rfq.minInvited', group: '询价', label: '最少邀请供应商数', type: 'int', default: 3, schema: int(1, 100) },
  { key: 'rfq.sealedDefault', group: '询价', label: '默认密封报价', type: 'bool', default: true, schema: bool },
  { key: 'rfq.minQuotes', group: '询价', label: '最少有效报价数', type: 'int', default: 3, schema: int(1, 100) },
  {
    key: 'tender.minBidPeriodDays',
    group: '招标',
    label: '最短投标期(天)',
    type: 'json',
    form: {
      kind: 'parts',
      parts: [
        { key: 'mandatory', label: '依法必须招标的项目', control: 'int', unit: '天' },
        { key: 'other', label: '其他项目', control: 'int', unit: '天' },
      ],
    },
    default: { mandatory: 20, other: 5 },
    schema: z.object({ mandatory: int(20, 365, '依法必须招标的项目不少于20天'), other: int(1, 365) }),
  },
  {
    key: 'tender.minDocIssueDays',
    group: '招标',
    label: '招标文件最短发售期(天)',
    type: 'int',
    default: 5,
    schema: int(5, 365, '招标文件发售期不少于5天'),
  },
  {
    key: 'tender.clarificationMinDays',
    group: '招标',
    label: '澄清截止前最少天数',
    type: 'int',
    default: 15,
    schema: int(15, 365, '澄清或修改须在投标截止15天前发出'),
  },
  {
    key: 'tender.objectionDaysBeforeDeadline',
    group: '招标',
    label: '异议截止(投标截止前天数)',
    type: 'int',
    default: 10,
    schema: int(10, 365, '对招标文件的异议应在投标截止10天前提出'),
  },
  {
    key: 'tender.objectionReplyDays',
    group: '招标',
    label: '异议答复期限(天)',
    type: 'int',
    default: 3,
    schema: int(1, 3, '异议应在3天内答复'),
  },
  {
    key: 'tender.committeeMinSize',
    group: '招标',
    label: '评标委员会最少人数',
    type: 'json',
    form: {
      kind: 'parts',
      parts: [
        { key: 'mandatory', label: '依法必须招标的项目', control: 'int', unit: '人' },
        { key: 'other', label: '其他项目', control: 'int', unit: '人' },
      ],
    },
    default: { mandatory: 5, other: 3 },
    schema: z
      .object({ mandatory: int(5, 99, '依法必须招标的项目评标委员会不少于5人'), other: int(1, 99) })
      .refine((v) => v.mandatory % 2 === 1, '评标委员会人数应为单数'),
  },
  {
    key: 'tender.maxCandidates',
    group: '招标',
    label: '中标候选人最多人数',
    type: 'int',
    default: 3,
    schema: int(1, 3, '中标候选人不超过3名'),
  },
  {
    key: 'tender.publicityDays',
    group: '招标',
    label: '中标候选人公示期(天)',
    type: 'int',
    default: 3,
    schema: int(3, 30, '公示期不少于3天'),
  },
  {
    key: 'tender.contractWithinDays',
    group: '招标',
    label: '中标后签约期限(天)',
    type: 'int',
    default: 30,
    schema: int(1, 30, '应在中标通知书发出之日起30日内签订合同'),
  },
  {
    key: 'tender.bidBondMaxPct',
    group: '招标',
    label: '投标保证金上限(%)',
    type: 'pct',
    default: 2,
    schema: pct(2, '投标保证金不得超过项目估算价的2%'),
  },
  {
    key: 'contract.performanceBondMaxPct',
    group: '合同',
    label: '履约保证金上限(%)',
    type: 'pct',
    default: 10,
    schema: pct(10, '履约保证金不得超过合同金额的10%'),
  },
  {
    key: 'auction.defaults',
    group: '竞价',
    label: '竞价默认规则',
    type: 'json',
    form: {
      kind: 'parts',
      parts: [
        { key: 'durationMinutes', label: '竞价时长', control: 'int', unit: '分钟' },
        { key: 'extendMinutes', label: '每次延时', control: 'int', unit: '分钟' },
        { key: 'extendWithinMinutes', label: '结束前多少分钟内出价触发延时', control: 'int', unit: '分钟' },
        { key: 'maxExtensions', label: '最多延时次数', control: 'int', unit: '次' },
        { key: 'minDecrementPct', label: '最小降价幅度', control: 'number', unit: '%' },
      ],
    },
    default: { durationMinutes: 30, extendMinutes: 5, extendWithinMinutes: 5, maxExtensions: 10, minDecrementPct: 0.5 },
    schema: z.object({
      durationMinutes: int(1, 1440, '竞价时长在 1 到 1440 分钟之间'),
      extendMinutes: int(0, 60, '每次延时在 0 到 60 分钟之间'),
      extendWithinMinutes: int(0, 60, '触发延时的时段在 0 到 60 分钟之间'),
      maxExtensions: int(0, 100, '最多延时次数在 0 到 100 之间'),
      minDecrementPct: pct(100),
    }),
  },
  {
    key: 'po.requiresSupplierConfirmation',
    group: '订单',
    label: '订单需供应商确认',
    type: 'bool',
    default: true,
    schema: bool,
  },
  {
    key: 'payment.termsDefault',
    group: '订单',
    label: '默认付款条件',
    type: 'enum',
    dict: 'srm_payment_terms',
    default: 'NET_30',
    schema: z.enum(['PREPAID', 'ON_RECEIPT', 'NET_30', 'NET_60', 'NET_90'], '请选择付款条件'),
  },
  { key: 'receipt.requireAsn', group: '收货', label: '收货须有送货单', type: 'bool', default: true, schema: bool },
  { key: 'receipt.overDeliveryPct', group: '收货', label: '允许超收比例(%)', type: 'pct', default: 0, schema: pct() },
  { key: 'delivery.graceDays', group: '收货', label: '交期宽限(天)', type: 'int', default: 0, schema: int(0, 365) },
  {
    key: 'inspection.autoDraftDeduction',
    group: '质检',
    label: '不合格自动生成扣款草稿',
    type: 'bool',
    default: false,
    schema: bool,
  },
  { key: 'invoice.priceTolerancePct', group: '发票', label: '单价容差(%)', type: 'pct', default: 0, schema: pct() },
  {
    key: 'invoice.priceToleranceAbs',
    group: '发票',
    label: '单价容差(金额)',
    type: 'money',
    default: '0.00',
    schema: money,
  },
  {
    key: 'invoice.roundingTolerance',
    group: '发票',
    label: '尾差容差(金额)',
    type: 'money',
    default: '1.00',
    schema: money,
  },
  {
    key: 'deduction.autoAcceptDays',
    group: '扣款',
    label: '扣款自动确认(天)',
    type: 'int',
    default: 7,
    schema: int(1, 365),
  },
  {
    key: 'supplier.smsCodeTtlSec',
    group: '供应商',
    label: '短信验证码有效期(秒)',
    type: 'int',
    default: 300,
    schema: int(60, 3600),
  },
  {
    key: 'supplier.smsMaxTries',
    group: '供应商',
    label: '验证码最多尝试次数',
    type: 'int',
    default: 5,
    schema: int(1, 20),
  },
  {
    key: 'supplier.qualificationReminderDays',
    group: '供应商',
    label: '资质到期提醒(天)',
    type: 'json',
    form: { kind: 'days' },
    default: [30, 7],
    schema: reminderDays,
  },
  {
    key: 'supplier.autoSuspendOnExpiry',
    group: '供应商',
    label: '资质过期自动暂停品类',
    type: 'bool',
    default: true,
    schema: bool,
  },
  {
    key: 'supplier.reapplyCoolingDays',
    group: '供应商',
    label: '淘汰后重新申请冷却期(天)',
    type: 'int',
    default: 365,
    schema: int(0, 3650),
  },
  {
    key: 'supplier.allowPotentialInRfq',
    group: '供应商',
    label: '询价可邀请潜在供应商',
    type: 'bool',
    default: false,
    schema: bool,
  },
  {
    key: 'quota.presets',
    group: '配额',
    label: '配额预设比例',
    type: 'json',
    form: { kind: 'quotaPresets' },
    default: { 2: [70, 30], 3: [50, 30, 20] },
    schema: quotaPresets,
  },
  {
    key: 'evaluation.gradeBands',
    group: '绩效',
    label: '绩效等级分数段',
    type: 'json',
    form: { kind: 'gradeBands' },
    default: [
      { grade: 'A', min: 90, max: 100 },
      { grade: 'B', min: 80, max: 90 },
      { grade: 'C', min: 60, max: 80 },
      { grade: 'D', min: 0, max: 60 },
    ],
    schema: gradeBands,
  },
  { key: 'evaluation.appealDays', group: '绩效', label: '绩效申诉期(天)', type: 'int', default: 7, schema: int(1, 90) },
  {
    key: 'contract.templates',
    group: '合同',
    label: '合同文本模板',
    type: 'json',
    default: DEFAULT_CONTRACT_TEMPLATES,
    form: {
      kind: 'texts',
      texts: [
        { key: 'STANDARD', label: '标准采购合同' },
        { key: 'FRAMEWORK', label: '框架协议' },
        { key: 'SERVICE', label: '服务合同' },
      ],
    },
    schema: contractTemplatesSchema,
    help: `每种合同类型一个 HTML 模板，可用字段：${CONTRACT_TEMPLATE_FIELDS.map(([k, l]) => `{{${k}}} ${l}`).join('、')}`,
  },
];

export const purchaseSettingByKey: ReadonlyMap<string, SettingDef> = new Map(PURCHASE_SETTINGS.map((s) => [s.key, s]));

export const purchaseSettingSaveSchema = z.object({ key: z.string().min(1).max(64), value: z.unknown() });
