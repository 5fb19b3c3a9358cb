import { z } from 'zod';
import { actorOf } from '../../core/access.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { id, requiredLineText, text, wireDate } from '../../http/wire.js';
import { PRICE_PATTERN, QTY_PATTERN, qtyText } from './requisition-decimal.js';
import { createRequisition, editRequisition } from './requisition-drafts.js';
import { activeMaterials, openLines, requisitionOptions } from './requisition-queries.js';
import { PR_LINE_STATUS_TEXT, remainingOf } from './requisition-service.js';
import { cancelRemaining, withdrawRequisition } from './requisition-submission.js';
import { requisitionDocumentRoutes } from './requisition-document.js';

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

/**
 * 采购申请 (domain §8): the generic document routes (requisition-document.ts: list, detail,
 * delete of drafts, export, log, status tabs, submit) and beside them the drafts with lines
 * (PR-1), edit after rejection (PR-4), withdraw, cancel of the remaining quantity (PR-5), and
 * the approved lines left to source (PR-3, PR-6). Every route is `srm:requisition:<action>` and
 * internal users only.
 */
export const requisitionRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['采购申请'];
    const perm = (action: string) => ({ access: { permission: `srm:requisition:${action}` }, internalOnly: true });
    await app.register(requisitionDocumentRoutes(ctx));

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
