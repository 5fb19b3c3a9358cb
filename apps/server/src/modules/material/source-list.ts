import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { ok, supplierMaterialResource } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { badRequest, businessError, forbidden, notFound } from '../../core/errors.js';
import { id } from '../../http/wire.js';
import { serverNowIso } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import type { SupplierMaterialTable } from './material-tables.js';
import { resourceRoutes, type Values } from '../../resource/resource-routes.js';
import type { AnyDb, AnyQuery } from '../../resource/resource-query.js';
import { amountReaches, isAmount } from '../approval/approval-amount.js';
import { refusalText, supplierEligibility } from '../supplier/index.js';
import { supplierUserIds } from '../supplier/status-log.js';
import { notifyUsers } from '../announcements/notify.js';
import { noticeHtml } from '../../core/sanitize.js';

/** Hooks get the untyped transaction; it is the same camelCase database. */
const typed = (trx: AnyDb) => trx as unknown as Db;

/** the supplier exists for this tenant's buyers and is neither blacklisted nor eliminated. */
async function assertSupplierSourceable(db: Db, tenantId: number, supplierId: string): Promise<void> {
  const refusal = await supplierEligibility(db, supplierId, { purpose: 'source-list', tenantId });
  if (refusal?.reason === 'UNKNOWN') throw badRequest(refusal.message, { supplierId: refusal.message });
  if (refusal) throw businessError(refusalText(refusal, '列入货源清单', 'X-15'));
}

/** MAT-3: only an active material of this tenant gets a new source. */
async function assertMaterialActive(db: Db, tenantId: number, materialId: string): Promise<void> {
  const m = await db
    .selectFrom('srmMaterial')
    .select(['code', 'name', 'status'])
    .where('id', '=', materialId)
    .where('tenantId', '=', tenantId)
    .executeTakeFirst();
  if (!m) throw badRequest('物料不存在', { materialId: '物料不存在' });
  if (m.status !== 'ACTIVE') throw businessError(`物料 ${m.code} ${m.name} 未启用或已停用，不能列入货源清单（MAT-3）`);
}

function checkMinOrderQty(values: Values): void {
  const qty = values.minOrderQty;
  if (qty === undefined || qty === null || qty === '') {
    if (qty === '') values.minOrderQty = null;
    return;
  }
  if (!isAmount(String(qty)) || amountReaches('0', String(qty)))
    throw badRequest('最小起订量必须是大于0的数字', { minOrderQty: '最小起订量必须是大于0的数字' });
}

/** Suppliers read their source list; writing it is the buyers' (X-5), whatever a role grants. */
function internalOnly(request: FastifyRequest): void {
  if (request.user?.supplierId) throw forbidden();
}

const blockBody = z.object({
  id,
  reason: z.string().trim().min(1, '请填写冻结原因').max(500, '冻结原因不能超过500个字符'),
});
const unblockBody = z.object({ id });

/**
 * The source list (货源清单, domain §3 SupplierMaterial): the generic list/form routes, where a
 * supplier sees only its own rows, details and exports, plus the named commands 冻结 and
 * 解冻 behind `supplierMaterial:status`. New rows need an active material (MAT-3) and a
 * supplier neither blacklisted nor eliminated; unblocking checks the supplier again.
 */
