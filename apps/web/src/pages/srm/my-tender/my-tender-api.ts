import { getOrThrow } from '../../../lib/supplier-api';

/** Wire shapes of the supplier's tenders (我的投标, domain §9, §11), as `/srm/tender/supplier/*` answers them. */

/** A tender the supplier takes part in (the generic supplier event list, filtered to TENDER). */
export type MyTenderRow = {
  id: string;
  code: string;
  type: string;
  title: string;
  status: string;
  statusText: string;
  responseStartAt: string | null;
  responseDeadline: string | null;
  currency: string;
  participationStatus: string;
  myResponseStatus: string | null;
  myVersionNo: number | null;
  mySubmittedAt: string | null;
};

/** An open tender inside its sign-up window (SRC-4). */
export type OpenTenderRow = {
  id: string;
  code: string;
  title: string;
  method: string;
  methodText: string;
  signupStartAt: string | null;
  signupDeadline: string | null;
  responseDeadline: string | null;
};

export type TenderLine = {
  id: string;
  lineNo: number;
  materialCode: string | null;
  materialName: string | null;
  spec: string | null;
  qty: string;
  unit: string | null;
  needByDate: string | null;
  deliveryPlace: string | null;
  remark: string | null;
};
export type MyBid = {
  id: string;
  code: string;
  versionNo: number;
  status: string;
  submittedAt: string | null;
  payloadHash: string | null;
  technicalHash: string | null;
  totalAmount: string | null;
};

export type MyTenderDetail = {
  /** The server clock when answering (X-1): the countdown runs on it. */
  serverTime?: string;
  id: string;
  code: string;
  title: string;
  method: string;
  methodText: string;
  status: string;
  statusText: string;
  currency: string;
  ceilingPrice: string | null;
  twoEnvelope: number;
  allowWithdraw: number;
  pricePrecision: number;
  signupDeadline?: string | null;
  responseStartAt: string | null;
  responseDeadline: string | null;
  content: string | null;
  contactName: string | null;
  contactPhone: string | null;
  settings: {
    qualificationMode: string;
    docIssueStartAt: string | null;
    docIssueEndAt: string | null;
    bidValidityDays: number;
    evaluationMethod: string;
    clarificationDeadline: string | null;
    objectionDeadline: string | null;
  };
  lines: TenderLine[];
  participation: { status: string; origin: string; declineReason?: string | null };
  bids: MyBid[];
};

export type BidReceipt = {
  responseId: string;
  code: string;
  versionNo: number;
  serverTime: string | null;
  submittedAt: string | null;
  payloadHash: string | null;
  technicalHash: string | null;
};

export type OpeningEntry = {
  supplierName: string;
  responseCode?: string;
  submittedAt?: string | null;
  technicalHash?: string;
  payloadHash?: string;
  technicalFileCount?: number;
  totalAmount?: string | null;
  validUntil?: string | null;
  paymentTerms?: string | null;
  deliveryTerms?: string | null;
  deliveryDays?: number | null;
};
export type OpeningRecord = {
  id: string;
  envelope: string;
  openedAt: string | null;
  openedBy: string;
  entries: OpeningEntry[];
  myConfirmation: { recordId: string; decision: string; objection: string | null; at: string } | null;
};

export type Clarification = {
  id: string;
  kind: string;
  question: string | null;
  answer: string | null;
  publishedAt: string | null;
  affectsResponses: number;
  createTime: string | null;
  mine: boolean;
};
export type ClarificationList = { askDeadline: string | null; canAsk: boolean; records: Clarification[] };

export type Objection = {
  id: string;
  stage: string;
  content: string;
  receivedAt: string | null;
  answer: string | null;
  answeredAt: string | null;
  status: string;
};
export type TenderResult = {
  status: string | null;
  publicityStartAt?: string | null;
  publicityEndAt?: string | null;
  candidates: { rank: number; title: string; supplierName: string }[] | null;
  winner?: string | null;
  committee: { name: string; role: string }[] | null;
  objections: Objection[];
};

