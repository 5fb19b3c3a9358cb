import { requisitionWorkflow } from '@procura/shared';
import { documentLog } from '../../workflow/doc-log.js';
import { z } from 'zod';
import { actorOf } from '../../core/access.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { id, requiredLineText, text, wireDate } from '../../http/wire.js';
import { runPagedList, type ListFields } from '../../core/paging.js';
import { toWireDateTime } from '../../core/clock.js';
import { PRICE_PATTERN, QTY_PATTERN, qtyText } from './requisition-decimal.js';
import { createRequisition, deleteDraft, editRequisition } from './requisition-drafts.js';
import {
  activeMaterials,
  openLines,
  requisitionContext,
  requisitionList,
  requisitionOptions,
} from './requisition-queries.js';
import { linesOf, PR_LINE_STATUS_TEXT, PR_STATUS_TEXT, remainingOf, requisitionOf } from './requisition-service.js';
import { cancelRemaining, submitRequisition, withdrawRequisition } from './requisition-submission.js';

/** Optional text: trimmed, '' and absent become null. */
const optText = (max: number, label: string) =>
  text(max, label)
    .nullish()
    .transform((v) => v || null);
const optId = z
  .union([id, z.literal('')])
  .nullish()
  .transform((v) => v || null);

const lineSchema = z.object({
  materialId: optId,
  description: optText(500, '物料描述'),
  spec: optText(200, '规格型号'),
  categoryId: optId,
  qty: z.string({ error: '请填写数量' }).trim().regex(QTY_PATTERN, '数量必须是数字（最多4位小数）'),
  unit: optText(16, '单位'),
  needByDate: z.string({ error: '请选择需求日期' }).min(1, '请选择需求日期').pipe(wireDate('需求日期')),
  estimatedUnitPrice: z
    .union([z.string().trim().regex(PRICE_PATTERN, '预估单价必须是不小于0的数字（最多6位小数）'), z.literal('')])
    .nullish()
    .transform((v) => v || null),
  suggestedSupplierId: optId,
  suggestionReason: optText(500, '推荐理由'),
  deliveryPlace: optText(300, '交货地点'),
  remark: optText(500, '备注'),
});
const draftSchema = z.object({
  title: z.string({ error: '请填写申请标题' }).pipe(requiredLineText(200, '申请标题')),
  purchaseType: z.enum(['GOODS', 'WORKS', 'SERVICES'], { error: '请选择采购类型' }),
  urgency: z.enum(['NORMAL', 'URGENT'], { error: '紧急程度不正确' }).default('NORMAL'),
  urgentReason: optText(500, '紧急原因'),
  reason: optText(2000, '采购用途'),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, '币种不正确')
    .default('CNY'),
  deliveryPlace: optText(300, '交货地点'),
  departmentCode: optText(64, '需求部门'),
  buyerId: optId,
  remark: optText(500, '备注'),
  lines: z
    .array(lineSchema, { error: '请至少添加一行物料' })
    .min(1, '请至少添加一行物料')
    .max(200, '明细不能超过200行'),
});
const editSchema = draftSchema.extend({ id, version: z.number({ error: '缺少版本号' }).int().min(1) });

const LIST_FIELDS: ListFields = {
  code: { column: 'r.code', filter: 'text', sortable: true },
  title: { column: 'r.title', filter: 'text', sortable: true },
  status: { column: 'r.status', filter: 'exact', sortable: true },
  purchaseType: { column: 'r.purchaseType', filter: 'exact' },
  urgency: { column: 'r.urgency', filter: 'exact' },
  createTime: { column: 'r.createTime', sortable: true },
};

/**
 * 采购申请 (domain §8): drafts with lines (PR-1), submission through the approval engine with
 * the budget as amount (X-10, PR-2), withdraw, edit after rejection, cancel of the remaining
 * quantity (PR-5), and the approved lines left to source (PR-3, PR-6). Every route is
 * `srm:requisition:<action>` and internal users only.
 */
