import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, supplierInfoSchema } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { runPagedList, type ListFields } from '../../core/paging.js';
import { toWireDateTime } from '../../core/clock.js';
import { toUserInfo } from '../users/user-service.js';

const SUPPLIER_LIST_FIELDS: ListFields = {
  id: { column: 's.id', filter: 'exact' },
  code: { column: 's.code', filter: 'text', sortable: true },
  name: { column: 's.name', filter: 'text', sortable: true },
  uscc: { column: 's.uscc', filter: 'text' },
  status: { column: 's.status', filter: 'exact', sortable: true },
  infoStatus: { column: 's.infoStatus', filter: 'exact' },
  createTime: { column: 's.createTime', sortable: true },
};

/** The supplier's own profile and the buyer's supplier list (domain §4). */
export const supplierRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/supplierBaseAPI/getSupplier',
      {
        schema: { tags: ['supplier'], summary: '当前供应商用户的企业信息（内部用户为 null）' },
        config: { access: 'authenticated', allowIncompleteSupplier: true },
      },
      async (request) => ok(await ctx.suppliers.profileOf(request.user!)),
    );

    app.post(
      '/supplierBaseAPI/saveSupplierInfo',
      {
        schema: { tags: ['supplier'], summary: '提交完善的企业信息', body: supplierInfoSchema },
        config: { access: 'authenticated', allowIncompleteSupplier: true },
      },
      async (request) => {
        await ctx.suppliers.submitInfo(request.user!, request.body);
        const user = await ctx.db
          .selectFrom('sysUser')
          .selectAll()
          .where('id', '=', request.user!.id)
          .executeTakeFirstOrThrow();
        return ok(
          { userInfo: toUserInfo(user), supplier: await ctx.suppliers.profileOf(request.user!) },
          '企业信息已提交',
        );
      },
    );

    app.get(
      '/supplier/list',
      {
        schema: { tags: ['supplier'], summary: '供应商分页列表' },
        config: { access: { permission: 'supplier:list' } },
      },
      async (request) => {
        const base = ctx.db
          .selectFrom('supplier as s')
          .leftJoin('supplierContact as c', (j) => j.onRef('c.supplierId', '=', 's.id').on('c.isPrimary', '=', 1))
          .select([
            's.id',
            's.code',
            's.name',
            's.uscc',
            's.legalPerson',
            's.status',
            's.infoStatus',
            's.source',
            's.createTime',
          ])
          .select(['c.name as contactName', 'c.mobile as contactMobile'])
          .where('s.delFlag', '=', 0)
          // Buyers see their tenant's suppliers.
          .where('s.tenantId', '=', request.tenantId);
        const page = await runPagedList(
          ctx,
          base,
          request.query as Record<string, unknown>,
          SUPPLIER_LIST_FIELDS,
          { column: 's.createTime', order: 'desc' },
          { idColumn: 's.id' },
        );
        const dict = await ctx.dicts.textMaps(['srm_supplier_status', 'srm_supplier_info_status']);
        return ok({
          ...page,
          records: page.records.map((s) => ({
            ...s,
            createTime: toWireDateTime(s.createTime),
            status_dictText: dict.srm_supplier_status.get(s.status) ?? null,
            infoStatus_dictText: dict.srm_supplier_info_status.get(s.infoStatus) ?? null,
          })),
        });
      },
    );
  };
