import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { notFound } from '../../core/errors.js';
import { toWireDateTime } from '../../core/clock.js';
import { wireDate } from '../../http/wire.js';
import { DECISIONS, REVIEW_STEPS, type StepResult } from './admission-steps.js';
import { SITE_AUDIT_RESULTS, SiteAudits } from './site-audit.js';

const TAGS = ['supplier'];
const PERMISSION = 'supplier:admissionReview';
/**
 * A reference looked up by the review service, not a wire id: an unknown one is answered by name
 * (问卷不存在或不属于该供应商, 检查表模板不存在) rather than refused as malformed.
 */
const ref = z.string().trim().min(1).max(64);
const WAIVE_PERMISSION = 'supplier:admissionReview:waive';
const openBody = z.object({
  supplierId: ref,
  categoryCode: z.string().trim().min(1, '请选择品类').max(50),
  sample: z.boolean().default(false),
  siteAudit: z.boolean().default(false),
  draft: z.boolean().default(false),
});
const editBody = z.object({ id: ref, sample: z.boolean().default(false), siteAudit: z.boolean().default(false) });
const waiveBody = z.object({
  id: ref,
  step: z.enum(REVIEW_STEPS, { error: '未知的评审步骤' }),
  reason: z.string().trim().min(1, '请填写豁免原因').max(450, '豁免原因不能超过450个字'),
});
const submitBody = z.object({
  id: ref,
  decision: z.enum(DECISIONS, { error: '请选择评审决定' }).default('APPROVE'),
  // QLF-4: money as a decimal string; required for CONDITIONAL (checked by the service).
  trialLimitAmount: z
    .string()
    .trim()
    .regex(/^\d{1,14}(\.\d{1,2})?$/, '试用限额须为不小于0的金额，最多两位小数')
    .nullish(),
});
const markBody = z.object({
  id: ref,
  step: z.enum(REVIEW_STEPS, { error: '未知的评审步骤' }),
  result: z.enum(['PASSED', 'FAILED'], { error: '请选择评审结果' }),
  comment: z.string().trim().min(1, '请填写评审意见').max(500, '评审意见不能超过500个字'),
  questionnaireId: ref.optional(),
});
const siteAuditBody = z.object({
  reviewId: ref,
  auditDate: z.string({ error: '请选择评审日期' }).min(1, '请选择评审日期').pipe(wireDate('评审日期')),
  address: z.string().trim().min(1, '请填写评审地址').max(300, '评审地址不能超过300个字'),
  members: z.array(ref, { error: '请选择评审成员' }).min(1, '请选择评审成员').max(20, '评审成员不能超过20人'),
  supplierEscort: z.string().trim().max(100, '供应商陪同人员不能超过100个字').nullish(),
  checklistTemplateId: ref.nullish(),
  score: z
    .number({ error: '请填写评审得分' })
    .int('评审得分须为整数')
    .min(0, '评审得分须在0到100之间')
    .max(100, '评审得分须在0到100之间'),
  result: z.enum(SITE_AUDIT_RESULTS, { error: '请选择评审结论' }),
  findings: z.string().trim().max(2000, '发现的问题不能超过2000个字').nullish(),
  files: z.string().trim().max(2000, '附件过多').nullish(),
});

/**
 * Admission reviews over HTTP (domain §4.3): the buyer's list per supplier with steps and
 * linked samples, open (or save a draft), edit and start a draft, step results, a manager's
 * waiver, sample link, submit with a proposed decision and cancel; the decision is approved
 * in 审批中心 (approval engine). Tenant scope on every route.
 */
