import { EVENT_STATUS_TEXT, TENDER_METHOD_TEXT, type ApprovalDocumentDetail } from '@procura/shared';
import { toWireDateTime } from '../../core/clock.js';
import type { ApprovalDetailContext } from '../approval/index.js';
import { detailTable, materialColumn, dictText } from '../approval/approval-detail-fields.js';

const EVALUATION_TEXT: Record<string, string> = {
  COMPREHENSIVE_SCORE: '综合评估法',
  LOWEST_EVALUATED_PRICE: '经评审的最低投标价法',
};
const QUALIFICATION_TEXT: Record<string, string> = { POST: '资格后审', PRE: '资格预审' };
const INVITE_TEXT: Record<string, string> = {
  INVITED: '已邀请',
  ACCEPTED: '已接受',
  DECLINED: '已拒绝',
  APPLIED: '已报名',
  APPROVED: '报名通过',
  REJECTED: '报名驳回',
  CANCELLED: '已取消',
  BANNED: '已禁止',
};
const money = (v: string | null, currency: string) => (v ? `${v} ${currency}` : null);
const time = (v: string | null) => toWireDateTime(v);

/**
 * A tender under publication approval (§11.2 step 1, X-10) as its approver sees it: method,
 * budget and ceiling, the dates, the evaluation method and weights, the opening officers, every
 * line and every invited supplier.
 */
export async function tenderApprovalDetail(
  { db, dicts }: ApprovalDetailContext,
  docId: string,
): Promise<ApprovalDocumentDetail | null> {
  const e = await db
    .selectFrom('sourcingEvent as e')
    .innerJoin('tenderSettings as t', 't.eventId', 'e.id')
    .leftJoin('sysUser as u', 'u.id', 'e.buyerId')
    .selectAll('t')
    .select(['e.id', 'e.code', 'e.title', 'e.method', 'e.currency', 'e.estimatedAmount', 'e.ceilingPrice'])
    .select(['e.signupDeadline', 'e.responseDeadline', 'e.status', 'e.orgName', 'u.realname as buyerName'])
    .where('e.id', '=', docId)
    .where('e.type', '=', 'TENDER')
    .executeTakeFirst();
  if (!e) return null;
  const [lines, invited] = await Promise.all([
    db.selectFrom('sourcingLine').selectAll().where('eventId', '=', e.id).orderBy('lineNo').execute(),
    db
      .selectFrom('sourcingParticipation')
      .select(['supplierName', 'origin', 'status'])
      .where('eventId', '=', e.id)
      .orderBy('supplierName')
      .execute(),
  ]);
  const officerIds = JSON.parse(e.openingOfficerIds || '[]') as string[];
  const officers = officerIds.length
    ? await db.selectFrom('sysUser').select('realname').where('id', 'in', officerIds).execute()
    : [];
  const unit = await dictText(dicts, 'srm_unit');
  const weights =
    e.evaluationMethod === 'COMPREHENSIVE_SCORE'
      ? `（价格 ${e.priceWeight}% / 技术 ${e.techWeight}% / 商务 ${e.businessWeight}%）`
      : '';
  return {
    fields: [
      { label: '项目编号', value: e.code },
      { label: '项目名称', value: e.title },
      { label: '招标方式', value: TENDER_METHOD_TEXT[e.method] ?? e.method },
      { label: '资格审查', value: QUALIFICATION_TEXT[e.qualificationMode] ?? e.qualificationMode },
      { label: '预算金额', value: money(e.estimatedAmount, e.currency) },
      { label: '最高限价', value: money(e.ceilingPrice, e.currency) },
      { label: '报名截止', value: time(e.signupDeadline) },
      { label: '投标截止', value: time(e.responseDeadline) },
      { label: '投标保证金', value: money(e.bidBondAmount, e.currency) },
      { label: '标书费', value: money(e.docFee, e.currency) },
      { label: '投标有效期', value: `${e.bidValidityDays} 天` },
      { label: '公示天数', value: `${e.publicityDays} 天` },
      { label: '评标办法', value: `${EVALUATION_TEXT[e.evaluationMethod] ?? e.evaluationMethod}${weights}`, span: 2 },
      {
        label: '开标人',
        value: `${officers.map((o) => o.realname).join('、') || '-'}（至少 ${e.openingQuorum} 人确认）`,
      },
      { label: '采购员', value: e.buyerName ?? null },
      { label: '状态', value: EVENT_STATUS_TEXT[e.status] ?? e.status },
    ],
    tables: [
      detailTable(
        '招标明细',
        [
          { key: 'lineNo', title: '行号' },
          materialColumn(),
          { key: 'qty', title: '数量' },
          { key: 'unit', title: '单位', value: (l) => unit(l.unit) },
          { key: 'needByDate', title: '需求日期' },
          { key: 'targetPrice', title: '目标价' },
        ],
        lines,
      ),
      detailTable(
        '邀请供应商',
        [
          { key: 'supplierName', title: '供应商' },
          { key: 'origin', title: '来源', value: (p) => (p.origin === 'INVITED' ? '邀请' : '报名') },
          { key: 'status', title: '状态', value: (p) => INVITE_TEXT[p.status] ?? p.status },
        ],
        invited,
      ),
    ],
    files: [],
  };
}
