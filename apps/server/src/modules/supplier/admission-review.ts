import { noticeHtml } from '../../core/sanitize.js';
import type { Selectable } from 'kysely';
import type { SessionUser } from '../../core/access.js';
import { businessError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { serverNowIso } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import type { SupplierAdmissionReviewTable } from '../../db/supplier-tables.js';
import { defineApprovalDocType, submitForApproval, type ApprovalDocTypeDef } from '../approval/index.js';
import { notifyUsers } from '../announcements/notify.js';
import { logStatusChange, supplierUserIds } from './status-log.js';
import { admissionReviewApprovalDetail } from './admission-review-approval-detail.js';
import type { ReviewOutcome, SupplierLifecycle } from './supplier-lifecycle.js';
import {
  applicantSupplier,
  categoryStanding,
  insertReview,
  linkSampleToReview,
  loadReview,
  openAdmission,
  reopenCategory,
  reviewById,
  saveReview,
  sampleRequest,
  supplierName,
  supplierQuestionnaire,
} from './admission-review-queries.js';
import {
  checkedDecision,
  chosenSteps,
  DECISION_TEXT,
  heldStep,
  STEP_TEXT,
  type MarkStep,
  type OpenReview,
  type ReviewStep,
  type StepResult,
  type Submit,
} from './admission-steps.js';
import type { DictService } from '../dictionaries/dict-service.js';

const MAIN_CATEGORY_DICT = 'supplier_main_category';

export const ADMISSION_REVIEW_DOC_TYPE = 'SUPPLIER_ADMISSION_REVIEW';
export const ADMISSION_REVIEW_SOURCE = 'ADMISSION_REVIEW';
type Review = Selectable<SupplierAdmissionReviewTable>;

/**
 * The admission review of domain §4.3 for one supplier and one category: B opens it, possibly
 * as a DRAFT first (POTENTIAL or QUALIFIED suppliers, QLF-5 one open per category), records each
 * step PASSED or FAILED with a comment and evidence (a linked questionnaire; the SAMPLE step
 * follows the linked sample request's test, SMP-3), M may waive a step with a reason, and B
 * submits a decision once no step is pending (QLF-2: a FAILED step allows only REJECT) to the
 * approval engine (X-10). Approval applies the decision through the lifecycle's admission path:
 * QUALIFIED (QLF-1), TRIAL with its cap (QLF-4) or TERMINATED; rejection by the approver leaves
 * the standing as it was. Every standing change is logged with the review as its source (SUP-6).
 */
export class AdmissionReviews {
  constructor(
    private readonly db: Db,
    private readonly lifecycle: SupplierLifecycle,
    /** Names the category in the approval title (its dictionary text, not the code). */
    private readonly dicts?: DictService,
  ) {}

  /** The review of the tenant, for the modules that feed its steps (site audit). */
  async find(trx: Db, id: string, tenantId: number): Promise<Review> {
    return this.load(trx, id, tenantId);
  }

  private async load(trx: Db, id: string, tenantId: number): Promise<Review> {
    return loadReview(trx, id, tenantId);
  }

  private steps(r: Review): StepResult[] {
    return JSON.parse(r.steps) as StepResult[];
  }

  private async save(trx: Db, r: Review, changes: Partial<Omit<Review, 'version' | 'id'>>): Promise<void> {
    await saveReview(trx, r, changes);
  }

  async open(
    user: SessionUser,
    tenantId: number,
    input: OpenReview,
    nextCode: (trx: Db) => Promise<string>,
  ): Promise<string> {
    return this.db.transaction().execute(async (trx) => {
      const s = await applicantSupplier(trx, input.supplierId, tenantId);
      if (!['POTENTIAL', 'QUALIFIED'].includes(s.status)) throw businessError('只有潜在或合格供应商可以发起准入评审');
      const c = await categoryStanding(trx, s.id, input.categoryCode);
      if (!c) throw businessError('供应商未申请供应该品类');
      if (!['APPLYING', 'TERMINATED'].includes(c.status))
        throw businessError('只有申请中或已终止的品类可以发起准入评审');
      // QLF-5: one open review (or direct admission request) per supplier and category.
      const open = await openAdmission(trx, s.id, c.categoryCode);
      if (open && 'reviewCode' in open) throw businessError(`该品类已有进行中的准入评审 ${open.reviewCode}（QLF-5）`);
      if (open) throw businessError('该品类已有待审批的品类准入申请（QLF-5）');
      const steps = chosenSteps(input);
      const id = newId();
      const now = serverNowIso();
      const code = await nextCode(trx);
      const reviewType = s.status === 'QUALIFIED' ? 'CATEGORY_EXTENSION' : 'NEW_ADMISSION';
      await insertReview(trx, {
        id,
        tenantId,
        code,
        supplierId: s.id,
        categoryCode: c.categoryCode,
        reviewType,
        steps: JSON.stringify(steps),
        questionnaireId: null,
        status: input.draft ? 'DRAFT' : 'IN_REVIEW',
        openedBy: user.id,
        openedAt: now,
        submittedBy: null,
        submittedAt: null,
        decidedBy: null,
        decidedAt: null,
        decisionComment: null,
        decision: null,
        trialLimitAmount: null,
      });
      if (c.status === 'TERMINATED') {
        await reopenCategory(trx, c.id, now);
        await logStatusChange(trx, {
          supplierId: s.id,
          categoryCode: c.categoryCode,
          from: 'TERMINATED',
          to: 'APPLYING',
          reason: `重新申请准入（${code}）`,
          sourceDocType: ADMISSION_REVIEW_SOURCE,
          sourceDocId: id,
          actorId: user.id,
          actorKind: 'INTERNAL',
        });
      }
      return id;
    });
  }

  /** A DRAFT's optional steps can still change; DOCUMENTS and QUESTIONNAIRE stay. */
  async editDraft(tenantId: number, input: { id: string; sample: boolean; siteAudit: boolean }): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const r = await this.load(trx, input.id, tenantId);
      if (r.status !== 'DRAFT') throw businessError('只有草稿状态的准入评审可以修改评审步骤');
      await this.save(trx, r, { steps: JSON.stringify(chosenSteps(input)) });
    });
  }

  /** DRAFT → IN_REVIEW (提交审核): from here steps are recorded. */
  async startReview(tenantId: number, id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const r = await this.load(trx, id, tenantId);
      if (r.status !== 'DRAFT') throw businessError('只有草稿状态的准入评审可以提交审核');
      await this.save(trx, r, { status: 'IN_REVIEW' });
    });
  }

  /**
   * QLF-2: a manager (permission supplier:admissionReview:waive, checked by the route) waives a
   * FAILED or PENDING step with a reason; a waived step no longer forces REJECT.
   */
  async waive(
    user: SessionUser,
    tenantId: number,
    input: { id: string; step: ReviewStep; reason: string },
  ): Promise<void> {
    if (!input.reason.trim()) throw businessError('请填写豁免原因');
    await this.db.transaction().execute(async (trx) => {
      const r = await this.load(trx, input.id, tenantId);
      if (r.status !== 'IN_REVIEW') throw businessError('只有评审中的准入评审可以豁免步骤');
      const steps = this.steps(r);
      const step = heldStep(steps, input.step);
      if (step.result !== 'FAILED' && step.result !== 'PENDING')
        throw businessError('只有未通过或待评审的步骤可以豁免');
      Object.assign(step, {
        result: 'WAIVED',
        comment: `豁免：${input.reason.trim()}`.slice(0, 500),
        by: user.realname || user.username,
        at: serverNowIso(),
      });
      await this.save(trx, r, { steps: JSON.stringify(steps) });
    });
  }

  /** Records one step's result; the SAMPLE step is set by the linked sample's test (SMP-3). */
  async mark(user: SessionUser, tenantId: number, input: MarkStep): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const r = await this.load(trx, input.id, tenantId);
      if (r.status !== 'IN_REVIEW') throw businessError('只有评审中的准入评审可以记录步骤结果');
      const steps = this.steps(r);
      const step = heldStep(steps, input.step);
      if (input.step === 'SAMPLE') throw businessError('样品认证步骤由关联送样申请的测试结果决定（SMP-3）');
      if (input.step === 'SITE_AUDIT') throw businessError('现场评审步骤由现场评审记录的结论决定，请记录现场评审');
      if (step.result === 'WAIVED') throw businessError(`“${STEP_TEXT[input.step]}”步骤已豁免，不能再修改`);
      if (!input.comment.trim()) throw businessError('请填写评审意见');
      let questionnaireId = r.questionnaireId;
      if (input.step === 'QUESTIONNAIRE' && input.questionnaireId) {
        const q = await supplierQuestionnaire(trx, input.questionnaireId, r.supplierId, tenantId);
        if (!q) throw businessError('问卷不存在或不属于该供应商');
        if (!['SUBMITTED', 'REVIEWED'].includes(q.status))
          throw businessError(`问卷 ${q.code} 尚未提交，不能作为评审依据`);
        questionnaireId = input.questionnaireId;
        step.evidence = q.code;
      }
      Object.assign(step, {
        result: input.result,
        comment: input.comment.trim(),
        by: user.realname || user.username,
        at: serverNowIso(),
      });
      await this.save(trx, r, { steps: JSON.stringify(steps), questionnaireId });
    });
  }

  /** Links a sample request of the same supplier as the SAMPLE step's evidence (sourceDocType/Id). */
  async linkSample(tenantId: number, input: { id: string; sampleId: string }): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const r = await this.load(trx, input.id, tenantId);
      if (r.status !== 'IN_REVIEW') throw businessError('只有评审中的准入评审可以关联送样申请');
      if (!this.steps(r).some((x) => x.step === 'SAMPLE')) throw businessError('该准入评审不包含“样品认证”步骤');
      const sample = await sampleRequest(trx, input.sampleId, tenantId);
      if (!sample) throw businessError('送样申请不存在');
      if (sample.supplierId !== r.supplierId) throw businessError('送样申请不是该供应商的');
      if (sample.sourceDocId && sample.sourceDocId !== r.id)
        throw businessError(`送样申请 ${sample.code} 已关联其他单据`);
      if (['CANCELLED', 'REFUSED'].includes(sample.status))
        throw businessError(`送样申请 ${sample.code} 已取消或被拒绝，不能关联`);
      await linkSampleToReview(trx, sample.id, ADMISSION_REVIEW_SOURCE, r.id);
      await this.applySample(trx, r, sample.code, sample.testResult, sample.testReport);
    });
  }

  /** SMP-3: a tested sample linked to a review sets its SAMPLE step (FAIL fails it). Called from the sample test transition. */
  async sampleTested(
    trx: Db,
    reviewId: string,
    sampleCode: string,
    result: string,
    report: string | null,
  ): Promise<void> {
    const r = await reviewById(trx, reviewId);
    if (!r || r.status !== 'IN_REVIEW') return;
    await this.applySample(trx, r, sampleCode, result, report);
  }

  /**
   * Sets a step from its evidence document (the site audit): the evidence's conclusion decides
   * PASSED or FAILED; a waived step keeps the manager's waiver (QLF-2).
   */
  async stepFromEvidence(
    trx: Db,
    r: Review,
    change: { step: ReviewStep; result: 'PASSED' | 'FAILED'; comment: string; evidence: string; by: string },
  ): Promise<void> {
    const steps = this.steps(r);
    const step = steps.find((x) => x.step === change.step);
    if (!step || step.result === 'WAIVED') return;
    Object.assign(step, {
      result: change.result,
      comment: change.comment.slice(0, 500),
      evidence: change.evidence,
      by: change.by,
      at: serverNowIso(),
    });
    await this.save(trx, r, { steps: JSON.stringify(steps) });
  }

  private async applySample(
    trx: Db,
    r: Review,
    sampleCode: string,
    result: string | null,
    report: string | null,
  ): Promise<void> {
    const steps = this.steps(r);
    const step = steps.find((x) => x.step === 'SAMPLE');
    // A waived step keeps the manager's waiver (QLF-2); the sample stays linked as evidence only.
    if (!step || step.result === 'WAIVED') return;
    step.evidence = sampleCode;
    if (result === 'PASS' || result === 'FAIL') {
      Object.assign(step, {
        result: result === 'PASS' ? 'PASSED' : 'FAILED',
        comment: `样品测试${result === 'PASS' ? '合格' : '不合格'}${report ? `：${report}` : ''}`.slice(0, 500),
        by: '送样测试',
        at: serverNowIso(),
      });
    }
    await this.save(trx, r, { steps: JSON.stringify(steps) });
  }

  /**
   * QLF-2: no step PENDING; a FAILED step (not waived) allows only the decision REJECT. The
   * proposed decision (CONDITIONAL with its trial cap, QLF-4) then goes to the approval engine
   * (X-10, the submitter never approves).
   */
  async submit(user: SessionUser, tenantId: number, input: Submit): Promise<void> {
    const categories = (await this.dicts?.textMaps([MAIN_CATEGORY_DICT], tenantId))?.[MAIN_CATEGORY_DICT];
    await this.db.transaction().execute(async (trx) => {
      const r = await this.load(trx, input.id, tenantId);
      if (r.status !== 'IN_REVIEW') throw businessError('只有评审中的准入评审可以提交审批');
      const limit = checkedDecision(this.steps(r), input);
      const name = await supplierName(trx, r.supplierId);
      await this.save(trx, r, {
        status: 'PENDING_APPROVAL',
        submittedBy: user.id,
        submittedAt: serverNowIso(),
        decision: input.decision,
        trialLimitAmount: limit,
      });
      const category = categories?.get(r.categoryCode) ?? r.categoryCode;
      const title = `准入评审：${name}（${category}）${r.code}，建议${DECISION_TEXT[input.decision]}${limit ? `，试用限额 ${limit}` : ''}`;
      const started = await submitForApproval(trx, {
        docType: ADMISSION_REVIEW_DOC_TYPE,
        docId: r.id,
        title,
        amount: null,
        submitterId: user.id,
        tenantId,
      });
      // Without configured steps the engine approves at once; admission needs a second person (X-10).
      if (started.status === 'APPROVED')
        throw businessError('准入评审须经审批，请先在 审批中心 › 审批配置 中设置审批步骤');
    });
  }

  /** B cancels a draft or a review still in review; the category keeps its standing. */
  async cancel(tenantId: number, input: { id: string; reason: string }): Promise<void> {
    if (!input.reason.trim()) throw businessError('请填写取消原因');
    await this.db.transaction().execute(async (trx) => {
      const r = await this.load(trx, input.id, tenantId);
      if (r.status !== 'DRAFT' && r.status !== 'IN_REVIEW') throw businessError('只有草稿或评审中的准入评审可以取消');
      await this.save(trx, r, { status: 'CANCELLED', decisionComment: input.reason.trim(), decidedAt: serverNowIso() });
    });
  }

  /** The admission review document type (the manifest lists it). */
  approvalDocType(): ApprovalDocTypeDef {
    return defineApprovalDocType(ADMISSION_REVIEW_DOC_TYPE, {
      label: '准入评审',
      openPage: '/srm/supplier/list',
      detail: admissionReviewApprovalDetail,
      onApproved: (trx, o) => this.decided(trx, o.instance.docId, true, o.actorId, o.comment),
      onRejected: (trx, o) => this.decided(trx, o.instance.docId, false, o.actorId, o.comment),
      onWithdrawn: (trx, o) => this.decided(trx, o.instance.docId, false, o.actorId, o.comment, 'IN_REVIEW'),
    });
  }

  private async decided(
    trx: Db,
    id: string,
    approve: boolean,
    actorId: string | null,
    comment: string | null,
    status = approve ? 'APPROVED' : 'REJECTED',
  ): Promise<void> {
    const r = await trx.selectFrom('supplierAdmissionReview').selectAll().where('id', '=', id).executeTakeFirst();
    if (!r || r.status !== 'PENDING_APPROVAL') throw businessError('该准入评审已处理');
    const withdrawn = status === 'IN_REVIEW';
    await this.save(
      trx,
      r,
      withdrawn ? { status } : { status, decidedBy: actorId, decidedAt: serverNowIso(), decisionComment: comment },
    );
    if (withdrawn) return;
    if (approve) {
      // The approved decision: APPROVE → QUALIFIED, CONDITIONAL → TRIAL with its cap, REJECT → TERMINATED (§4.3).
      const decision = (r.decision ?? 'APPROVE') as ReviewOutcome['decision'];
      await this.lifecycle.qualifyByReview(
        trx,
        r.supplierId,
        r.categoryCode,
        r.id,
        actorId,
        comment || `准入评审 ${r.code} 审批通过（${DECISION_TEXT[decision]}）`,
        { decision, trialLimitAmount: r.trialLimitAmount },
      );
      return;
    }
    // Rejection leaves the category's standing as it was; the supplier learns the comment.
    await notifyUsers(trx, {
      userIds: await supplierUserIds(trx, r.supplierId),
      title: '准入评审未通过',
      content: noticeHtml`<p>准入评审 ${r.code} 未通过${comment ? `：${comment}` : ''}</p>`,
      busType: 'supplier',
      busId: r.supplierId,
      openType: 'url',
      openPage: '/supplier/profile',
    });
  }
}
