import { RESPONSE_STATE_TEXT, type PageResult } from '@procura/shared';
import { getOrThrow } from '../../../lib/supplier-api';

/** Wire shapes of 询价 (domain §10, §13), as `/srm/sourcing/*` answers them. */
export type EventRow = {
  id: string;
  code: string;
  type: string;
  method: string;
  title: string;
  visibility: string;
  status: string;
  statusText: string;
  responseDeadline: string | null;
  awardMode: string;
  sealed: number;
  publishedAt: string | null;
  openedAt: string | null;
  createTime: string | null;
};

export type EventLine = {
  id: string;
  lineNo: number;
  materialId: string | null;
  materialCode: string | null;
  materialName: string | null;
  spec: string | null;
  qty: string;
  unit: string | null;
  needByDate: string | null;
  deliveryPlace: string | null;
  targetPrice: string | null;
  remark: string | null;
  requisitionLineId?: string | null;
};
export type Participant = {
  id: string;
  supplierId: string;
  supplierName: string;
  origin: string;
  status: string;
  declineReason: string | null;
  responded: boolean;
  respondedAt: string | null;
};

export type EventDetail = EventRow & {
  version: number;
  currency: string;
  purchaseType: string;
  responseStartAt: string | null;
  minInvited: number;
  minQuotes: number;
  currentRound: number;
  estimatedAmount: string | null;
  contactName: string | null;
  contactPhone: string | null;
  remark: string | null;
  failReason?: string | null;
  cancelReason?: string | null;
  lines: EventLine[];
  participants: Participant[];
  openingRecords: { round: number; openedByName: string; openedAt: string; responseCount: number }[];
};

export type MatrixQuote = {
  supplierId: string;
  supplierName: string;
  responseId: string;
  unitPrice: string;
  taxRate: string | null;
  amount: string | null;
  leadTimeDays: number | null;
  lowest: boolean;
};
export type MatrixResponse = {
  id: string;
  supplierId: string;
  supplierName: string;
  code: string;
  round: number;
  versionNo: number;
  status: string;
  submittedAt: string | null;
  totalAmount: string | null;
};
export type Matrix = {
  eventId: string;
  round: number;
  lines: (EventLine & { lowestPrice: string | null; quotes: MatrixQuote[] })[];
  suppliers: MatrixResponse[];
  history: MatrixResponse[];
};
export type Award = {
  id: string;
  status: string;
  lines?: { sourcingLineId: string; supplierId: string; sharePct: number | null }[];
} | null;