export const admissionReviewRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const reviews = ctx.admissionReviews;
    const audits = new SiteAudits(ctx.db, reviews);

    app.get(
      '/supplier/admissionReview/list',
      {
        schema: {
          tags: TAGS,
          summary: '供应商的准入评审（含步骤与关联送样）',
          querystring: z.object({ supplierId: ref }),
        },
        config: { access: { permission: 'supplier:list' } },
      },
      async (request) => {
        const s = await ctx.db
          .selectFrom('supplier')
          .select('id')
          .where('id', '=', request.query.supplierId)
          .where('tenantId', '=', request.tenantId)
          .where('delFlag', '=', 0)
          .executeTakeFirst();
        if (!s) throw notFound('供应商不存在');
        const rows = await ctx.db
          .selectFrom('supplierAdmissionReview as r')
          .leftJoin('sysUser as u', 'u.id', 'r.openedBy')
          .select([
            'r.id',
            'r.code',
            'r.categoryCode',
            'r.reviewType',
            'r.steps',
            'r.status',
            'r.decision',
            'r.trialLimitAmount',
            'r.openedAt',
            'r.submittedAt',
            'r.decidedAt',
            'r.decisionComment',
            'u.realname as openedByName',
          ])
          .where('r.supplierId', '=', s.id)
          .where('r.tenantId', '=', request.tenantId)
          .orderBy('r.openedAt', 'desc')
          .execute();
        const siteAudits = await audits.ofReviews(rows.map((r) => r.id));
        const samples = rows.length
          ? await ctx.db
              .selectFrom('srmSampleRequest')
              .select(['id', 'code', 'materialName', 'status', 'testResult', 'sourceDocId'])
              .where('sourceDocType', '=', 'ADMISSION_REVIEW')
              .where(
                'sourceDocId',
                'in',
                rows.map((r) => r.id),
              )
              .execute()
          : [];
        return ok(
          rows.map((r) => ({
            ...r,
            steps: JSON.parse(r.steps) as StepResult[],
            openedAt: toWireDateTime(r.openedAt),
            submittedAt: toWireDateTime(r.submittedAt),
            decidedAt: toWireDateTime(r.decidedAt),
            samples: samples.filter((x) => x.sourceDocId === r.id).map(({ sourceDocId: _, ...x }) => x),
            siteAudit: siteAudits.get(r.id) ?? null,
            // A conditional site audit suggests admitting on trial (the decision modal's default).
            suggestedDecision: siteAudits.get(r.id)?.result === 'CONDITIONAL' ? 'CONDITIONAL' : null,
          })),
        );
      },
    );

    app.post(
      '/supplier/admissionReview/open',
      {
        schema: {
          tags: TAGS,
          summary: '发起准入评审，或保存为草稿（潜在或合格供应商的申请中品类，QLF-5）',
          body: openBody,
        },
        config: { access: { permission: PERMISSION } },
      },
      async (request) =>
        ok(
          {
            id: await reviews.open(request.user!, request.tenantId, request.body, (trx) =>
              ctx.codes.next('ADM', { tenantId: request.tenantId, trx }),
            ),
          },
          request.body.draft ? '准入评审草稿已保存' : '准入评审已发起',
        ),
    );
    app.post(
      '/supplier/admissionReview/edit',
      {
        schema: { tags: TAGS, summary: '修改草稿的评审步骤（样品认证、现场评审）', body: editBody },
        config: { access: { permission: PERMISSION } },
      },
      async (request) => {
        await reviews.editDraft(request.tenantId, request.body);
        return ok(null, '评审步骤已保存');
      },
    );
    app.post(
      '/supplier/admissionReview/startReview',
      {
        schema: { tags: TAGS, summary: '草稿提交审核（进入评审中）', body: z.object({ id: ref }) },
        config: { access: { permission: PERMISSION } },
      },
      async (request) => {
        await reviews.startReview(request.tenantId, request.body.id);
        return ok(null, '准入评审已提交审核');
      },
    );
    app.post(
      '/supplier/admissionReview/waive',
      {
        schema: { tags: TAGS, summary: '经理豁免未通过或待评审的步骤（须填写原因，QLF-2）', body: waiveBody },
        config: { access: { permission: WAIVE_PERMISSION } },
      },
      async (request) => {
        await reviews.waive(request.user!, request.tenantId, request.body);
        return ok(null, '步骤已豁免');
      },
    );
    app.post(
      '/supplier/admissionReview/step',
      {
        schema: { tags: TAGS, summary: '记录评审步骤结果（通过/不通过，附意见与依据）', body: markBody },
        config: { access: { permission: PERMISSION } },
      },
      async (request) => {
        await reviews.mark(request.user!, request.tenantId, request.body);
        return ok(null, '评审结果已保存');
      },
    );
    app.get(
      '/supplier/admissionReview/siteAuditOptions',
      {
        schema: { tags: TAGS, summary: '现场评审的可选成员（内部用户）与检查表模板' },
        config: { access: { permission: PERMISSION } },
      },
      async (request) => ok(await audits.options(request.tenantId)),
    );
    app.post(
      '/supplier/admissionReview/siteAudit',
      {
        schema: {
          tags: TAGS,
          summary: '记录现场评审（每个评审一份，评审中可修改；结论决定现场评审步骤，QLF-2）',
          body: siteAuditBody,
        },
        config: { access: { permission: PERMISSION } },
      },
      async (request) => {
        const done = await audits.record(request.user!, request.tenantId, request.body);
        return ok(null, done === 'created' ? '现场评审已记录' : '现场评审已更新');
      },
    );
    app.post(
      '/supplier/admissionReview/linkSample',
      {
        schema: {
          tags: TAGS,
          summary: '关联送样申请（样品认证步骤的依据，SMP-3）',
          body: z.object({ id: ref, sampleId: ref }),
        },
        config: { access: { permission: PERMISSION } },
      },
      async (request) => {
        await reviews.linkSample(request.tenantId, request.body);
        return ok(null, '送样申请已关联');
      },
    );
    app.post(
      '/supplier/admissionReview/submit',
      {
        schema: {
          tags: TAGS,
          summary: '提交准入评审审批及建议决定：通过 / 有条件通过（试用，须填试用限额）/ 不通过（QLF-2，QLF-4，X-10）',
          body: submitBody,
        },
        config: { access: { permission: PERMISSION } },
      },
      async (request) => {
        await reviews.submit(request.user!, request.tenantId, request.body);
        return ok(null, '准入评审已提交，等待审批');
      },
    );
    app.post(
      '/supplier/admissionReview/cancel',
      {
        schema: {
          tags: TAGS,
          summary: '取消草稿或评审中的准入评审',
          body: z.object({ id: ref, reason: z.string().trim().max(500) }),
        },
        config: { access: { permission: PERMISSION } },
      },
      async (request) => {
        await reviews.cancel(request.tenantId, request.body);
        return ok(null, '准入评审已取消');
      },
    );
  };
