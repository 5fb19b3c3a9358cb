import { z } from 'zod';
import { actorOf } from '../../core/access.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import {
  ok,
  SAMPLE_HAND_DELIVERY,
  SAMPLE_SHIP_METHODS,
  SAMPLE_TEST_RESULTS,
  sampleRequestResource,
  sampleWorkflow,
  workflowPermission,
  type SampleAction,
} from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { badRequest, businessError, forbidden } from '../../core/errors.js';
import { id, requiredText, text, wireDate } from '../../http/wire.js';
import { businessDay, serverNowIso } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import { defineDocumentFiles, listsFile } from '../files/document-files.js';
import { ADMISSION_REVIEW_SOURCE } from '../supplier/admission-review.js';
import { resourceRoutes, type Values } from '../../resource/resource-routes.js';
import type { AnyDb, AnyQuery } from '../../resource/resource-query.js';
import { amountReaches, isAmount } from '../approval/approval-amount.js';
import { assertSupplierEligible, notifySample, sampleFor, type Actor, type SampleRow } from './sample-transitions.js';
import { runTransition } from '../../workflow/transition.js';
import { documentLog } from '../../workflow/doc-log.js';

// the supplier a request was sent to reads its test report files, whoever uploaded them.
export const sampleRequestFiles = defineDocumentFiles('SAMPLE_REQUEST', {
  readableBy: async (db, user, path) =>
    !!user.supplierId &&
    !!(await db
      .selectFrom('srmSampleRequest')
      .select('id')
      .where('supplierId', '=', user.supplierId)
      .where('status', '<>', 'DRAFT')
      .where(listsFile('testReportFiles', path))
      .executeTakeFirst()),
});

/** Hooks get the untyped transaction; it is the same camelCase database. */
const typed = (trx: AnyDb) => trx as unknown as Db;

const positive = (v: string) => isAmount(v) && !amountReaches('0', v);

/** Suppliers never write requests; the buyer's routes are refused to them whatever their roles say. */
function internalOnly(request: FastifyRequest): void {
  if (request.user?.supplierId) throw forbidden();
}

/** The draft's values checked and completed: supplier, material snapshot or description with category. */
async function prepareDraft(db: Db, values: Values, tenantId: number, existing?: SampleRow): Promise<void> {
  const supplierId = (values.supplierId as string | undefined) ?? existing?.supplierId;
  if (values.supplierId !== undefined) {
    const s = await db
      .selectFrom('supplier')
      .select('id')
      .where('id', '=', String(supplierId))
      .where('delFlag', '=', 0)
      .executeTakeFirst();
    if (!s) throw badRequest('供应商不存在', { supplierId: '供应商不存在' });
  }
  const materialId =
    values.materialId !== undefined ? (values.materialId as string | null) || null : (existing?.materialId ?? null);
  values.materialId = materialId;
  if (materialId) {
    const m = await db
      .selectFrom('srmMaterial')
      .select(['name', 'spec', 'categoryId', 'status'])
      .where('id', '=', materialId)
      .where('tenantId', '=', tenantId)
      .executeTakeFirst();
    if (!m) throw badRequest('物料不存在', { materialId: '物料不存在' });
    if (m.status === 'INACTIVE') throw badRequest('物料已停用，不能申请送样', { materialId: '物料已停用' });
    values.materialName = m.spec ? `${m.name} ${m.spec}` : m.name;
    values.categoryId = m.categoryId;
  } else {
    const name = String(values.description ?? existing?.description ?? '').trim();
    const categoryId = (values.categoryId as string | undefined) ?? existing?.categoryId ?? null;
    if (!name) throw badRequest('请选择物料，或填写样品描述', { description: '请选择物料，或填写样品描述' });
    if (!categoryId) throw badRequest('未选择物料时请选择物料分类', { categoryId: '未选择物料时请选择物料分类' });
    const c = await db
      .selectFrom('srmMaterialCategory')
      .select('id')
      .where('id', '=', categoryId)
      .where('tenantId', '=', tenantId)
      .executeTakeFirst();
    if (!c) throw badRequest('物料分类不存在', { categoryId: '物料分类不存在' });
    values.materialName = name;
  }
  if (values.qty !== undefined && !positive(String(values.qty)))
    throw badRequest('样品数量必须大于0', { qty: '样品数量必须大于0' });
  if (values.requiredBy !== undefined && String(values.requiredBy) < businessDay())
    throw badRequest('要求送样日期不能早于今天', { requiredBy: '要求送样日期不能早于今天' });
}

