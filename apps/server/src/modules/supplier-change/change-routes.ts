import { z } from 'zod';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changeDraftSchema, changeRequestSchema, ok, supplierChangeResource } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { forbidden, notFound } from '../../core/errors.js';
import { id } from '../../http/wire.js';
import type { Db } from '../../db/database.js';
import { resourceRoutes } from '../../resource/resource-routes.js';
import type { AnyQuery } from '../../resource/resource-query.js';
import { SupplierChangeService } from './change-service.js';
import { currentValues, toRow } from './change-values.js';
import { nextNumberOf } from '../../resource/resource-ids.js';

const idBody = z.object({ id });

/**
 * Supplier change requests (domain §5). The generic workflow-document routes of the definition
 * (`supplierChangeResource`) list them, show one with its timeline, count the status tabs and
 * export: a supplier its own requests, drafts included; buyers their tenant's submitted ones
 * . The module's routes carry its rules: the change form's current values, saving a
 * draft, submitting (a draft, or a new request at once: the changed values are computed against
 * the profile, CHG-1..3, then the approval engine), withdrawing (a submitted one through the
 * engine), a buyer's request on a supplier's behalf and the applied history (CHG-6).
 */
export const supplierChangeRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = new SupplierChangeService(ctx.db);
    await app.register(
      resourceRoutes(ctx, supplierChangeResource, {
        scope: (q: AnyQuery) =>
          q
            .innerJoin('supplier as s', 's.id', 't.supplier_id')
            .select(sql.ref('s.name').as('supplierName')) as AnyQuery,
        decorate: async (rows) => rows.map(toRow),
        // Submit and withdraw take the change form's values or go through the approval engine.
        transitions: { actions: { submit: { mounted: true }, withdraw: { mounted: true } } },
      }),
    );
    const supplierOf = (user: { supplierId?: string | null }): string => {
      if (!user.supplierId) throw forbidden('仅供应商用户可以使用变更申请');
      return user.supplierId;
    };
    const mine = { access: { permission: 'supplierChange:mine' } } as const;

    app.get(
      '/supplierChange/current',
      { schema: { tags: ['supplier'], summary: '受控信息的当前值' }, config: mine },
      async (request) => {
        const { version: _v, bankId: _b, ...values } = await currentValues(ctx.db, supplierOf(request.user!));
        return ok(values);
      },
    );

    const nextCode = (trx: Db, tenantId: number) => nextNumberOf(ctx.codes, supplierChangeResource, tenantId, trx);
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
      '/supplierChange/myHistory',
      { schema: { tags: ['supplier'], summary: '本企业的变更历史' }, config: mine },
      async (request) => ok(await service.history(supplierOf(request.user!))),
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
