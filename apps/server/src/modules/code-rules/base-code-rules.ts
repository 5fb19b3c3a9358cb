import type { CheckRuleSeed, FillRuleSeed } from '../manifest.js';

/**
 * Document numbering of domain §26: one fill rule per document type, its code being
 * the prefix, so a module asks `ctx.codes.next('PO', { tenantId, trx })` for
 * `PO-20261122-0001`. Numbers are unique per tenant, not gapless.
 */
export const DOCUMENT_PREFIXES: readonly FillRuleSeed[] = [
  ['SUP', '供应商编码'],
  ['MAT', '物料编码'],
  ['ADM', '准入评审单号'],
  ['CR', '变更申请单号'],
  ['QN', '调查问卷编号'],
  ['SMP', '样品单号'],
  ['PR', '采购申请单号'],
  ['RFQ', '询价单号'],
  ['TND', '招标项目编号'],
  ['AUC', '竞价单号'],
  ['AWD', '定标单号'],
  ['QA', '配额单号'],
  ['CT', '合同编号'],
  ['PO', '采购订单号'],
  ['ASN', '送货单号'],
  ['GR', '收货单号'],
  ['IQC', '检验批号'],
  ['RT', '退货单号'],
  ['RS', '对账单号'],
  ['INV', '发票登记号'],
  ['DED', '扣款单号'],
  ['PAY', '付款申请单号'],
  ['EV', '绩效评估项目编号'],
];

/** Check rules forms of the product use (`GET /sys/checkRule/checkByCode`). */
export const BASE_CHECK_RULES: CheckRuleSeed[] = [
  {
    ruleCode: 'phone',
    ruleName: '手机号码',
    items: [{ digits: '*', pattern: '^1[3-9]\\d{9}$', message: '请输入正确的手机号码' }],
    description: '中国大陆 11 位手机号码',
  },
  {
    ruleCode: 'uscc',
    ruleName: '统一社会信用代码',
    items: [
      {
        digits: '*',
        pattern: '^[0-9A-HJ-NPQRTUWXY]{2}\\d{6}[0-9A-HJ-NPQRTUWXY]{10}$',
        message: '统一社会信用代码格式不正确',
      },
    ],
    description: '18 位统一社会信用代码的格式（校验位由供应商注册另行校验）',
  },
  {
    ruleCode: 'materialCode',
    ruleName: '物料编码',
    items: [
      { digits: '2', pattern: '^[A-Z]{2}$', message: '物料编码前2位必须是大写字母（品类）' },
      { digits: '6', pattern: '^\\d{6}$', message: '物料编码第3至8位必须是数字（流水号）' },
      { digits: '*', pattern: '^.{8}$', message: '物料编码为8位' },
    ],
    description: '2 位品类字母 + 6 位数字，例如 EL000123',
  },
  {
    ruleCode: 'bankAccount',
    ruleName: '银行账号',
    items: [{ digits: '*', pattern: '^\\d{8,30}$', message: '银行账号应为8至30位数字' }],
    description: '对公或个人银行账号，只含数字',
  },
];
