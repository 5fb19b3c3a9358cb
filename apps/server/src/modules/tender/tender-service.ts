import { z } from 'zod';
import { EVENT_STATUS_TEXT, TENDER_METHOD_TEXT, compare, multiply } from '@procura/shared';
import { serverNowIso, toWireDateTime } from '../../core/clock.js';
import { badRequest, businessError, notFound } from '../../core/errors.js';
import type { Db } from '../../db/database.js';
import type { TenderSettingsTable } from './tender-tables.js';
import { decimalText, flag, id, requiredLineText, richText, text, wireTime } from '../../http/wire.js';
import { lineBody } from '../sourcing/event-lines.js';
import { eventFor, type Actor, type EventRow } from '../sourcing/sourcing-service.js';

export const DAY_MS = 86_400_000;
/** TND-9: fewer bids than this fail the tender at opening. */
export const MIN_BIDS = 3;
/** TND-24: the reason of a tender that failed for too few bids. */
export const INSUFFICIENT_BIDS = 'INSUFFICIENT_BIDS';
export const METHOD_TEXT: Record<string, string> = TENDER_METHOD_TEXT;

const weight = (label: string) =>
  z.number().int(`${label}须为整数`).min(0, `${label}不能小于0`).max(100, `${label}不能超过100`);

/** The header of a tender (§9.1) and its TenderSettings (§11.1), as sent by the buyer. */
const fields = {
  title: requiredLineText(200, '标题'),
  method: z.enum(['OPEN_TENDER', 'INVITED_TENDER'], { error: '招标方式只能是公开招标或邀请招标' }),
  purchaseType: z.enum(['GOODS', 'WORKS', 'SERVICES'], { error: '采购类型不正确' }).optional(),
  eligibility: z
    .enum(['QUALIFIED_IN_CATEGORY', 'QUALIFIED_ANY', 'POTENTIAL_OR_BETTER'], { error: '参与资格不正确' })
    .optional(),
  orgCode: text(64, '采购组织').optional(),
  orgName: text(200, '采购组织名称').optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, '币种不正确')
    .optional(),
  taxIncludedQuote: flag.optional(),
  estimatedAmount: decimalText('预算金额').optional(),
  ceilingPrice: decimalText('最高投标限价').optional(),
  /** The bid deadline, which is also the opening time (TND-8). */
  responseDeadline: wireTime('投标截止时间').optional(),
  legalMandatory: flag.optional(),
  allowWithdraw: flag.optional(),
  twoEnvelope: flag.optional(),
  pricePrecision: z.number().int().min(0).max(6).optional(),
  contactName: text(50, '联系人').optional(),
  contactPhone: text(30, '联系电话').optional(),
  contactEmail: text(100, '联系邮箱').optional(),
  content: richText(20000, '招标公告内容').optional(),
  remark: text(500, '备注').optional(),
  qualificationMode: z.enum(['POST', 'PRE'], { error: '资格审查方式不正确' }).optional(),
  docIssueStartAt: wireTime('招标文件发售开始时间').optional(),
  docIssueEndAt: wireTime('招标文件发售截止时间').optional(),
  docFee: decimalText('标书费').optional(),
  bidBondAmount: decimalText('投标保证金').optional(),
  bidBondDeadline: wireTime('保证金截止时间').optional(),
  clarificationDeadline: wireTime('澄清截止时间').optional(),
  objectionDeadline: wireTime('异议截止时间').optional(),
  bidValidityDays: z.number().int().min(1, '投标有效期至少1天').max(3650, '投标有效期不能超过3650天').optional(),
  evaluationMethod: z.enum(['LOWEST_EVALUATED_PRICE', 'COMPREHENSIVE_SCORE'], { error: '评标方法不正确' }).optional(),
  priceWeight: weight('价格权重').optional(),
  techWeight: weight('技术权重').optional(),
  businessWeight: weight('商务权重').optional(),
  priceFormula: z.enum(['LOWEST_AS_BASE', 'AVERAGE_AS_BASE'], { error: '价格分计算基准不正确' }).optional(),
  publicityDays: z
    .number()
    .int()
    .min(3, '中标候选人公示期不少于3天（TND-17）')
    .max(60, '公示期不能超过60天')
    .optional(),
  mustAwardRank1: flag.optional(),
  openingOfficerIds: z.array(id).max(20, '开标人不能超过20人').optional(),
  openingQuorum: z.number().int().min(2, '开标须至少2名开标人确认（P2）').max(20).optional(),
};