export const requisitionRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['采购申请'];
    const perm = (action: string) => ({ access: { permission: `srm:requisition:${action}` }, internalOnly: true });

    app.get(
      '/srm/requisition/list',
      { schema: { tags, summary: '采购申请分页列表（按单号、标题、状态筛选）' }, config: perm('list') },
      async (request) => {
        const base = requisitionList(ctx.db, request.tenantId);
        const page = await runPagedList(ctx, base, request.query as Record<string, unknown>, LIST_FIELDS, {
          column: 'r.createTime',
          order: 'desc',
        });
        return ok({
          ...page,
          records: page.records.map((r) => ({
            ...r,
            status_dictText: PR_STATUS_TEXT[r.status] ?? r.status,
            submittedAt: toWireDateTime(r.submittedAt),
            approvedAt: toWireDateTime(r.approvedAt),
            createTime: toWireDateTime(r.createTime),
          })),
        });
      },
    );

    app.get(
      '/srm/requisition/queryById',
      {
        schema: {
          tags,
          summary: '采购申请详情：明细、审批记录与状态日志',
          querystring: z.object({ id, _t: z.string().optional() }),
        },
        config: perm('list'),
      },
      async (request) => {
        const r = await requisitionOf(ctx.db, request.query.id, request.tenantId);
        const lines = await linesOf(ctx.db, r.id);
        const { users, categories, suppliers, history, latest, logs } = await requisitionContext(
          ctx.db,
          r,
          lines,
          request.tenantId,
        );
        // The department by its name: users never see its code (A01A01).
        const depart = r.departmentCode
          ? await ctx.db
              .selectFrom('sysDepart')
              .select('departName')
              .where('orgCode', '=', r.departmentCode)
              .executeTakeFirst()
          : undefined;
        return ok({
          ...r,
          departmentName: depart?.departName ?? null,
          status_dictText: PR_STATUS_TEXT[r.status] ?? r.status,
          requesterName: users.get(r.requesterId) ?? null,
          buyerName: r.buyerId ? (users.get(r.buyerId) ?? null) : null,
          submittedAt: toWireDateTime(r.submittedAt),
          approvedAt: toWireDateTime(r.approvedAt),
          cancelledAt: toWireDateTime(r.cancelledAt),
          createTime: toWireDateTime(r.createTime),
          updateTime: toWireDateTime(r.updateTime),
          lines: lines.map((l) => ({
            ...l,
            lineStatus_dictText: PR_LINE_STATUS_TEXT[l.lineStatus] ?? l.lineStatus,
            categoryName: l.categoryId ? (categories.get(l.categoryId) ?? null) : null,
            suggestedSupplierName: l.suggestedSupplierId ? (suppliers.get(l.suggestedSupplierId) ?? null) : null,
            qtyRemaining: qtyText(remainingOf(l)),
          })),
          approval: latest ? { instanceId: latest.id, status: latest.status, currentStep: latest.currentStep } : null,
          approvalHistory: history.map((h) => ({ ...h, actorName: h.actorName ?? '系统', at: toWireDateTime(h.at) })),
          logs,
        });
      },
    );

    app.get(
      '/srm/requisition/logs',
      {
        schema: {
          tags,
          summary: '采购申请的状态日志（时间线）',
          querystring: z.object({ id, _t: z.string().optional() }),
        },
        config: perm('list'),
      },
      async (request) => {
        const r = await requisitionOf(ctx.db, request.query.id, request.tenantId);
        return ok(await documentLog(ctx.db, requisitionWorkflow, r.id));
      },
    );

    app.get(
      '/srm/requisition/options',
      { schema: { tags, summary: '新建采购申请的可选物料分类与采购员' }, config: perm('list') },
      async (request) => {
        return ok(await requisitionOptions(ctx.db, request.tenantId));
      },
    );

    // The material picker: ACTIVE materials only (MAT-3), by code or name.
    app.get(
      '/srm/requisition/materials',
      {
        schema: {
          tags,
          summary: '可申请的物料（仅启用状态）',
          querystring: z.object({ keyword: z.string().trim().max(100).optional(), _t: z.string().optional() }),
        },
        config: perm('list'),
      },
      async (request) => {
        return ok(await activeMaterials(ctx.db, request.tenantId, request.query.keyword));
      },
    );

    app.post(
      '/srm/requisition/add',
      { schema: { tags, summary: '新建采购申请草稿（含明细，PR-1）', body: draftSchema }, config: perm('add') },
      async (request) => {
        const actor = actorOf(request);
        const result = await createRequisition(ctx, actor, request.tenantId, request.body);
        return ok(result, '采购申请已保存');
      },
    );

    app.route({
      method: ['PUT', 'POST'],
      url: '/srm/requisition/edit',
      schema: { tags, summary: '修改草稿或被驳回的采购申请（PR-1、PR-4）', body: editSchema },
      config: perm('edit'),
      handler: async (request) => {
        const body = request.body as z.infer<typeof editSchema>;
        await editRequisition(ctx.db, actorOf(request), request.tenantId, body);
        return ok(null, '采购申请已保存');
      },
    });

    app.delete(
      '/srm/requisition/delete',
      { schema: { tags, summary: '删除采购申请草稿（X-13）', querystring: z.object({ id }) }, config: perm('delete') },
      async (request) => {
        await deleteDraft(ctx.db, actorOf(request), request.tenantId, request.query.id);
        return ok(null, '删除成功!');
      },
    );

    app.post(
      '/srm/requisition/submit',
      {
        schema: {
          tags,
          summary: '提交采购申请审批（按预算金额走审批流程，PR-1、PR-2）',
          body: z.object({ id, version: z.number().int().min(1).optional() }),
        },
        config: perm('submit'),
      },
      async (request) => {
        const status = await submitRequisition(ctx.db, actorOf(request), request.tenantId, request.body);
        return ok(
          { status: status === 'APPROVED' ? 'APPROVED' : 'PENDING_APPROVAL' },
          status === 'APPROVED' ? '无需审批，采购申请已通过' : '已提交审批',
        );
      },
    );

    app.post(
      '/srm/requisition/withdraw',
      {
        schema: {
          tags,
          summary: '撤回审批中的采购申请（回到草稿）',
          body: z.object({ id, reason: optText(500, '撤回说明') }),
        },
        config: perm('submit'),
      },
      async (request) => {
        await withdrawRequisition(ctx.db, actorOf(request), request.tenantId, request.body);
        return ok(null, '采购申请已撤回');
      },
    );

    app.post(
      '/srm/requisition/cancel',
      {
        schema: {
          tags,
          summary: '取消采购申请的剩余数量（PR-5）',
          body: z.object({
            id,
            reason: z
              .string({ error: '请填写取消原因' })
              .trim()
              .min(1, '请填写取消原因')
              .max(500, '取消原因不能超过500个字符'),
          }),
        },
        config: perm('cancel'),
      },
      async (request) => {
        await cancelRemaining(ctx.db, actorOf(request), request.tenantId, request.body);
        return ok(null, '剩余数量已取消');
      },
    );

    // PR-6: approved lines with quantity left, for "create a sourcing event from lines".
    app.get(
      '/srm/requisition/openLines',
      {
        schema: {
          tags,
          summary: '已审批且有剩余数量的采购申请行（PR-3、PR-6）',
          querystring: z.object({
            code: z.string().trim().max(64).optional(),
            keyword: z.string().trim().max(100).optional(),
            _t: z.string().optional(),
          }),
        },
        config: perm('list'),
      },
      async (request) => {
        const rows = await openLines(ctx.db, request.tenantId, request.query);
        return ok(
          rows
            .filter((l) => remainingOf(l) > 0n)
            .map((l) => ({
              ...l,
              lineId: l.id,
              requisitionCode: l.code,
              qtyRemaining: qtyText(remainingOf(l)),
              lineStatus_dictText: PR_LINE_STATUS_TEXT[l.lineStatus] ?? l.lineStatus,
            })),
        );
      },
    );
  };
