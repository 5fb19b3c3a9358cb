import { PR_STATUS_TEXT, type ApprovalDocumentDetail } from '@procura/shared';
import type { ApprovalDetailContext } from '../approval/index.js';
import { detailTable, dictText } from '../approval/approval-detail-fields.js';

/** A requisition under approval (PR-2) as its approver sees it: the header, the budget and every line. */
export async function requisitionApprovalDetail(
  { db, dicts }: ApprovalDetailContext,
  docId: string,
): Promise<ApprovalDocumentDetail | null> {
  const r = await db
    .selectFrom('purchaseRequisition as r')
    .leftJoin('sysUser as u', 'u.id', 'r.requesterId')
    .leftJoin('sysUser as b', 'b.id', 'r.buyerId')
    .leftJoin('sysDepart as d', 'd.orgCode', 'r.departmentCode')
    .selectAll('r')
    .select(['u.realname as requesterName', 'b.realname as buyerName', 'd.departName'])
    .where('r.id', '=', docId)
    .where('r.delFlag', '=', 0)
    .executeTakeFirst();
  if (!r) return null;
  const lines = await db
    .selectFrom('purchaseRequisitionLine')
    .selectAll()
    .where('requisitionId', '=', r.id)
    .orderBy('lineNo')
    .execute();
  const purchaseType = await dictText(dicts, 'srm_purchase_type');
  const unit = await dictText(dicts, 'srm_unit');
  return {
    fields: [
      { label: '申请单号', value: r.code },
      { label: '申请标题', value: r.title },
      { label: '申请人', value: r.requesterName ?? null },
      { label: '申请部门', value: r.departName ?? r.departmentCode },
      { label: '采购类型', value: purchaseType(r.purchaseType) },
      { label: '紧急程度', value: r.urgency === 'URGENT' ? `紧急（${r.urgentReason ?? ''}）` : '普通' },
      { label: '预算金额', value: `${r.budgetAmount} ${r.currency}` },
      { label: '采购员', value: r.buyerName ?? null },
      { label: '交货地点', value: r.deliveryPlace },
      { label: '状态', value: PR_STATUS_TEXT[r.status] ?? r.status },
      { label: '申请理由', value: r.reason, span: 2 },
    ],
    tables: [
      detailTable(
        '申请明细',
        [
          { key: 'lineNo', title: '行号' },
          {
            key: 'material',
            title: '物料',
            value: (l) => [l.materialCode, l.materialName ?? l.description].filter(Boolean).join(' '),
          },
          { key: 'spec', title: '规格型号' },
          { key: 'qty', title: '数量' },
          { key: 'unit', title: '单位', value: (l) => unit(l.unit) },
          { key: 'needByDate', title: '需求日期' },
          { key: 'estimatedUnitPrice', title: '预估单价' },
          { key: 'amount', title: '金额' },
        ],
        lines,
      ),
    ],
    files: [],
  };
}
