import type { ApprovalDocumentDetail } from '@procura/shared';
import type { ApprovalDetailContext } from '../approval/index.js';
import { detailTable, materialColumn, dictText } from '../approval/approval-detail-fields.js';

/**
 * An award under approval (§13, AWD-4; RFQ, auction and tender awards alike) as its approver
 * sees it: the event, the recommendation (and why it leaves rank 1), and each awarded line.
 */
export async function awardApprovalDetail(
  { db, dicts }: ApprovalDetailContext,
  docId: string,
): Promise<ApprovalDocumentDetail | null> {
  const a = await db
    .selectFrom('sourcingAward as a')
    .innerJoin('sourcingEvent as e', 'e.id', 'a.eventId')
    .selectAll('a')
    .select(['e.code as eventCode', 'e.title as eventTitle', 'e.currency', 'e.estimatedAmount'])
    .where('a.id', '=', docId)
    .executeTakeFirst();
  if (!a) return null;
  const lines = await db
    .selectFrom('sourcingAwardLine as l')
    .innerJoin('sourcingLine as s', 's.id', 'l.sourcingLineId')
    .select(['s.lineNo', 's.materialCode', 's.materialName', 's.spec', 's.unit'])
    .select(['l.supplierName', 'l.qty', 'l.sharePct', 'l.unitPrice', 'l.taxRate', 'l.amount'])
    .where('l.awardId', '=', a.id)
    .orderBy('s.lineNo')
    .orderBy('l.supplierName')
    .execute();
  const unit = await dictText(dicts, 'srm_unit');
  const validity = a.priceValidFrom || a.priceValidTo ? `${a.priceValidFrom ?? ''} 至 ${a.priceValidTo ?? ''}` : null;
  return {
    fields: [
      { label: '定标单号', value: a.code },
      { label: '寻源单', value: `${a.eventCode} ${a.eventTitle}` },
      { label: '定标总额', value: a.totalAmount ? `${a.totalAmount} ${a.currency}` : null },
      { label: '预算金额', value: a.estimatedAmount ? `${a.estimatedAmount} ${a.currency}` : null },
      { label: '价格有效期', value: validity },
      { label: '偏离第一名', value: a.deviatesFromRank1 ? '是' : '否' },
      { label: '定标理由', value: a.recommendation, span: 2 },
      ...(a.deviatesFromRank1 ? [{ label: '偏离原因', value: a.deviationReason, span: 2 as const }] : []),
    ],
    tables: [
      detailTable(
        '定标明细',
        [
          { key: 'lineNo', title: '行号' },
          materialColumn(),
          { key: 'supplierName', title: '中标供应商' },
          { key: 'qty', title: '数量' },
          { key: 'unit', title: '单位', value: (l) => unit(l.unit) },
          { key: 'sharePct', title: '份额(%)' },
          { key: 'unitPrice', title: '单价' },
          { key: 'taxRate', title: '税率(%)' },
          { key: 'amount', title: '金额' },
        ],
        lines,
      ),
    ],
    files: [],
  };
}
