import {
  ADMISSION_DECISION_TEXT,
  ADMISSION_STEP_RESULT_TEXT,
  ADMISSION_STEP_TEXT,
  SITE_AUDIT_RESULT_TEXT,
  type ApprovalDocumentDetail,
} from '@procura/shared';
import { toWireDateTime } from '../../core/clock.js';
import type { ApprovalDetailContext } from '../approval/index.js';
import { detailTable, dictText } from '../approval/approval-detail-fields.js';
import type { StepResult } from './admission-steps.js';

const STATUS_TEXT: Record<string, string> = {
  DRAFT: '草稿',
  IN_REVIEW: '评审中',
  PENDING_APPROVAL: '审批中',
  APPROVED: '已通过',
  REJECTED: '已驳回',
  CANCELLED: '已取消',
};
const TYPE_TEXT: Record<string, string> = { NEW_ADMISSION: '新供应商准入', CATEGORY_EXTENSION: '品类扩展' };
const text = <K extends string>(map: Readonly<Record<K, string>>, v: string | null) =>
  v === null ? null : ((map as Record<string, string | undefined>)[v] ?? v);

/**
 * An admission review under approval (domain §4.3, X-10) as its approver sees it: the supplier
 * and category, the proposed decision, every step with its result, comment and evidence, the
 * site audit's score and files, and the supplier's qualification certificates with their files.
 */
export async function admissionReviewApprovalDetail(
  { db, dicts }: ApprovalDetailContext,
  docId: string,
): Promise<ApprovalDocumentDetail | null> {
  const r = await db
    .selectFrom('supplierAdmissionReview as r')
    .innerJoin('supplier as s', 's.id', 'r.supplierId')
    .leftJoin('sysUser as u', 'u.id', 'r.submittedBy')
    .selectAll('r')
    .select(['s.name as supplierName', 's.code as supplierCode', 'u.realname as submitterName'])
    .where('r.id', '=', docId)
    .executeTakeFirst();
  if (!r) return null;
  const [audit, certs] = await Promise.all([
    db.selectFrom('supplierSiteAudit').selectAll().where('reviewId', '=', r.id).executeTakeFirst(),
    db
      .selectFrom('supplierQualification')
      .select(['typeCode', 'certNo', 'issuer', 'expiryDate', 'status', 'files'])
      .where('supplierId', '=', r.supplierId)
      .orderBy('typeCode')
      .execute(),
  ]);
  const category = await dictText(dicts, 'supplier_main_category');
  const certType = await dictText(dicts, 'srm_qualification_type');
  const certStatus = await dictText(dicts, 'srm_qualification_status');
  const steps = JSON.parse(r.steps) as StepResult[];
  return {
    fields: [
      { label: '评审单号', value: r.code },
      { label: '供应商', value: `${r.supplierName}（${r.supplierCode}）` },
      { label: '准入品类', value: category(r.categoryCode) },
      { label: '评审类型', value: text(TYPE_TEXT, r.reviewType) },
      { label: '建议结论', value: text(ADMISSION_DECISION_TEXT, r.decision) },
      { label: '试用限额', value: r.trialLimitAmount },
      { label: '提交人', value: r.submitterName ?? null },
      { label: '提交时间', value: r.submittedAt ? toWireDateTime(r.submittedAt) : null },
      { label: '评审状态', value: text(STATUS_TEXT, r.status) },
      ...(audit
        ? [
            { label: '现场评审', value: `${audit.auditDate} ${audit.address}` },
            { label: '现场评审得分', value: `${audit.score}（${text(SITE_AUDIT_RESULT_TEXT, audit.result)}）` },
            { label: '现场评审发现', value: audit.findings, span: 2 as const },
          ]
        : []),
    ],
    tables: [
      detailTable(
        '评审步骤',
        [
          { key: 'step', title: '步骤', value: (x) => text(ADMISSION_STEP_TEXT, x.step) },
          { key: 'result', title: '结果', value: (x) => text(ADMISSION_STEP_RESULT_TEXT, x.result) },
          { key: 'comment', title: '评审意见' },
          { key: 'evidence', title: '依据' },
          { key: 'at', title: '评审时间', value: (x) => (x.at ? toWireDateTime(x.at) : null) },
        ],
        steps,
      ),
      detailTable(
        '资质证书',
        [
          { key: 'type', title: '资质类型', value: (c) => certType(c.typeCode) },
          { key: 'certNo', title: '证书编号' },
          { key: 'issuer', title: '发证机关' },
          { key: 'expiryDate', title: '有效期至', value: (c) => c.expiryDate ?? '长期' },
          { key: 'status', title: '状态', value: (c) => certStatus(c.status) },
        ],
        certs,
      ),
    ],
    files: [
      ...(audit?.files ? [{ label: '现场评审附件', paths: audit.files }] : []),
      ...certs.filter((c) => c.files).map((c) => ({ label: `${certType(c.typeCode)} ${c.certNo}`, paths: c.files })),
    ],
  };
}