export const addBody = z.object({
  ...fields,
  lines: z.array(lineBody).min(1, '请至少添加一行物料').max(200, '物料行不能超过200行'),
});
export const editBody = z.object({
  id,
  version: z.number().int(),
  ...fields,
  title: fields.title.optional(),
  method: fields.method.optional(),
  lines: addBody.shape.lines.optional(),
});
type Body = Partial<z.infer<typeof editBody>>;

const EVENT_KEYS = [
  'title',
  'method',
  'purchaseType',
  'eligibility',
  'orgCode',
  'orgName',
  'currency',
  'taxIncludedQuote',
  'estimatedAmount',
  'ceilingPrice',
  'responseDeadline',
  'legalMandatory',
  'allowWithdraw',
  'pricePrecision',
  'contactName',
  'contactPhone',
  'contactEmail',
  'content',
  'remark',
] as const;
const SETTINGS_KEYS = [
  'qualificationMode',
  'docIssueStartAt',
  'docIssueEndAt',
  'docFee',
  'bidBondAmount',
  'bidBondDeadline',
  'clarificationDeadline',
  'objectionDeadline',
  'bidValidityDays',
  'evaluationMethod',
  'priceWeight',
  'techWeight',
  'businessWeight',
  'priceFormula',
  'publicityDays',
  'mustAwardRank1',
  'openingQuorum',
] as const;

/** The event columns of a body (only what was sent); the method decides the visibility and the doc window the sign-up window. */
export function eventValues(body: Body): Partial<EventRow> {
  const v: Partial<EventRow> = {};
  for (const k of EVENT_KEYS) if (body[k] !== undefined) (v as Record<string, unknown>)[k] = body[k];
  if (body.method) v.visibility = body.method === 'OPEN_TENDER' ? 'PUBLIC' : 'INVITED';
  if (body.twoEnvelope !== undefined) v.envelopeMode = body.twoEnvelope ? 'TWO' : 'ONE';
  if (body.docIssueStartAt !== undefined) v.signupStartAt = v.responseStartAt = body.docIssueStartAt;
  if (body.docIssueEndAt !== undefined) v.signupDeadline = body.docIssueEndAt;
  // The questions' deadline of the generic clarifications (SRC-9) is the tender's.
  if (body.clarificationDeadline !== undefined) v.clarificationDeadline = body.clarificationDeadline;
  return v;
}

export function settingsValues(body: Body): Partial<TenderSettingsTable> {
  const v: Partial<TenderSettingsTable> = {};
  for (const k of SETTINGS_KEYS) if (body[k] !== undefined) (v as Record<string, unknown>)[k] = body[k];
  if (body.openingOfficerIds !== undefined) v.openingOfficerIds = JSON.stringify([...new Set(body.openingOfficerIds)]);
  return v;
}

export const DEFAULT_SETTINGS: Omit<TenderSettingsTable, 'eventId'> = {
  qualificationMode: 'POST',
  docIssueStartAt: null,
  docIssueEndAt: null,
  docFee: null,
  bidBondAmount: null,
  bidBondDeadline: null,
  clarificationDeadline: null,
  objectionDeadline: null,
  bidValidityDays: 90,
  evaluationMethod: 'COMPREHENSIVE_SCORE',
  priceWeight: 40,
  techWeight: 50,
  businessWeight: 10,
  priceFormula: 'LOWEST_AS_BASE',
  publicityDays: 3,
  mustAwardRank1: 0,
  openingOfficerIds: '[]',
  openingQuorum: 2,
  previousEventId: null,
  approvalInstanceId: null,
};

export const officersOf = (s: Pick<TenderSettingsTable, 'openingOfficerIds'>): string[] =>
  JSON.parse(s.openingOfficerIds) as string[];

/** The tender of the buyer's tenant with its settings, or 404 (an RFQ or auction is not a tender). */
export async function tenderFor(
  db: Db,
  actor: Actor,
  eventId: string,
): Promise<{ event: EventRow; settings: TenderSettingsTable }> {
  const event = await eventFor(db, actor, eventId);
  if (event.type !== 'TENDER') throw notFound('招标项目不存在');
  const settings = await db.selectFrom('tenderSettings').selectAll().where('eventId', '=', event.id).executeTakeFirst();
  if (!settings) throw notFound('招标项目不存在');
  return { event, settings };
}

const days = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS;

/**
 * The checks of a tender before approval and again at publish (SRC-1 time order counted from
 * the actual publish time, TND-1, TND-2, TND-15, TND-22, weights, the opening officers of P2).
 * `publishAt` is the server time of publishing, or null at submit.
 */