export type MyEventRow = {
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
export type MyResponse = {
  id: string;
  code: string;
  round: number;
  versionNo: number;
  status: string;
  submittedAt: string | null;
  payloadHash: string | null;
  totalAmount: string | null;
  validUntil: string | null;
};
export type MyEventDetail = {
  id: string;
  code: string;
  title: string;
  currency: string;
  status: string;
  statusText: string;
  responseStartAt: string | null;
  responseDeadline: string | null;
  allowRevision: number;
  allowWithdraw: number;
  contactName: string | null;
  contactPhone: string | null;
  content: string | null;
  lines: EventLine[];
  participation: { status: string; declineReason: string | null; respondedAt: string | null };
  responses: MyResponse[];
};
export type Receipt = {
  responseId: string;
  code: string;
  versionNo: number;
  submittedAt: string | null;
  serverTime: string;
  payloadHash: string;
};

export { EVENT_STATUS_TEXT as EVENT_STATUS } from '@procura/shared';
export const EVENT_STATUS_COLOR: Record<string, string> = {
  DRAFT: 'default',
  PUBLISHED: 'processing',
  OPENED: 'cyan',
  EVALUATING: 'cyan',
  INSUFFICIENT: 'warning',
  AWARD_PENDING_APPROVAL: 'processing',
  AWARDED: 'success',
  FAILED: 'error',
  CANCELLED: 'default',
};
export const PARTICIPATION_STATUS: Record<string, string> = {
  INVITED: '待确认',
  ACCEPTED: '已接受',
  DECLINED: '已拒绝',
  REGISTERED: '已报名',
  APPROVED: '已报名',
  APPLIED: '报名待审核',
  REJECTED: '报名被拒',
  CANCELLED: '已取消',
  BANNED: '已禁止',
};
/** A quote's or bid's status text: the one map the server's log names too. */
export const RESPONSE_STATUS: Readonly<Record<string, string>> = RESPONSE_STATE_TEXT;
export const AWARD_MODES: Record<string, string> = {
  SINGLE: '整单授予',
  SPLIT_BY_LINE: '按行拆分',
  SPLIT_BY_QTY: '按数量拆分',
};

export const listEvents = (params: Record<string, string>) =>
  getOrThrow<PageResult<EventRow>>('/srm/sourcing/event/list', params);
export const loadEvent = (id: string) => getOrThrow<EventDetail>('/srm/sourcing/event/queryById', { id });
export const loadMatrix = (id: string) => getOrThrow<Matrix>('/srm/sourcing/event/matrix', { id });
export const loadAward = (eventId: string) => getOrThrow<Award>('/srm/sourcing/award/queryByEventId', { eventId });
export const searchSuppliers = (name: string) =>
  getOrThrow<PageResult<{ id: string; code: string; name: string }>>('/supplier/list', {
    pageNo: '1',
    pageSize: '20',
    ...(name ? { name: `*${name}*` } : {}),
  });
/** The suppliers an event's invite picker offers: only those its participation setting admits (SRC-3, X-15). */
export const inviteCandidates = (
  url: '/srm/sourcing/event/inviteCandidates' | '/srm/tender/inviteCandidates',
  id: string,
  keyword: string,
) => getOrThrow<{ id: string; code: string; name: string }[]>(url, { id, ...(keyword ? { keyword } : {}) });
// The list holds every event the supplier takes part in; 我的询价 shows the inquiries (tenders and auctions have their own pages).
export const listMyEvents = async () =>
  (await getOrThrow<MyEventRow[]>('/srm/sourcing/supplier/event/list')).filter((r) => r.type === 'RFQ');
export const loadMyEvent = (id: string) => getOrThrow<MyEventDetail>('/srm/sourcing/supplier/event/queryById', { id });

const DECIMAL = /^\d+(\.\d+)?$/;

export type QuoteLineInput = {
  sourcingLineId: string;
  lineNo: number;
  unitPrice?: string;
  taxRate?: string;
  leadTimeDays?: number | null;
};

/** The quote form's check before sending (the server checks again): price and tax rate per line, a validity date not in the past. */
export function quoteErrors(lines: QuoteLineInput[], validUntil: string | undefined, today: string): string[] {
  const errors: string[] = [];
  if (!validUntil) errors.push('请填写报价有效期');
  else if (validUntil < today) errors.push('报价有效期不能早于今天');
  const priced = lines.filter((l) => (l.unitPrice ?? '').trim() !== '');
  if (priced.length === 0) errors.push('请至少报价一行');
  for (const l of priced) {
    if (!DECIMAL.test(l.unitPrice!.trim())) errors.push(`第${l.lineNo}行单价必须是不小于0的数字`);
    const tax = (l.taxRate ?? '').trim();
    if (!tax) errors.push(`第${l.lineNo}行请填写税率`);
    else if (!DECIMAL.test(tax) || Number(tax) > 100) errors.push(`第${l.lineNo}行税率须在0到100之间`);
    if (l.leadTimeDays != null && (!Number.isInteger(l.leadTimeDays) || l.leadTimeDays < 0))
      errors.push(`第${l.lineNo}行交货周期须为不小于0的整数`);
  }
  return errors;
}

export type AwardEntry = { sourcingLineId: string; lineNo: number; supplierId: string; sharePct?: number };

/** RFQ-10: every line awarded; whole-line modes one supplier per line; split shares are whole percentages summing to 100. */
export function awardErrors(mode: string, lineIds: { id: string; lineNo: number }[], entries: AwardEntry[]): string[] {
  const errors: string[] = [];
  if (mode === 'SINGLE' && new Set(entries.map((e) => e.supplierId)).size > 1)
    errors.push('整单授予只能选择一家中标供应商');
  for (const line of lineIds) {
    const mine = entries.filter((e) => e.sourcingLineId === line.id && e.supplierId);
    if (mine.length === 0) {
      errors.push(`第${line.lineNo}行未选择中标供应商`);
      continue;
    }
    if (mode !== 'SPLIT_BY_QTY') {
      if (mine.length > 1) errors.push(`第${line.lineNo}行只能授予一家供应商`);
      continue;
    }
    if (mine.some((e) => e.sharePct === undefined || !Number.isInteger(e.sharePct) || e.sharePct < 1)) {
      errors.push(`第${line.lineNo}行份额须为大于0的整数百分比`);
      continue;
    }
    const sum = mine.reduce((s, e) => s + e.sharePct!, 0);
    if (sum !== 100) errors.push(`第${line.lineNo}行份额合计须为100%（当前${sum}%）`);
  }
  return errors;
}

/**
 * §13 / AUC-14: does the award leave the best offer? With a recommended supplier (an auction's
 * rank 1) any other supplier deviates; otherwise a supplier that is not the lowest on its line.
 * A quantity split never deviates (shares are the point of it).
 */
export function awardDeviates(
  mode: string,
  lines: { id: string; quotes: { supplierId: string; lowest: boolean }[] }[],
  entries: AwardEntry[],
  recommendedSupplierId: string | null = null,
): boolean {
  if (mode === 'SPLIT_BY_QTY') return false;
  return entries.some((e) =>
    recommendedSupplierId
      ? e.supplierId !== recommendedSupplierId
      : !lines.find((l) => l.id === e.sourcingLineId)?.quotes.find((q) => q.supplierId === e.supplierId)?.lowest,
  );
}