export const sourceListRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(
      resourceRoutes(ctx, supplierMaterialResource, {
        scope: (q: AnyQuery, request) => {
          const scoped = q
            .leftJoin('supplier as s', 's.id', 't.supplier_id')
            .leftJoin('srm_material as m', 'm.id', 't.material_id')
            .select([
              sql.ref('s.name').as('supplierName'),
              sql.ref('m.code').as('materialCode'),
              sql.ref('m.name').as('materialName'),
              sql.ref('m.spec').as('materialSpec'),
            ]) as AnyQuery;
          const supplierId = request.user?.supplierId;
          return supplierId ? scoped.where(sql.ref('t.supplier_id'), '=', supplierId) : scoped;
        },
        beforeAdd: async (values, trx, request) => {
          internalOnly(request);
          const db = typed(trx);
          const supplierId = String(values.supplierId);
          const materialId = String(values.materialId);
          await assertMaterialActive(db, request.tenantId, materialId);
          await assertSupplierSourceable(db, request.tenantId, supplierId);
          checkMinOrderQty(values);
          const dup = await db
            .selectFrom('supplierMaterial')
            .select('status')
            .where('tenantId', '=', request.tenantId)
            .where('supplierId', '=', supplierId)
            .where('materialId', '=', materialId)
            .executeTakeFirst();
          if (dup)
            throw businessError(
              `该供应商的此物料已在货源清单中${dup.status === 'BLOCKED' ? '（已冻结，可解冻后继续使用）' : ''}`,
            );
          values.status = 'ACTIVE';
        },
        beforeEdit: (_id, values, _trx, request) => {
          internalOnly(request);
          checkMinOrderQty(values);
        },
        beforeDelete: (_ids, _trx, request) => internalOnly(request),
      }),
    );

    const tags = [supplierMaterialResource.label];
    const access = { access: { permission: 'supplierMaterial:status' } };

    /** the supplier's users learn that a source of theirs was blocked or unblocked (in the command's transaction). */
    const notify = async (trx: Db, row: SupplierMaterialTable, title: string, content: string) => {
      const m = await trx
        .selectFrom('srmMaterial')
        .select(['code', 'name'])
        .where('id', '=', row.materialId)
        .executeTakeFirst();
      await notifyUsers(trx, {
        userIds: await supplierUserIds(trx, row.supplierId),
        title: m ? `${title}：${m.code} ${m.name}` : title,
        content,
        busType: 'supplierMaterial',
        busId: row.id,
        openType: 'url',
        openPage: '/srm/my-source-list',
      });
    };

    /**
     * Moves one row of the tenant from `from` (only if it is still there: a concurrent command
     * loses, X-4) after `check`, and tells the supplier.
     */
    const move = (
      request: FastifyRequest,
      rowId: string,
      rule: {
        from: string;
        refusal: string;
        changes: Partial<SupplierMaterialTable>;
        notice: [title: string, content: string];
      },
      check?: (trx: Db, row: SupplierMaterialTable) => Promise<void>,
    ) =>
      ctx.db.transaction().execute(async (trx) => {
        internalOnly(request);
        const row = await trx
          .selectFrom('supplierMaterial')
          .selectAll()
          .where('id', '=', rowId)
          .where('tenantId', '=', request.tenantId)
          .executeTakeFirst();
        if (!row) throw notFound('货源不存在');
        if (row.status !== rule.from) throw businessError(rule.refusal);
        await check?.(trx, row);
        const moved = await trx
          .updateTable('supplierMaterial')
          .set({ ...rule.changes, updateBy: request.user!.username, updateTime: serverNowIso() })
          .where('id', '=', row.id)
          .where('status', '=', rule.from)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) throw businessError('货源已被他人处理，请刷新后重试');
        await notify(trx, row, ...rule.notice);
      });

    app.post(
      `${supplierMaterialResource.path}/block`,
      { schema: { tags, summary: '冻结货源（有效 → 已冻结），须填写原因', body: blockBody }, config: access },
      async (request) => {
        const { id: rowId, reason } = request.body;
        await move(request, rowId, {
          from: 'ACTIVE',
          refusal: '只有有效状态的货源可以冻结',
          changes: {
            status: 'BLOCKED',
            blockReason: reason,
            blockedBy: request.user!.username,
            blockedAt: serverNowIso(),
          },
          notice: ['货源已冻结', noticeHtml`<p>冻结原因：${reason}</p>`],
        });
        return ok(null, '货源已冻结');
      },
    );

    app.post(
      `${supplierMaterialResource.path}/unblock`,
      { schema: { tags, summary: '解冻货源（已冻结 → 有效，X-15）', body: unblockBody }, config: access },
      async (request) => {
        await move(
          request,
          request.body.id,
          {
            from: 'BLOCKED',
            refusal: '只有已冻结的货源可以解冻',
            changes: { status: 'ACTIVE', blockReason: null, blockedBy: null, blockedAt: null },
            notice: ['货源已解冻', '<p>该物料已恢复为有效货源。</p>'],
          },
          (trx, row) => assertSupplierSourceable(trx, request.tenantId, row.supplierId),
        );
        return ok(null, '货源已解冻');
      },
    );
  };
