import { changeWorkflow } from '@procura/shared';
import { documentLog } from '../../workflow/doc-log.js';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changeDraftSchema, changeRequestSchema, ok } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { forbidden, notFound } from '../../core/errors.js';
import { id } from '../../http/wire.js';
import { runPagedList, type ListFields } from '../../core/paging.js';
import type { Db } from '../../db/database.js';
import { SupplierChangeService } from './change-service.js';
import { currentValues, toRow } from './change-values.js';

const LIST_FIELDS: ListFields = {
  code: { column: 'r.code', filter: 'text', sortable: true },
  supplierName: { column: 's.name', filter: 'text' },
  supplierId: { column: 'r.supplierId', filter: 'exact' },
  status: { column: 'r.status', filter: 'exact', sortable: true },
  submittedAt: { column: 'r.submittedAt', sortable: true },
};
const idBody = z.object({ id });

/**
 * Supplier change requests (domain §5). Suppliers use `/supplierChange/my*` and only ever see
 * their own requests and history; buyers list their tenant's requests and decide in 审批中心.
 */
export const supplierChangeRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = new SupplierChangeService(ctx.db);
    const supplierOf = (user: { supplierId?: string | null }): string => {
      if (!user.supplierId) throw forbidden('仅供应商用户可以使用变更申请');
      return user.supplierId;
    };
    const rows = (db: Db) =>
      db
        .selectFrom('supplierChangeRequest as r')
        .innerJoin('supplier as s', 's.id', 'r.supplierId')
        .selectAll('r')
        .select('s.name as supplierName');
    const mine = { access: { permission: 'supplierChange:mine' } } as const;

    app.get(
      '/supplierChange/current',
      { schema: { tags: ['supplier'], summary: '受控信息的当前值' }, config: mine },
      async (request) => {
        const { version: _v, bankId: _b, ...values } = await currentValues(ctx.db, supplierOf(request.user!));
        return ok(values);
      },
    );

    const nextCode = (trx: Db, tenantId: number) => ctx.codes.next('CR', { tenantId, trx });
    app.post(
      '/supplierChange/submit',
      {
        schema: { tags: ['supplier'], summary: '提交变更申请（新申请或草稿 id）', body: changeRequestSchema },
        config: mine,
      },
      async (request) =>
        ok(await service.save(request.user!, request.body, 'SUBMITTED', nextCode), '变更申请已提交，等待审批'),
    );

    // §5 DRAFT: saved any number of times; not counted by CHG-1 and seen by the supplier only.
    app.post(
      '/supplierChange/saveDraft',
      { schema: { tags: ['supplier'], summary: '保存变更申请草稿', body: changeDraftSchema }, config: mine },
      async (request) => ok(await service.save(request.user!, request.body, 'DRAFT', nextCode), '草稿已保存'),
    );

    app.get(
      '/supplierChange/draft',
      { schema: { tags: ['supplier'], summary: '草稿的变更内容（编辑用）', querystring: idBody }, config: mine },
      async (request) => ok(await service.draftValues(request.user!, request.query.id)),
    );

    app.post(
      '/supplierChange/withdraw',
      { schema: { tags: ['supplier'], summary: '撤回变更申请（草稿或审批中）', body: idBody }, config: mine },
      async (request) => {
        await service.withdraw(request.user!, request.body.id);
        return ok(null, '变更申请已撤回');
      },
    );

    app.get(
      '/supplierChange/mine',
      { schema: { tags: ['supplier'], summary: '我的变更申请' }, config: mine },
      async (request) => {
        const base = rows(ctx.db).where('r.supplierId', '=', supplierOf(request.user!));
        const page = await runPagedList(ctx, base, request.query as Record<string, unknown>, LIST_FIELDS, {
          column: 'r.submittedAt',
          order: 'desc',
        });
        return ok({ ...page, records: page.records.map(toRow) });
      },
    );

    app.get(
      '/supplierChange/myHistory',
      { schema: { tags: ['supplier'], summary: '本企业的变更历史' }, config: mine },
      async (request) => ok(await service.history(supplierOf(request.user!))),
    );

    app.get(
      '/supplierChange/list',
      {
        schema: { tags: ['supplier'], summary: '供应商变更申请列表' },
        config: { access: { permission: 'supplierChange:list' } },
      },
      async (request) => {
        if (request.user!.supplierId) throw forbidden();
        // Buyers see their tenant's suppliers, and no supplier's unsent drafts.
        const base = rows(ctx.db).where('s.tenantId', '=', request.tenantId).where('r.status', '<>', 'DRAFT');
        const page = await runPagedList(ctx, base, request.query as Record<string, unknown>, LIST_FIELDS, {
          column: 'r.submittedAt',
          order: 'desc',
        });
        return ok({ ...page, records: page.records.map(toRow) });
      },
    );

    /** A request a buyer may read: its tenant's suppliers, no unsent drafts. */
    const buyerRequest = async (
      request: { user?: { supplierId?: string | null } | null; tenantId: number },
      id: string,
    ) => {
      if (request.user!.supplierId) throw forbidden();
      const r = await rows(ctx.db)
        .where('r.id', '=', id)
        .where('s.tenantId', '=', request.tenantId)
        .where('r.status', '<>', 'DRAFT')
        .executeTakeFirst();
      if (!r) throw notFound('变更申请不存在');
      return r;
    };

    app.get(
      '/supplierChange/logs',
      {
        schema: { tags: ['supplier'], summary: '变更申请的状态日志（时间线）', querystring: idBody },
        config: { access: { permission: 'supplierChange:list' } },
      },
      async (request) => {
        const r = await buyerRequest(request, request.query.id);
        return ok(await documentLog(ctx.db, changeWorkflow, r.id));
      },
    );

    app.get(
      '/supplierChange/queryById',
      {
        schema: { tags: ['supplier'], summary: '变更申请详情', querystring: idBody },
        config: { access: { permission: 'supplierChange:list' } },
      },
      async (request) => ok(toRow(await buyerRequest(request, request.query.id))),
    );

    // §5 initiatedBy BUYER: a buyer asks on the supplier's behalf; the manager still approves.
    const supplierQuery = z.object({ supplierId: id });
    const add = { access: { permission: 'supplierChange:add' } } as const;
    const inTenant = async (supplierId: string, tenantId: number) => {
      const s = await ctx.db
        .selectFrom('supplier')
        .select('id')
        .where('id', '=', supplierId)
        .where('tenantId', '=', tenantId)
        .where('delFlag', '=', 0)
        .executeTakeFirst();
      if (!s) throw notFound('供应商不存在');
      return s.id;
    };
    app.get(
      '/supplierChange/currentOf',
      { schema: { tags: ['supplier'], summary: '供应商受控信息的当前值', querystring: supplierQuery }, config: add },
      async (request) => {
        if (request.user!.supplierId) throw forbidden();
        const {
          version: _v,
          bankId: _b,
          ...values
        } = await currentValues(ctx.db, await inTenant(request.query.supplierId, request.tenantId));
        return ok(values);
      },
    );
    app.post(
      '/supplierChange/submitFor',
      {
        schema: {
          tags: ['supplier'],
          summary: '代供应商提交变更申请',
          querystring: supplierQuery,
          body: changeRequestSchema,
        },
        config: add,
      },
      async (request) =>
        ok(
          await service.save(request.user!, request.body, 'SUBMITTED', nextCode, {
            supplierId: request.query.supplierId,
            tenantId: request.tenantId,
          }),
          '变更申请已提交，等待审批',
        ),
    );

    app.get(
      '/supplierChange/history',
      {
        schema: { tags: ['supplier'], summary: '供应商变更历史', querystring: supplierQuery },
        config: { access: { permission: 'supplier:list' } },
      },
      async (request) => {
        if (request.user!.supplierId) throw forbidden();
        const s = await ctx.db
          .selectFrom('supplier')
          .select('id')
          .where('id', '=', request.query.supplierId)
          .where('tenantId', '=', request.tenantId)
          .executeTakeFirst();
        if (!s) throw notFound('供应商不存在');
        return ok(await service.history(s.id));
      },
    );
  };