export const PARTICIPATION_STATUS: Record<string, string> = {
  INVITED: '待确认邀请',
  ACCEPTED: '已接受邀请',
  DECLINED: '已拒绝邀请',
  APPLIED: '报名待审核',
  APPROVED: '已报名',
  REJECTED: '报名被拒绝',
  CANCELLED: '已取消',
  BANNED: '已禁止',
};
export { TENDER_BID_STATUS_TEXT as BID_STATUS, TENDER_ENVELOPE_TEXT as ENVELOPE_TEXT } from '@procura/shared';
export const CLARIFICATION_KIND: Record<string, string> = {
  QUESTION: '提问',
  CLARIFICATION: '澄清',
  AMENDMENT: '变更',
};
export const AWARD_STATUS: Record<string, string> = {
  PUBLICITY: '中标候选人公示中',
  SUSPENDED: '异议处理中（定标暂停）',
  FINAL: '结果已生效',
};
export const OBJECTION_STATUS: Record<string, string> = { RECEIVED: '待答复', ANSWERED: '已答复', WITHDRAWN: '已撤回' };

export const listMyTenders = async () =>
  (await getOrThrow<MyTenderRow[]>('/srm/sourcing/supplier/event/list')).filter((r) => r.type === 'TENDER');
export const listOpenTenders = () => getOrThrow<OpenTenderRow[]>('/srm/tender/supplier/open-list');
/** Why the signed-in supplier may not sign up for anything now (e.g. its admission is pending), or null (X-15). */
export const loadSignupRefusal = async () =>
  (await getOrThrow<{ refusal: string | null }>('/portal/view/signUpCheck')).refusal;
/** The detail with `offsetMs` = server clock − browser clock at loading, for the countdown (X-1). */
export const loadMyTender = async (id: string): Promise<MyTenderDetail & { offsetMs: number }> => {
  const t = await getOrThrow<MyTenderDetail>('/srm/tender/supplier/queryById', { id });
  const server = t.serverTime ? Date.parse(t.serverTime) : Number.NaN;
  return { ...t, offsetMs: Number.isFinite(server) ? server - Date.now() : 0 };
};
export const loadOpeningRecords = (id: string) =>
  getOrThrow<OpeningRecord[]>('/srm/tender/supplier/opening-record', { id });
export const loadClarifications = (eventId: string) =>
  getOrThrow<ClarificationList>('/srm/sourcing/supplier/clarification/list', { eventId });
export const loadResult = (eventId: string) => getOrThrow<TenderResult>('/srm/tender/supplier/result', { eventId });

/** A wire time (`yyyy-MM-dd HH:mm:ss`, GMT+8) as epoch milliseconds, or NaN. */
export function wireMs(wire: string | null | undefined): number {
  if (!wire) return Number.NaN;
  return Date.parse(`${wire.replace(' ', 'T')}+08:00`);
}

/** The time left as 剩余 n天 n小时 n分 n秒; `已截止` at or after the deadline (X-1: the deadline itself is closed). */
export function countdownText(msLeft: number): string {
  if (!Number.isFinite(msLeft)) return '-';
  if (msLeft <= 0) return '已截止';
  const s = Math.floor(msLeft / 1000);
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `剩余 ${d > 0 ? `${d}天` : ''}${h}小时${m}分${s % 60}秒`;
}

export type BidLineInput = {
  sourcingLineId: string;
  lineNo: number;
  unitPrice: string;
  taxRate: string;
  leadTimeDays: number | null;
};

const DECIMAL = /^\d+(\.\d+)?$/;

/**
 * The bid form's check before sending (the server checks again, SRC-7): technical text, every
 * line priced above 0 within the precision, a tax rate 0–100, whole delivery days.
 */
export function bidErrors(technicalText: string, lines: BidLineInput[], pricePrecision: number): string[] {
  const errors: string[] = [];
  if (!technicalText.trim()) errors.push('请填写技术标内容');
  for (const l of lines) {
    const price = l.unitPrice.trim();
    if (!price) errors.push(`第${l.lineNo}行请填写单价（须对全部物料行报价）`);
    else if (!DECIMAL.test(price) || Number(price) <= 0) errors.push(`第${l.lineNo}行单价必须大于0`);
    else if ((price.split('.')[1]?.length ?? 0) > pricePrecision)
      errors.push(`第${l.lineNo}行单价最多${pricePrecision}位小数`);
    const tax = l.taxRate.trim();
    if (!tax) errors.push(`第${l.lineNo}行请填写税率`);
    else if (!DECIMAL.test(tax) || Number(tax) > 100) errors.push(`第${l.lineNo}行税率须在0到100之间`);
    if (l.leadTimeDays !== null && (!Number.isInteger(l.leadTimeDays) || l.leadTimeDays < 0))
      errors.push(`第${l.lineNo}行交货天数须为不小于0的整数`);
  }
  return errors;
}

/** A fresh idempotency key for one submission (X-8: a repeated click returns the first receipt). */
export function newRequestId(): string {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `bid-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;
}
