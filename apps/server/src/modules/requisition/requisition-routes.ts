import { z } from 'zod';
import { actorOf } from '../../core/access.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { badRequest, businessError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { id, WIRE_DATE } from '../../http/wire.js';
import { escapeLike, runPagedList, type ListFields } from '../../core/paging.js';
import { businessDay, serverNowIso, toWireDateTime } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import { latestApprovalOf, submitForApproval, withdrawApproval } from '../approval/index.js';
import { isActiveUnit, UNKNOWN_UNIT } from '../material/material-rules.js';
import { lineAmount, PRICE_PATTERN, QTY_PATTERN, qtyText, sumMoney, units } from './requisition-decimal.js';
import {
  CONSUMABLE,
  linesOf,
  PR_DOC_TYPE,
  PR_LINE_STATUS_TEXT,
  PR_STATUS_TEXT,
  refreshStatuses,
  remainingOf,
  requisitionOf,
  userActor,
  writeLog,
  type Actor,
  type Requisition,
  type RequisitionLine,
} from './requisition-service.js';

/** Optional text: trimmed, '' and absent become null. */
const optText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label}不能超过${max}个字符`)
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
  needByDate: z.string({ error: '请选择需求日期' }).regex(WIRE_DATE, '需求日期格式不正确'),
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
  title: z.string({ error: '请填写申请标题' }).trim().min(1, '请填写申请标题').max(200, '申请标题不能超过200个字符'),
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
type Draft = z.infer<typeof draftSchema>;

const LIST_FIELDS: ListFields = {
  code: { column: 'r.code', filter: 'text', sortable: true },
  title: { column: 'r.title', filter: 'text', sortable: true },
  status: { column: 'r.status', filter: 'exact', sortable: true },
  purchaseType: { column: 'r.purchaseType', filter: 'exact' },
  urgency: { column: 'r.urgency', filter: 'exact' },
  createTime: { column: 'r.createTime', sortable: true },
};

type PreparedLine = Omit<
  RequisitionLine,
  'id' | 'requisitionId' | 'tenantId' | 'qtyInSourcing' | 'qtyOrdered' | 'qtyCancelled' | 'qtyAwarded' | 'lineStatus'
>;

/**
 * PR-1 on every line: qty > 0, needByDate not before today (GMT+8), a catalogue line's material
 * ACTIVE (MAT-3) and copied onto the line, a non-catalogue line with its description and
 * category. Amounts are round(qty × estimated unit price, 2).
 */
async function prepareLines(trx: Db, tenantId: number, lines: Draft['lines']): Promise<PreparedLine[]> {
  const day = businessDay();
  const prepared: PreparedLine[] = [];
  for (const [i, l] of lines.entries()) {
    const n = `第${i + 1}行`;
    const field = (name: string, message: string) =>
      badRequest(`${n}：${message}`, { [`lines.${i}.${name}`]: message });
    if (units(l.qty) <= 0n) throw field('qty', '数量必须大于0（PR-1）');
    const parsed = new Date(`${l.needByDate}T00:00:00Z`);
    if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== l.needByDate)
      throw field('needByDate', '需求日期不正确');
    if (l.needByDate < day) throw field('needByDate', '需求日期不能早于今天（PR-1）');
    let snapshot: Pick<
      PreparedLine,
      'materialId' | 'materialCode' | 'materialName' | 'description' | 'spec' | 'categoryId' | 'unit'
    >;
    if (l.materialId) {
      const m = await trx
        .selectFrom('srmMaterial')
        .select(['id', 'code', 'name', 'spec', 'categoryId', 'unit', 'status'])
        .where('id', '=', l.materialId)
        .where('tenantId', '=', tenantId)
        .executeTakeFirst();
      if (!m) throw field('materialId', '物料不存在');
      if (m.status !== 'ACTIVE')
        throw field('materialId', `物料 ${m.code} ${m.name} 未启用或已停用，不能申请（PR-1、MAT-3）`);
      snapshot = {
        materialId: m.id,
        materialCode: m.code,
        materialName: m.name,
        description: l.description,
        spec: m.spec,
        categoryId: m.categoryId,
        unit: m.unit,
      };
    } else {
      if (!l.description) throw field('description', '非目录物料须填写物料描述（PR-1）');
      if (!l.categoryId) throw field('categoryId', '非目录物料须选择物料分类（PR-1）');
      if (!l.unit) throw field('unit', '请选择单位');
      if (!(await isActiveUnit(trx, l.unit))) throw field('unit', UNKNOWN_UNIT);
      const c = await trx
        .selectFrom('srmMaterialCategory')
        .select('id')
        .where('id', '=', l.categoryId)
        .where('tenantId', '=', tenantId)
        .executeTakeFirst();
      if (!c) throw field('categoryId', '物料分类不存在');
      snapshot = {
        materialId: null,
        materialCode: null,
        materialName: l.description,
        description: l.description,
        spec: l.spec,
        categoryId: l.categoryId,
        unit: l.unit,
      };
    }
    if (l.suggestedSupplierId) {
      const s = await trx
        .selectFrom('supplier')
        .select('id')
        .where('id', '=', l.suggestedSupplierId)
        .where('delFlag', '=', 0)
        .executeTakeFirst();
      if (!s) throw field('suggestedSupplierId', '推荐供应商不存在');
    }
    prepared.push({
      ...snapshot,
      lineNo: i + 1,
      qty: qtyText(units(l.qty)),
      needByDate: l.needByDate,
      estimatedUnitPrice: l.estimatedUnitPrice,
      amount: l.estimatedUnitPrice ? lineAmount(l.qty, l.estimatedUnitPrice) : '0.00',
      suggestedSupplierId: l.suggestedSupplierId,
      suggestionReason: l.suggestedSupplierId ? l.suggestionReason : null,
      deliveryPlace: l.deliveryPlace,
      remark: l.remark,
    });
  }
  return prepared;
}

/** The header's checked values; the buyer defaults to the first line's category buyer. */
async function prepareHeader(trx: Db, actor: Actor, body: Draft, lines: PreparedLine[]) {
  if (body.urgency === 'URGENT' && !body.urgentReason)
    throw badRequest('紧急采购请填写紧急原因', { urgentReason: '紧急采购请填写紧急原因' });
  let buyerId = body.buyerId;
  if (buyerId) {
    const u = await trx
      .selectFrom('sysUser')
      .select('id')
      .where('id', '=', buyerId)
      .where('userType', '<>', 2)
      .where('delFlag', '=', 0)
      .executeTakeFirst();
    if (!u) throw badRequest('采购员不存在', { buyerId: '采购员不存在' });
  } else {
    const categoryId = lines.find((l) => l.categoryId)?.categoryId;
    if (categoryId)
      buyerId =
        (
          await trx
            .selectFrom('srmMaterialCategory')
            .select('defaultBuyerId')
            .where('id', '=', categoryId)
            .executeTakeFirst()
        )?.defaultBuyerId ?? null;
  }
  const me = await trx.selectFrom('sysUser').select('orgCode').where('id', '=', actor.user.id).executeTakeFirst();
  return {
    title: body.title,
    purchaseType: body.purchaseType,
    urgency: body.urgency,
    urgentReason: body.urgency === 'URGENT' ? body.urgentReason : null,
    reason: body.reason,
    currency: body.currency,
    deliveryPlace: body.deliveryPlace,
    departmentCode: body.departmentCode ?? me?.orgCode ?? null,
    buyerId,
    remark: body.remark,
    // PR-2: the budget is the sum of the lines.
    budgetAmount: sumMoney(lines.map((l) => l.amount)),
  };
}

async function insertLines(trx: Db, requisitionId: string, tenantId: number, lines: PreparedLine[]): Promise<void> {
  for (const l of lines) {
    await trx
      .insertInto('purchaseRequisitionLine')
      .values({
        ...l,
        id: newId(),
        requisitionId,
        tenantId,
        qtyInSourcing: '0',
        qtyOrdered: '0',
        qtyCancelled: '0',
        qtyAwarded: '0',
        lineStatus: 'OPEN',
      })
      .execute();
  }
}

/** PR-1 again at submission: the dates against the submission day, the materials still ACTIVE. */
async function assertSubmittable(trx: Db, r: Requisition, lines: RequisitionLine[]): Promise<void> {
  if (lines.length === 0) throw businessError('请至少添加一行物料');
  const day = businessDay();
  for (const l of lines) {
    if (units(l.qty) <= 0n) throw businessError(`第${l.lineNo}行：数量必须大于0（PR-1）`);
    if (l.needByDate < day)
      throw businessError(`第${l.lineNo}行：需求日期 ${l.needByDate} 早于提交日期，请修改后再提交（PR-1）`);
    if (l.materialId) {
      const m = await trx
        .selectFrom('srmMaterial')
        .select(['code', 'name', 'status'])
        .where('id', '=', l.materialId)
        .executeTakeFirst();
      if (!m || m.status !== 'ACTIVE')
        throw businessError(
          `第${l.lineNo}行：物料 ${l.materialCode ?? ''} ${l.materialName ?? ''} 未启用或已停用，不能提交（PR-1、MAT-3）`,
        );
    }
  }
  if (r.urgency === 'URGENT' && !r.urgentReason) throw businessError('紧急采购请填写紧急原因');
}

/** Why a requisition in `status` cannot be edited (X-3, PR-4). */
function editRefusal(status: string): string {
  if (status === 'PENDING_APPROVAL') return '采购申请审批中，不能修改；如需修改请先撤回';
  return '采购申请已审批，数量和内容已锁定；如需变更请取消剩余数量后重新申请（PR-4）';
}

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
        const base = ctx.db
          .selectFrom('purchaseRequisition as r')
          .leftJoin('sysUser as u', 'u.id', 'r.requesterId')
          .select([
            'r.id',
            'r.code',
            'r.title',
            'r.status',
            'r.purchaseType',
            'r.urgency',
            'r.budgetAmount',
            'r.currency',
            'r.requesterId',
            'u.realname as requesterName',
            'r.departmentCode',
            'r.submittedAt',
            'r.approvedAt',
            'r.createTime',
            'r.version',
          ])
          .where('r.tenantId', '=', request.tenantId)
          .where('r.delFlag', '=', 0);
        const page = await runPagedList(ctx.kind, base, request.query as Record<string, unknown>, LIST_FIELDS, {
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
        const userIds = [r.requesterId, r.buyerId].filter((v): v is string => !!v);
        const users = new Map(
          (await ctx.db.selectFrom('sysUser').select(['id', 'realname']).where('id', 'in', userIds).execute()).map(
            (u) => [u.id, u.realname],
          ),
        );
        const categoryIds = [...new Set(lines.map((l) => l.categoryId).filter((v): v is string => !!v))];
        const categories = new Map(
          categoryIds.length
            ? (
                await ctx.db
                  .selectFrom('srmMaterialCategory')
                  .select(['id', 'name'])
                  .where('id', 'in', categoryIds)
                  .execute()
              ).map((c) => [c.id, c.name])
            : [],
        );
        const supplierIds = [...new Set(lines.map((l) => l.suggestedSupplierId).filter((v): v is string => !!v))];
        const suppliers = new Map(
          supplierIds.length
            ? (await ctx.db.selectFrom('supplier').select(['id', 'name']).where('id', 'in', supplierIds).execute()).map(
                (s) => [s.id, s.name],
              )
            : [],
        );
        const instances = await ctx.db
          .selectFrom('approvalInstance')
          .select(['id', 'status'])
          .where('docType', '=', PR_DOC_TYPE)
          .where('docId', '=', r.id)
          .where('tenantId', '=', request.tenantId)
          .execute();
        const history = instances.length
          ? await ctx.db
              .selectFrom('approvalHistory as h')
              .leftJoin('sysUser as u', 'u.id', 'h.actorId')
              .select(['h.id', 'h.instanceId', 'h.action', 'h.step', 'h.comment', 'h.at', 'u.realname as actorName'])
              .where(
                'h.instanceId',
                'in',
                instances.map((i) => i.id),
              )
              .orderBy('h.at')
              .orderBy('h.id')
              .execute()
          : [];
        const latest = await latestApprovalOf(ctx.db, PR_DOC_TYPE, r.id);
        const logs = await ctx.db
          .selectFrom('purchaseRequisitionLog')
          .select(['id', 'action', 'fromStatus', 'toStatus', 'actorName', 'reason', 'at'])
          .where('requisitionId', '=', r.id)
          .orderBy('at')
          .orderBy('id')
          .execute();
        return ok({
          ...r,
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
          logs: logs.map((l) => ({ ...l, at: toWireDateTime(l.at) })),
        });
      },
    );

    app.get(
      '/srm/requisition/options',
      { schema: { tags, summary: '新建采购申请的可选物料分类与采购员' }, config: perm('list') },
      async (request) => {
        const categories = await ctx.db
          .selectFrom('srmMaterialCategory')
          .select(['id', 'code', 'name'])
          .where('tenantId', '=', request.tenantId)
          .where('isLeaf', '=', 1)
          .where('status', '=', 'ACTIVE')
          .orderBy('code')
          .limit(2000)
          .execute();
        const buyers = await ctx.db
          .selectFrom('sysUser')
          .select(['id', 'username', 'realname'])
          .where('userType', '<>', 2)
          .where('delFlag', '=', 0)
          .where('status', '=', 1)
          .orderBy('username')
          .limit(500)
          .execute();
        return ok({ categories, buyers });
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
        let q = ctx.db
          .selectFrom('srmMaterial')
          .select(['id', 'code', 'name', 'spec', 'unit', 'categoryId'])
          .where('tenantId', '=', request.tenantId)
          .where('status', '=', 'ACTIVE');
        const keyword = request.query.keyword;
        if (keyword) {
          const pattern = `%${escapeLike(keyword)}%`;
          q = q.where((eb) => eb.or([eb('code', 'like', pattern), eb('name', 'like', pattern)]));
        }
        return ok(await q.orderBy('code').limit(50).execute());
      },
    );

    app.post(
      '/srm/requisition/add',
      { schema: { tags, summary: '新建采购申请草稿（含明细，PR-1）', body: draftSchema }, config: perm('add') },
      async (request) => {
        const actor = actorOf(request);
        const result = await ctx.db.transaction().execute(async (trx) => {
          const lines = await prepareLines(trx, request.tenantId, request.body.lines);
          const header = await prepareHeader(trx, actor, request.body, lines);
          const rowId = newId();
          const code = await ctx.codes.next('PR', { tenantId: request.tenantId, trx });
          await trx
            .insertInto('purchaseRequisition')
            .values({
              ...header,
              id: rowId,
              tenantId: request.tenantId,
              sysOrgCode: header.departmentCode,
              code,
              requesterId: actor.user.id,
              status: 'DRAFT',
              submittedBy: null,
              submittedAt: null,
              approvedAt: null,
              cancelledAt: null,
              cancelReason: null,
              delFlag: 0,
              version: 1,
              createBy: actor.user.username,
              createTime: serverNowIso(),
              updateBy: null,
              updateTime: null,
            })
            .execute();
          await insertLines(trx, rowId, request.tenantId, lines);
          await writeLog(trx, rowId, 'create', null, 'DRAFT', userActor(actor));
          return { id: rowId, code };
        });
        return ok(result, '采购申请已保存');
      },
    );

    app.route({
      method: ['PUT', 'POST'],
      url: '/srm/requisition/edit',
      schema: { tags, summary: '修改草稿或被驳回的采购申请（PR-1、PR-4）', body: editSchema },
      config: perm('edit'),
      handler: async (request) => {
        const actor = actorOf(request);
        const body = request.body as z.infer<typeof editSchema>;
        await ctx.db.transaction().execute(async (trx) => {
          const r = await requisitionOf(trx, body.id, request.tenantId);
          if (r.status !== 'DRAFT' && r.status !== 'REJECTED') throw businessError(editRefusal(r.status));
          if (r.version !== body.version) throw businessError('采购申请已被他人修改，请刷新后重试');
          const lines = await prepareLines(trx, request.tenantId, body.lines);
          const header = await prepareHeader(trx, actor, body, lines);
          const moved = await trx
            .updateTable('purchaseRequisition')
            .set({
              ...header,
              sysOrgCode: header.departmentCode,
              status: 'DRAFT',
              version: r.version + 1,
              updateBy: actor.user.username,
              updateTime: serverNowIso(),
            })
            .where('id', '=', r.id)
            .where('version', '=', r.version)
            .executeTakeFirst();
          if (Number(moved.numUpdatedRows) !== 1) throw businessError('采购申请已被他人修改，请刷新后重试');
          // Drafts and rejected requisitions have consumed nothing: their lines are replaced whole.
          await trx.deleteFrom('purchaseRequisitionLine').where('requisitionId', '=', r.id).execute();
          await insertLines(trx, r.id, request.tenantId, lines);
          if (r.status === 'REJECTED') await writeLog(trx, r.id, 'edit', 'REJECTED', 'DRAFT', userActor(actor));
        });
        return ok(null, '采购申请已保存');
      },
    });

    app.delete(
      '/srm/requisition/delete',
      { schema: { tags, summary: '删除采购申请草稿（X-13）', querystring: z.object({ id }) }, config: perm('delete') },
      async (request) => {
        await ctx.db.transaction().execute(async (trx) => {
          const r = await requisitionOf(trx, request.query.id, request.tenantId);
          // only drafts are deleted; submitted ones are withdrawn, approved ones cancelled.
          if (r.status !== 'DRAFT')
            throw businessError(
              `只有草稿状态的采购申请可以删除，${r.code} 当前状态：${PR_STATUS_TEXT[r.status] ?? r.status}`,
            );
          await trx
            .updateTable('purchaseRequisition')
            .set({ delFlag: 1, version: r.version + 1, updateBy: request.user!.username, updateTime: serverNowIso() })
            .where('id', '=', r.id)
            .where('status', '=', 'DRAFT')
            .execute();
          await writeLog(trx, r.id, 'delete', 'DRAFT', 'DRAFT', userActor(actorOf(request)));
        });
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
        const actor = actorOf(request);
        const status = await ctx.db.transaction().execute(async (trx) => {
          const r = await requisitionOf(trx, request.body.id, request.tenantId);
          if (r.status !== 'DRAFT' && r.status !== 'REJECTED')
            throw businessError(
              `只有草稿或被驳回的采购申请可以提交，当前状态：${PR_STATUS_TEXT[r.status] ?? r.status}`,
            );
          if (request.body.version !== undefined && request.body.version !== r.version)
            throw businessError('采购申请已被他人修改，请刷新后重试');
          const lines = await linesOf(trx, r.id);
          await assertSubmittable(trx, r, lines);
          const now = serverNowIso();
          const moved = await trx
            .updateTable('purchaseRequisition')
            .set({
              status: 'PENDING_APPROVAL',
              submittedBy: actor.user.id,
              submittedAt: now,
              version: r.version + 1,
              updateBy: actor.user.username,
              updateTime: now,
            })
            .where('id', '=', r.id)
            .where('version', '=', r.version)
            .executeTakeFirst();
          if (Number(moved.numUpdatedRows) !== 1) throw businessError('采购申请已被他人修改，请刷新后重试');
          await writeLog(trx, r.id, 'submit', r.status, 'PENDING_APPROVAL', userActor(actor));
          // PR-2: the budget decides which steps apply.
          const started = await submitForApproval(trx, {
            docType: PR_DOC_TYPE,
            docId: r.id,
            title: `采购申请：${r.title}（${r.code}）`,
            amount: r.budgetAmount,
            submitterId: actor.user.id,
            tenantId: request.tenantId,
          });
          return started.status;
        });
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
        await ctx.db.transaction().execute(async (trx) => {
          const r = await requisitionOf(trx, request.body.id, request.tenantId);
          if (r.status !== 'PENDING_APPROVAL')
            throw businessError(`只有审批中的采购申请可以撤回，当前状态：${PR_STATUS_TEXT[r.status] ?? r.status}`);
          const instance = await latestApprovalOf(trx, PR_DOC_TYPE, r.id);
          if (!instance) throw businessError('采购申请没有进行中的审批');
          // The engine allows only the submitter and runs the handler that moves the requisition back to DRAFT.
          await withdrawApproval(
            trx,
            { id: request.user!.id, tenantId: request.tenantId },
            instance.id,
            request.body.reason ?? '',
          );
        });
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
        const actor = actorOf(request);
        await ctx.db.transaction().execute(async (trx) => {
          const r = await requisitionOf(trx, request.body.id, request.tenantId);
          if (!CONSUMABLE.includes(r.status) || r.cancelledAt)
            throw businessError(
              `只有已审批且未关闭的采购申请可以取消剩余数量，当前状态：${PR_STATUS_TEXT[r.status] ?? r.status}`,
            );
          const lines = await linesOf(trx, r.id);
          // PR-5: only what is still free is cancelled; reserved and ordered quantity stays linked.
          for (const l of lines) {
            const free = remainingOf(l);
            if (free <= 0n) continue;
            const moved = await trx
              .updateTable('purchaseRequisitionLine')
              .set({ qtyCancelled: qtyText(units(l.qtyCancelled) + free) })
              .where('id', '=', l.id)
              .where('qtyInSourcing', '=', l.qtyInSourcing)
              .where('qtyOrdered', '=', l.qtyOrdered)
              .where('qtyCancelled', '=', l.qtyCancelled)
              .executeTakeFirst();
            if (Number(moved.numUpdatedRows) !== 1) throw businessError('采购申请已被他人处理，请刷新后重试');
          }
          const now = serverNowIso();
          await trx
            .updateTable('purchaseRequisition')
            .set({
              cancelledAt: now,
              cancelReason: request.body.reason,
              updateBy: actor.user.username,
              updateTime: now,
            })
            .where('id', '=', r.id)
            .execute();
          await refreshStatuses(trx, [r.id], 'cancel', userActor(actor), request.body.reason);
          const after = await requisitionOf(trx, r.id, request.tenantId);
          if (after.status === r.status)
            await writeLog(trx, r.id, 'cancel', r.status, r.status, userActor(actor), request.body.reason);
        });
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
        let q = ctx.db
          .selectFrom('purchaseRequisitionLine as l')
          .innerJoin('purchaseRequisition as r', 'r.id', 'l.requisitionId')
          .selectAll('l')
          .select(['r.code', 'r.title', 'r.buyerId', 'r.currency', 'r.purchaseType'])
          .where('r.tenantId', '=', request.tenantId)
          .where('r.delFlag', '=', 0)
          .where('r.status', 'in', CONSUMABLE)
          .where('r.cancelledAt', 'is', null)
          .where('l.lineStatus', 'in', ['OPEN', 'IN_SOURCING']);
        if (request.query.code) q = q.where('r.code', 'like', `%${escapeLike(request.query.code)}%`);
        if (request.query.keyword) {
          const pattern = `%${escapeLike(request.query.keyword)}%`;
          q = q.where((eb) =>
            eb.or([
              eb('l.materialCode', 'like', pattern),
              eb('l.materialName', 'like', pattern),
              eb('r.title', 'like', pattern),
            ]),
          );
        }
        const rows = await q.orderBy('r.code').orderBy('l.lineNo').limit(1000).execute();
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
