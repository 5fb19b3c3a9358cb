import type { ApprovalDocumentDetail } from '@procura/shared';
import type { ApprovalDetailContext } from '../approval/index.js';
import { statusLabels } from './lifecycle-queries.js';

const ACTION_TEXT: Record<string, string> = {
  BLACKLIST: '拉黑',
  LIFT_BLACKLIST: '解除黑名单',
  ADMISSION: '品类准入',
};

/** A blacklist, lift or category-admission request (SST-1) as its approver sees it: the supplier, its standing and the reason. */
export async function statusRequestApprovalDetail(
  { db }: ApprovalDetailContext,
  docId: string,
): Promise<ApprovalDocumentDetail | null> {
  const r = await db
    .selectFrom('supplierStatusRequest as r')
    .innerJoin('supplier as s', 's.id', 'r.supplierId')
    .leftJoin('sysUser as u', 'u.id', 'r.proposedBy')
    .select(['r.action', 'r.categoryCode', 'r.reason', 'r.status', 'r.proposedAt', 'r.decisionComment'])
    .select(['s.code', 's.name', 's.uscc', 's.status as supplierStatus', 'u.realname as proposer'])
    .where('r.id', '=', docId)
    .executeTakeFirst();
  if (!r) return null;
  const labels = await statusLabels(db);
  return {
    fields: [
      { label: '申请事项', value: ACTION_TEXT[r.action] ?? r.action },
      { label: '供应商', value: `${r.name}（${r.code}）` },
      { label: '统一社会信用代码', value: r.uscc },
      { label: '当前状态', value: labels.company.get(r.supplierStatus) ?? r.supplierStatus },
      ...(r.categoryCode ? [{ label: '品类', value: labels.categoryName.get(r.categoryCode) ?? r.categoryCode }] : []),
      { label: '申请人', value: r.proposer ?? null },
      { label: '申请理由', value: r.reason, span: 2 },
    ],
    tables: [],
    files: [],
  };
}
