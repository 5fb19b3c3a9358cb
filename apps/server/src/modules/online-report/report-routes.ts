import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, reportHeadResource, reportItemResource, reportParamResource, type DictItem } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { badRequest, businessError } from '../../core/errors.js';
import { resourceRoutes, type Values } from '../../resource/resource-routes.js';
import type { AnyDb, AnyQuery } from '../../resource/resource-query.js';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { inTenant } from '../../core/tenant-data.js';
import { loadReport } from './report-definition.js';
import { runReport, type ReportFilter } from './report-runner.js';
import { paramsOf, parseReportSql } from './report-sql.js';
import { reportLimits } from './report-tables.js';

/** Who may read reports (popups in forms): a button code granted to administrators and buyers. */
export const REPORT_DATA_PERMISSION = 'onlReport:data';

const idParam = z.object({ id: z.string().regex(/^[0-9a-f]{32}$/, '报表编号不正确') });
const codeParam = z.object({ code: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,99}$/, '报表编码不正确') });
const NUMERIC = new Set(['integer', 'number']);

/** JeecgBoot's wire view of a column type: `list` when it has a dictionary. */
const viewOf = (item: { fieldType: string; dictCode: string | null }) =>
  item.dictCode ? 'list' : item.fieldType.toLowerCase();

