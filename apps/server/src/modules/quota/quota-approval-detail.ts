import { QUOTA_STATUS_TEXT, type ApprovalDocumentDetail } from '@procura/shared';
import type { ApprovalDetailContext } from '../approval/index.js';
import { detailTable } from '../approval/approval-detail-fields.js';

const BASIS_TEXT: Record<string, string> = { QUANTITY: '按数量', AMOUNT: '按金额' };

/**
 * A quota arrangement under approval (domain §14, QUO-1) as its approver sees it: the material,
 * validity and basis, why this version was made, and each supplier's share beside the share it
 * has in the version in force (the approver decides on the change, not only on the new split).
 */
export async function quotaApprovalDetail(
  { db }: ApprovalDetailContext,
  docId: string,
): Promise<ApprovalDocumentDetail | null> {
  const a = await db
    .selectFrom('quotaArrangement as a')
    .leftJoin('srmMaterialCategory as c', 'c.id', 'a.categoryId')
    .leftJoin('sysDepart as d', 'd.orgCode', 'a.orgCode')
    .leftJoin('sourcingAward as w', 'w.id', 'a.sourceAwardId')
    .leftJoin('sourcingEvent as e', 'e.id', 'a.sourceEventId')
    .selectAll('a')
    .select([
      'c.name as categoryName',
      'd.departName',
      'w.code as awardCode',
      'e.code as eventCode',
      'e.title as eventTitle',
    ])
    .where('a.id', '=', docId)
    .executeTakeFirst();
  if (!a) return null;
  const lines = await db
    .selectFrom('quotaLine')
    .selectAll()
    .where('arrangementId', '=', a.id)
    .orderBy('quotaPct', 'desc')
    .orderBy('supplierName')
    .execute();
  // The version in force for the same material (and organisation), if any.
  let current = db
    .selectFrom('quotaArrangement as p')
    .innerJoin('quotaLine as l', 'l.arrangementId', 'p.id')
    .select(['l.supplierId', 'l.quotaPct', 'p.code'])
    .where('p.tenantId', '=', a.tenantId)
    .where('p.id', '!=', a.id)
    .where('p.status', '=', 'ACTIVE')
    .where('p.materialName', '=', a.materialName);
  current = a.materialId ? current.where('p.materialId', '=', a.materialId) : current;
  current = a.orgCode ? current.where('p.orgCode', '=', a.orgCode) : current.where('p.orgCode', 'is', null);
  const previous = await current.execute();
  const before = new Map(previous.map((p) => [p.supplierId, p.quotaPct]));
  const source = [a.awardCode ? `定标 ${a.awardCode}` : null, a.eventCode ? `${a.eventCode} ${a.eventTitle}` : null];
  return {
    fields: [
      { label: '配额单号', value: a.code },
      { label: '物料', value: [a.materialCode, a.materialName].filter(Boolean).join(' ') },
      { label: '物料分类', value: a.categoryName ?? null },
      { label: '采购组织', value: a.departName ?? a.orgCode },
      { label: '有效期', value: `${a.validFrom} 至 ${a.validTo}` },
      { label: '分配基准', value: BASIS_TEXT[a.basis] ?? a.basis },
      { label: '最小拆分量', value: a.minSplitQty },
      { label: '版本', value: `V${a.versionNo}` },
      { label: '来源', value: source.filter(Boolean).join('，') || '手工创建' },
      { label: '状态', value: QUOTA_STATUS_TEXT[a.status] ?? a.status },
      ...(previous.length ? [{ label: '现行配额', value: previous[0]!.code }] : []),
      { label: '调整原因', value: a.adjustReason || null, span: 2 },
      { label: '备注', value: a.remark, span: 2 },
    ],
    tables: [
      detailTable(
        '配额分配',
        [
          { key: 'supplierName', title: '供应商' },
          { key: 'quotaPct', title: '配额比例(%)' },
          ...(previous.length
            ? [
                {
                  key: 'previousPct',
                  title: '现行比例(%)',
                  value: (l: { supplierId: string }) => before.get(l.supplierId) ?? 0,
                },
              ]
            : []),
          { key: 'baseQty', title: '基准量' },
          { key: 'allocatedQty', title: '已分配量' },
        ],
        lines,
      ),
    ],
    files: [],
  };
}
