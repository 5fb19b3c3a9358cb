import {
  CHANGE_SECTION_LABELS,
  CHANGE_STATUS_LABELS,
  changeValueText,
  type ApprovalDocumentDetail,
} from '@procura/shared';
import { toWireDateTime } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import { parseChanges } from './change-values.js';
import { detailTable } from '../approval/approval-detail-fields.js';

/**
 * A change request as its approver sees it in 审批中心 (domain §5, CHG-3): who asks and why,
 * every field's old and new value, and the evidence files. The approval engine shows it only
 * to those who may see the approval.
 */
export async function changeApprovalDetail(db: Db, docId: string): Promise<ApprovalDocumentDetail | null> {
  const r = await db
    .selectFrom('supplierChangeRequest as r')
    .innerJoin('supplier as s', 's.id', 'r.supplierId')
    .select(['r.code', 'r.status', 'r.reason', 'r.files', 'r.changes', 'r.initiatedBy', 'r.submittedAt'])
    .select('s.name as supplierName')
    .where('r.id', '=', docId)
    .executeTakeFirst();
  if (!r) return null;
  const changes = parseChanges(r.changes);
  return {
    fields: [
      { label: '变更单号', value: r.code },
      { label: '供应商', value: r.supplierName },
      { label: '发起方', value: r.initiatedBy === 'BUYER' ? '采购方代供应商发起' : '供应商' },
      { label: '申请状态', value: CHANGE_STATUS_LABELS[r.status] ?? r.status },
      { label: '提交时间', value: toWireDateTime(r.submittedAt) },
      { label: '变更原因', value: r.reason || null, span: 2 },
    ],
    tables: [
      detailTable(
        '变更内容',
        [
          { key: 'section', title: '分类', value: (c) => CHANGE_SECTION_LABELS[c.section] ?? c.section },
          { key: 'label', title: '字段' },
          { key: 'oldValue', title: '变更前', value: (c) => changeValueText(c.field, c.oldValue) },
          { key: 'newValue', title: '变更后', value: (c) => changeValueText(c.field, c.newValue) },
        ],
        changes,
      ),
    ],
    files: [{ label: '证明材料', paths: r.files }],
    panel: { kind: 'supplierChange', data: { changes } },
  };
}