export const reportRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const data = { access: { permission: REPORT_DATA_PERMISSION }, internalOnly: true } as const;

    app.get(
      '/online/cgreport/api/getRpColumns/:code',
      { schema: { tags: ['在线报表'], summary: '报表列', params: codeParam }, config: data },
      async (request) => {
        const report = await loadReport(ctx.db, { code: request.params.code }, request);
        const dictOptions: Record<string, DictItem[]> = {};
        const columns = [];
        for (const item of report.items.filter((i) => i.isShow !== 0)) {
          const column: Record<string, unknown> = {
            title: item.fieldTxt,
            dataIndex: item.fieldName,
            align: 'center',
            sorter: 'true',
            fieldType: item.fieldType,
          };
          if (item.dictCode) {
            dictOptions[item.fieldName] = await ctx.dicts.items(item.dictCode, request.tenantId).catch(() => []);
            column.customRender = item.fieldName;
          }
          columns.push(column);
        }
        return ok({ cgRpConfigId: report.id, cgRpConfigName: report.name, columns, dictOptions });
      },
    );

    app.get(
      '/online/cgreport/api/getQueryInfo/:id',
      { schema: { tags: ['在线报表'], summary: '报表查询条件', params: idParam }, config: data },
      async (request) => {
        const report = await loadReport(ctx.db, { id: request.params.id }, request);
        const items = report.items
          .filter((i) => i.isQuery === 1)
          .map((i, n) => ({
            field: i.fieldName,
            label: i.fieldTxt,
            view: viewOf(i),
            mode: i.searchMode === 'group' ? 'group' : 'single',
            ...(i.dictCode ? { dictCode: i.dictCode } : {}),
            ...(n >= 2 ? { hidden: '1' } : {}),
          }));
        return ok(items);
      },
    );

    app.get(
      '/online/cgreport/api/getData/:id',
      { schema: { tags: ['在线报表'], summary: '报表数据', params: idParam }, config: data },
      async (request) => {
        const report = await loadReport(ctx.db, { id: request.params.id }, request);
        const query = request.query as Record<string, unknown>;
        const text = (name: string) => {
          const v = query[name];
          if (v === undefined || v === null || v === '') return undefined;
          if (typeof v !== 'string' || v.length > 200) throw badRequest(`查询条件不正确: ${name}`);
          return v.trim();
        };
        const pageNo = Number(text('pageNo') ?? 1);
        const pageSize = Number(text('pageSize') ?? 10);
        if (!Number.isInteger(pageNo) || pageNo < 1 || !Number.isInteger(pageSize) || pageSize < 1)
          throw badRequest('分页参数不正确');

        // Only the report's own columns can be searched or sorted (SQLI-7); values are bound.
        const filters: ReportFilter[] = [];
        for (const item of report.items.filter((i) => i.isQuery === 1)) {
          const value = (v: string) => {
            if (NUMERIC.has(item.fieldType) && !/^-?\d+(\.\d+)?$/.test(v))
              throw badRequest(`${item.fieldTxt}必须是数字`);
            return v;
          };
          if (item.searchMode === 'group') {
            const begin = text(`${item.fieldName}_begin`);
            const end = text(`${item.fieldName}_end`);
            if (begin) filters.push({ column: item.fieldName, op: '>=', value: value(begin) });
            if (end) filters.push({ column: item.fieldName, op: '<=', value: value(end) });
          } else {
            const v = text(item.fieldName);
            if (v)
              filters.push(
                item.fieldType === 'string' && !item.dictCode
                  ? { column: item.fieldName, op: 'like', value: v.replace(/^\*|\*$/g, '') }
                  : { column: item.fieldName, op: '=', value: value(v) },
              );
          }
        }
        const column = text('column');
        const order = text('order');
        if (order !== undefined && !/^(asc|desc)$/i.test(order)) throw badRequest('排序方式只能是 asc 或 desc');
        let sort: { column: string; order: 'asc' | 'desc' } | undefined;
        if (column) {
          if (!report.items.some((i) => i.fieldName === column)) throw badRequest('不支持的排序字段');
          sort = { column, order: order?.toLowerCase() === 'asc' ? 'asc' : 'desc' };
        }
        const params: Record<string, string | null> = {};
        for (const p of report.params) params[p.paramName] = text(`self_${p.paramName}`) ?? p.paramValue ?? null;
        const page = await runReport(
          ctx,
          { parts: report.parts, params, filters, sort, pageNo, pageSize, tenantId: request.tenantId },
          request.log,
        );
        return ok({
          total: page.total,
          records: page.records,
          size: Math.min(pageSize, reportLimits.maxPageSize),
          current: pageNo,
        });
      },
    );

    // The definitions, on the generic machinery; a SELECT is checked, then tried (read-only,
    // allow-listed, time-limited) before it is stored.
    // Tried as the saving tenant runs it: a report that cannot be filtered by tenant is refused on save.
    const trySql = async (values: Values, tenantId: number) => {
      if (typeof values.cgrSql !== 'string') return;
      const parts = parseReportSql(values.cgrSql);
      const params = Object.fromEntries(paramsOf(parts).map((p) => [p, null]));
      await runReport(ctx, { parts, params, filters: [], pageNo: 1, pageSize: 1, tenantId }, app.log);
    };
    await app.register(
      resourceRoutes(ctx, reportHeadResource, {
        beforeAdd: (values, _trx, request) => trySql(values, request.tenantId),
        beforeEdit: (_id, values, _trx, request) => trySql(values, request.tenantId),
      }),
    );
    // Columns and parameters are their report's: only a report of the request's tenant (all for the platform).
    const ownHead = async (values: Values, trx: AnyDb, request: FastifyRequest) => {
      const head = await trx
        .selectFrom('onl_cgreport_head')
        .select('id')
        .where('id', '=', values.cgrheadId)
        .where(inTenant(request, 'tenant_id'))
        .executeTakeFirst();
      if (!head) throw businessError('报表不存在');
      values.orderNum ??= 0;
    };
    const ofOwnHeads = (query: AnyQuery, request: FastifyRequest) =>
      query.where(
        sql.ref('t.cgrhead_id'),
        'in',
        (ctx.db as unknown as AnyDb).selectFrom('onl_cgreport_head').select('id').where(inTenant(request, 'tenant_id')),
      );
    await app.register(
      resourceRoutes(ctx, reportItemResource, {
        scope: ofOwnHeads,
        beforeAdd: async (values, trx, request) => {
          await ownHead(values, trx, request);
          values.isShow ??= 1;
          values.isQuery ??= 0;
        },
      }),
    );
    await app.register(resourceRoutes(ctx, reportParamResource, { scope: ofOwnHeads, beforeAdd: ownHead }));
  };
