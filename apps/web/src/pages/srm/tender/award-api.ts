import { getOrThrow } from '../../../lib/supplier-api';
import type { ReportCandidate } from './evaluation-setup-api';

/** Wire shapes of a tender's award, publicity and objections (domain §13, TND-4, TND-16..21), as `GET /srm/tender/award` answers them. */
export type AwardLine = {
  id: string;
  sourcingLineId: string;
  supplierId: string;
  supplierName: string;
  qty: string;
  unitPrice: string;
  taxRate: string;
  amount: string;
};
export type TenderAward = {
  id: string;
  code: string;
  status: string;
  recommendation: string | null;
  deviatesFromRank1: number;
  deviationReason: string | null;
  totalAmount: string | null;
  priceValidFrom: string | null;
  priceValidTo: string | null;
  approvedAt: string | null;
  publicityStartAt: string | null;
  publicityEndAt: string | null;
  noticeIssuedAt: string | null;
  lines: AwardLine[];
};
export type TenderObjection = {
  id: string;
  stage: string;
  supplierName: string;
  content: string;
  receivedAt: string | null;
  answer: string | null;
  answeredAt: string | null;
  status: string;
};
export type AwardView = {
  award: TenderAward | null;
  candidates: ReportCandidate[];
  objections: TenderObjection[];
  mustAwardRank1: boolean;
  reportStatus: 'DRAFT' | 'SIGNED' | null;
  /** The server's business day (yyyy-MM-dd): the default start of the price validity. */
  today?: string;
};

export const AWARD_STATUS: Record<string, string> = {
  DRAFT: '草稿（审批被驳回或撤回，可重新提交）',
  PENDING_APPROVAL: '定标审批中',
  PUBLICITY: '中标候选人公示中',
  SUSPENDED: '异议处理中（定标暂停）',
  FINAL: '已生效',
  CANCELLED: '已取消',
};
export const AWARD_STATUS_COLOR: Record<string, string> = {
  DRAFT: 'default',
  PENDING_APPROVAL: 'processing',
  PUBLICITY: 'blue',
  SUSPENDED: 'orange',
  FINAL: 'green',
  CANCELLED: 'default',
};
export const OBJECTION_STAGE: Record<string, string> = {
  DOCUMENTS: '招标文件',
  RESULT: '评标结果',
  OPENING: '开标',
};
export { OBJECTION_STATUS } from '../my-tender/my-tender-api';

export const loadAward = (eventId: string) => getOrThrow<AwardView>('/srm/tender/award', { eventId });

export type ProposeDraft = {
  responseId: string;
  validFrom: string;
  validTo: string;
  recommendation: string;
  deviationReason: string;
};

/** What keeps the proposal from being sent (TND-16, TND-21, §13); the server checks again. */
export function proposeErrors(d: ProposeDraft, candidates: ReportCandidate[], mustAwardRank1: boolean): string[] {
  const chosen = candidates.find((c) => c.responseId === d.responseId);
  const errors: string[] = [];
  if (!chosen) errors.push('请选择评标报告推荐的中标候选人');
  else if (chosen.rank !== 1 && mustAwardRank1) errors.push('本项目须确定排名第一的中标候选人为中标人');
  else if (chosen.rank !== 1 && !d.deviationReason.trim()) errors.push('未选择排名第一的中标候选人，请填写理由（§13）');
  if (!d.validFrom || !d.validTo) errors.push('请填写价格生效和失效日期');
  else if (d.validTo < d.validFrom) errors.push('价格失效日期不能早于生效日期');
  return errors;
}

/** The body of POST award/propose: the chosen candidate's bid, the reason only when it deviates from rank 1. */
export function proposeBody(eventId: string, d: ProposeDraft, candidates: ReportCandidate[]) {
  const deviates = candidates.find((c) => c.responseId === d.responseId)?.rank !== 1;
  return {
    eventId,
    responseId: d.responseId,
    priceValidFrom: d.validFrom,
    priceValidTo: d.validTo,
    ...(d.recommendation.trim() ? { recommendation: d.recommendation.trim() } : {}),
    ...(deviates && d.deviationReason.trim() ? { deviationReason: d.deviationReason.trim() } : {}),
  };
}