const shipBody = z.object({
  id,
  shipMethod: z.enum(SAMPLE_SHIP_METHODS, { error: '请选择寄送方式' }),
  carrier: text(100, '承运商').optional(),
  trackingNo: text(64, '运单号').optional(),
  deliveryNote: text(500, '送货说明').optional(),
  estimatedArrival: wireDate('预计到达日期').optional(),
});
const testBody = z.object({
  id,
  testResult: z.enum(SAMPLE_TEST_RESULTS, { error: '请选择测试结果' }),
  testReport: text(2000, '测试报告').optional(),
  testReportFiles: text(2000, '测试报告附件').optional(),
});

/**
 * Sample requests (domain §7): the generic list/form routes for drafts, scoped so a supplier
 * sees only its own sent requests (X-5, exports included), plus one named route per transition
 * behind `sampleRequest:<action>` and the request's state log.
 */
export const sampleRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(
      resourceRoutes(ctx, sampleRequestResource, {
        scope: (q: AnyQuery, request) => {
          let scoped = q
            .leftJoin('supplier as s', 's.id', 't.supplier_id')
            .select(sql.ref('s.name').as('supplierName'))
            // SMP-4: past requiredBy and not yet shipped.
            .select(
              sql<number>`case when ${sql.ref('t.status')} in (${'SENT'}, ${'CONFIRMED'}) and ${sql.ref('t.required_by')} < ${businessDay()} then 1 else 0 end`.as(
                'overdue',
              ),
            ) as AnyQuery;
          const supplierId = request.user?.supplierId;
          if (supplierId)
            scoped = scoped.where(sql.ref('t.supplier_id'), '=', supplierId).where(sql.ref('t.status'), '<>', 'DRAFT');
          return scoped;
        },
        beforeAdd: async (values, trx, request) => {
          internalOnly(request);
          await prepareDraft(typed(trx), values, request.tenantId);
          Object.assign(values, {
            status: 'DRAFT',
            requesterId: request.user!.id,
            code: await ctx.codes.next('SMP', { tenantId: request.tenantId, trx: typed(trx) }),
          });
        },
        beforeEdit: async (rowId, values, trx, request) => {
          internalOnly(request);
          const row = await typed(trx)
            .selectFrom('srmSampleRequest')
            .selectAll()
            .where('id', '=', rowId)
            .executeTakeFirstOrThrow();
          // what the supplier was sent is changed by cancelling and asking again.
          if (row.status !== 'DRAFT') throw businessError('只有草稿状态的送样申请可以修改');
          await prepareDraft(typed(trx), values, request.tenantId, row);
        },
        beforeDelete: async (ids, trx, request) => {
          internalOnly(request);
          // only drafts are deleted; sent requests are cancelled.
          const posted = await typed(trx)
            .selectFrom('srmSampleRequest')
            .select('code')
            .where('id', 'in', ids)
            .where('status', '<>', 'DRAFT')
            .executeTakeFirst();
          if (posted) throw businessError(`只有草稿状态的送样申请可以删除，${posted.code} 请取消`);
        },
      }),
    );

    const tags = ['送样申请'];
    /** What a transition's route adds to the common path: columns, guard, reason, notice detail, follow-up. */
    type Step = {
      patch?: Partial<SampleRow>;
      guard?: (row: SampleRow, trx: Db) => Promise<void> | void;
      reason?: string | null;
      detail?: string;
      after?: (row: SampleRow, trx: Db) => Promise<void>;
    };
    const eligible = (r: SampleRow, trx: Db) => assertSupplierEligible(trx, r.supplierId);
    const route = <B extends z.ZodObject<{ id: typeof id }>>(
      action: SampleAction,
      summary: string,
      body: B,
      prepare: (input: z.infer<B>, actor: Actor) => Promise<Step> | Step = () => ({}),
    ) =>
      app.post(
        `${sampleRequestResource.path}/${action}`,
        {
          schema: { tags, summary, body },
          config: { access: { permission: workflowPermission(sampleWorkflow, action) } },
        },
        async (request) => {
          const input = request.body as z.infer<B>;
          const actor = actorOf(request);
          const step = await prepare(input, actor);
          const { message } = await runTransition<SampleRow, SampleAction>(ctx.db, sampleWorkflow, {
            table: 'srmSampleRequest',
            id: input.id,
            action,
            actor,
            reason: step.reason,
            guard: step.guard,
            patch: step.patch,
            after: async (row, trx) => {
              await step.after?.(row, trx);
              await notifySample(trx, row, action, step.detail);
            },
          });
          request.log.info({ event: 'sample.transition', action, id: input.id }, 'sample request moved');
          return ok(null, message);
        },
      );

    const plain = z.object({ id });
    route('send', '发送送样申请（草稿 → 已发送），通知供应商', plain, () => ({ guard: eligible }));
    route(
      'cancel',
      '取消送样申请（草稿或已发送 → 已取消）',
      z.object({ id, reason: text(500, '取消原因').optional() }),
      (input) => ({ reason: input.reason || null, detail: input.reason }),
    );
    route(
      'confirm',
      '供应商确认送样（已发送 → 已确认）',
      z.object({ id, remark: text(500, '回复').optional() }),
      (input) => ({ patch: { supplierRemark: input.remark || null }, guard: eligible, detail: input.remark }),
    );
    route(
      'refuse',
      '供应商拒绝送样（已发送 → 已拒绝），须填写原因',
      z.object({ id, reason: requiredText(500, '拒绝原因') }),
      (input) => ({ patch: { supplierRemark: input.reason }, reason: input.reason, detail: input.reason }),
    );
    route('ship', '供应商寄出样品（已确认 → 已寄出，SMP-1）', shipBody, (input) => {
      // SMP-1: a carrier's tracking number, or a note for hand delivery.
      const hand = input.shipMethod === SAMPLE_HAND_DELIVERY;
      if (hand && !input.deliveryNote)
        throw badRequest('专人送达请填写送货说明（SMP-1）', { deliveryNote: '请填写送货说明' });
      if (!hand && !input.trackingNo) throw badRequest('寄出样品须填写运单号（SMP-1）', { trackingNo: '请填写运单号' });
      if (!hand && !input.carrier) throw badRequest('请填写承运商', { carrier: '请填写承运商' });
      const patch = {
        shipMethod: input.shipMethod,
        carrier: hand ? null : input.carrier!,
        trackingNo: hand ? null : input.trackingNo!,
        deliveryNote: input.deliveryNote || null,
        estimatedArrival: input.estimatedArrival ?? null,
        shippedAt: serverNowIso(),
      };
      const detail = hand ? `专人送达：${input.deliveryNote}` : `${input.carrier} 运单号 ${input.trackingNo}`;
      return { patch, guard: eligible, detail };
    });
    route(
      'receive',
      '签收样品（已寄出 → 已签收，SMP-2）',
      z.object({ id, receivedQty: z.string().trim() }),
      (input) => {
        if (!positive(input.receivedQty))
          throw badRequest('签收数量必须大于0（SMP-2）', { receivedQty: '签收数量必须大于0' });
        return { patch: { receivedQty: input.receivedQty, receivedAt: serverNowIso() } };
      },
    );
    route('test', '录入样品测试结果（已签收 → 已测试，SMP-2）', testBody, async (input, actor) => {
      const files = (input.testReportFiles ?? '')
        .split(',')
        .map((f) => f.trim())
        .filter(Boolean);
      if (!input.testReport && files.length === 0)
        throw badRequest('测试结果须附测试报告（文字或附件，SMP-2）', { testReport: '请填写测试报告或上传附件' });
      if (files.length) {
        // Only files the tester uploaded are attached (UP-5).
        const found = await ctx.db
          .selectFrom('sysFile')
          .select('path')
          .where('path', 'in', files)
          .where('ownerId', '=', actor.user.id)
          .execute();
        if (found.length !== new Set(files).size)
          throw badRequest('测试报告附件不存在，请重新上传', { testReportFiles: '附件不存在' });
      }
      return {
        patch: {
          testResult: input.testResult,
          testReport: input.testReport || null,
          testReportFiles: files.join(',') || null,
          testedBy: actor.user.username,
          testedAt: serverNowIso(),
        },
        guard: (r) => {
          if (r.requesterId === actor.user.id) throw businessError('测试人不能是提出送样申请的采购员（SMP-2）');
        },
        // SMP-3: the result decides the SAMPLE step of a linked admission review.
        after: async (row, trx) => {
          if (row.sourceDocType === ADMISSION_REVIEW_SOURCE && row.sourceDocId)
            await ctx.admissionReviews.sampleTested(
              trx,
              row.sourceDocId,
              row.code,
              input.testResult,
              input.testReport || null,
            );
        },
        detail: input.testResult === 'PASS' ? '测试合格' : '测试不合格',
      };
    });
    route('close', '关闭送样申请（已测试 → 已关闭）', plain);

    app.get(
      `${sampleRequestResource.path}/logs`,
      {
        schema: { tags, summary: '送样申请状态日志', querystring: z.object({ id }) },
        config: { access: { permission: 'sampleRequest:list' } },
      },
      async (request) => {
        const row = await sampleFor(ctx.db, actorOf(request), request.query.id);
        return ok(await documentLog(ctx.db, sampleWorkflow, row.id));
      },
    );
  };