export async function validateTender(
  trx: Db,
  event: EventRow,
  settings: TenderSettingsTable,
  publishAt: string | null,
): Promise<void> {
  const deadline = event.responseDeadline;
  if (!deadline) throw badRequest('请填写投标截止时间', { responseDeadline: '请填写投标截止时间' });
  if (!settings.docIssueStartAt || !settings.docIssueEndAt)
    throw badRequest('请填写招标文件发售时间', { docIssueStartAt: '请填写招标文件发售时间' });
  const now = publishAt ?? serverNowIso();
  if (deadline <= now)
    throw businessError(publishAt ? '投标截止时间已过，请修改后再发布（SRC-1）' : '投标截止时间已过，请修改（SRC-1）');
  // At publish, windows count from the actual publish time when it is later (SRC-1).
  const start = publishAt && publishAt > settings.docIssueStartAt ? publishAt : settings.docIssueStartAt;
  if (settings.docIssueStartAt >= settings.docIssueEndAt)
    throw badRequest('招标文件发售开始时间须早于截止时间（SRC-1）');
  if (settings.docIssueEndAt > deadline) throw badRequest('招标文件发售截止时间不能晚于投标截止时间（SRC-1）');
  if (start >= settings.docIssueEndAt) throw businessError('招标文件发售期已过，请修改后再发布（SRC-1）');
  if (event.legalMandatory) {
    if (days(start, deadline) < 20)
      throw businessError('依法必须招标的项目，自招标文件开始发出之日起至投标截止时间止不得少于20日（TND-1）');
    if (days(start, settings.docIssueEndAt) < 5) throw businessError('招标文件发售期不得少于5日（TND-2）');
  }
  for (const [at, label] of [
    [settings.clarificationDeadline, '澄清截止时间'],
    [settings.objectionDeadline, '异议截止时间'],
    [settings.bidBondDeadline, '保证金截止时间'],
  ] as const) {
    if (at && at > deadline) throw badRequest(`${label}不能晚于投标截止时间（SRC-1）`);
  }
  if (settings.evaluationMethod === 'COMPREHENSIVE_SCORE') {
    const sum = settings.priceWeight + settings.techWeight + settings.businessWeight;
    if (sum !== 100) throw businessError(`综合评估法的价格、技术、商务权重合计须为100，当前为${sum}`);
  }
  if (
    settings.bidBondAmount &&
    event.estimatedAmount &&
    compare(settings.bidBondAmount, multiply(event.estimatedAmount, '0.02', 2)) > 0
  ) {
    throw businessError('投标保证金不得超过预算金额的2%（TND-15）');
  }
  const officers = officersOf(settings);
  if (officers.length < settings.openingQuorum)
    throw businessError(`开标人不足：须指定至少${settings.openingQuorum}名开标人（P2）`);
  if (officers.length) {
    const users = await trx
      .selectFrom('sysUser')
      .select('id')
      .where('id', 'in', officers)
      .where('status', '=', 1)
      .where('delFlag', '=', 0)
      .where('supplierId', 'is', null)
      .execute();
    if (users.length !== officers.length) throw businessError('开标人须为本单位在职的内部用户（P2）');
  }
  const lines = await trx.selectFrom('sourcingLine').select('id').where('eventId', '=', event.id).execute();
  if (lines.length === 0) throw businessError('招标项目没有物料行，不能提交');
  if (event.method === 'INVITED_TENDER') {
    const invited = await trx
      .selectFrom('sourcingParticipation')
      .select('id')
      .where('eventId', '=', event.id)
      .where('status', '=', 'INVITED')
      .execute();
    if (invited.length < 3) throw businessError(`邀请招标须邀请至少3家供应商，当前${invited.length}家（TND-22）`);
  }
}

/** The settings as the wire shows them. */
export function wireSettings(s: TenderSettingsTable) {
  return {
    ...s,
    openingOfficerIds: officersOf(s),
    docIssueStartAt: toWireDateTime(s.docIssueStartAt),
    docIssueEndAt: toWireDateTime(s.docIssueEndAt),
    bidBondDeadline: toWireDateTime(s.bidBondDeadline),
    clarificationDeadline: toWireDateTime(s.clarificationDeadline),
    objectionDeadline: toWireDateTime(s.objectionDeadline),
  };
}

export const statusText = (status: string) => EVENT_STATUS_TEXT[status] ?? status;
