import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import {
  bodySchemasOf,
  columnOf,
  EXTEND_VALUES_KEY,
  type ExtendValues,
  fieldEntries,
  ok,
  permissionCode,
  type ResourceDef,
} from '@procura/shared';
import type { AppContext } from '../app-context.js';
import { badRequest, businessError, notFound } from '../core/errors.js';
import { runPagedList } from '../core/paging.js';
import { serverNowIso } from '../core/clock.js';
import {
  checkExtendValues,
  dropExtendValues,
  storeExtendValues,
  withExtendFilters,
  withExtendValues,
} from '../modules/extend-field/extend-values.js';
import { withDataRules } from './data-rules.js';
import { exportRows, exportTemplate } from './resource-excel.js';
import { importRows } from './resource-import.js';
import { idPatternOf, idSchemaOf, nextIdOf, numberNew } from './resource-ids.js';
import {
  baseQuery,
  dictMapsOf,
  listFieldsOf,
  toWireRows,
  wireToStored,
  type AnyDb,
  type AnyQuery,
} from './resource-query.js';
import { dictErrors } from './resource-dicts.js';
import { sameTenant, sharedReadOnly, tenantColumns, tenantScope, writeScope } from './tenant-scope.js';
import { assertEditable, mountWorkflowRoutes, supplierScope, type TransitionHooks } from './workflow-routes.js';
import { dropLines, linesOf, replaceLines, takeLineSets, totalsOf, type LineSets } from './workflow-lines.js';

export type Values = Record<string, unknown>;
export { dictErrors };

/**
 * Custom behaviour beside the generated routes; every hook runs inside the write's
 * transaction. `trx` speaks camelCase like the rest of the code: column names may be written
 * either way, but rows come back with camelCase keys.
 */
export type ResourceHooks = {
  /** Narrows every read (lists, details, exports) to the rows the user may see. */
  scope?: (query: AnyQuery, request: FastifyRequest) => AnyQuery;
  /** Narrows edits and deletes to the rows the user may change, among those it sees (shared data). */
  writable?: (query: AnyQuery, request: FastifyRequest) => AnyQuery;
  /** Checks or completes the values of a new row (and a workflow document's line sets); throw an AppError to refuse. */
  beforeAdd?: (values: Values, trx: AnyDb, request: FastifyRequest, lines: LineSets) => Promise<void> | void;
  /** `lines`: the line sets the edit replaces (only those sent). */
  beforeEdit?: (
    id: string,
    values: Values,
    trx: AnyDb,
    request: FastifyRequest,
    lines: LineSets,
  ) => Promise<void> | void;
  /** Refuses deleting rows still in use. */
  beforeDelete?: (ids: string[], trx: AnyDb, request: FastifyRequest) => Promise<void> | void;
  /** Adds what a module shows beside the stored fields to the list's and the detail's rows (shares, source codes); the detail's carry its line sets. */
  decorate?: (rows: Values[], request: FastifyRequest, detail: boolean) => Promise<Values[]>;
  /** The message of a saved edit ('修改成功!' by default). */
  edited?: string;
  /** A workflow document's transition hooks (`def.workflow`): values, guards and follow-ups per action. */
  transitions?: TransitionHooks;
};

const MAX_BATCH = 1000;

/** Stored values keyed by column: what the request may set, nothing else (MASS-1). Datetimes are stored in UTC. */
export function toColumns(def: ResourceDef, values: Values): Values {
  const out: Values = {};
  for (const [name, f] of fieldEntries(def)) {
    if (!(name in values)) continue;
    const value = values[name] ?? null;
    out[columnOf(name, f)] = f.type === 'datetime' && typeof value === 'string' ? wireToStored(value, 'eq') : value;
  }
  return out;
}

/**
 * Rules a schema cannot check alone: dictionary values exist (`dicts` from `dictMapsOf`,
 * loaded before the transaction); unique fields are unique among live rows (of `tenantId`
 * for tenant resources).
 */
export async function checkValues(
  trx: AnyDb,
  def: ResourceDef,
  dicts: Record<string, Map<string, string>>,
  values: Values,
  exceptId?: string,
  tenantId = 0,
): Promise<Record<string, string>> {
  const errors = dictErrors(def, dicts, values);
  for (const [name, f] of fieldEntries(def)) {
    const value = values[name];
    if (value === undefined || value === null || value === '') continue;
    if (f.unique) {
      let q = trx
        .selectFrom(def.table)
        .select('id')
        .where(sql.ref(columnOf(name, f)), '=', value);
      if (exceptId) q = q.where('id', '<>', exceptId);
      if (def.softDelete) q = q.where(sql.ref('del_flag'), '=', 0);
      q = sameTenant(def, q, tenantId);
      if (await q.executeTakeFirst()) errors[name] = `${f.label}已存在`;
    }
  }
  return errors;
}

function refuse(errors: Record<string, string>): void {
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
}

/**
 * The generated routes of a resource under its path: list, queryById, add, edit, delete,
 * deleteBatch, exportXls and importExcel, each behind its permission code.
 */
export const resourceRoutes =
  (ctx: AppContext, def: ResourceDef, hooks: ResourceHooks = {}): FastifyPluginAsyncZod =>
  async (app) => {
    const db = ctx.db as unknown as AnyDb;
    const fields = listFieldsOf(def);
    const sortColumn = def.defaultSort.field === 'createTime' ? 't.create_time' : fields[def.defaultSort.field]?.column;
    if (!sortColumn) throw new Error(`${def.key}: default sort field must be sortable`);
    // Reads go through the scope hook, on the database or inside a write's transaction.
    // Tenant resources: only the request's tenant, whatever the scope hook allows.
    // Workflow documents: a supplier user reads its own rows in the states it may see.
    const read = (request: FastifyRequest, on: AnyDb = db) =>
      supplierScope(
        def,
        tenantScope(def, hooks.scope ? hooks.scope(baseQuery(on, def), request) : baseQuery(on, def), request),
        request,
      );
    // The list's rows: the scoped read, data rules and configurable-field filters (also the status tabs' counts).
    const listScope = async (request: FastifyRequest, params: Record<string, unknown>) =>
      withExtendFilters(ctx, def, await withDataRules(ctx, def, request, read(request)), params, request);
    // Changes: only rows the request may change among those it reads (a tenant reads the
    // platform's shared rows but does not change them).
    const write = (request: FastifyRequest, on: AnyDb = db) =>
      writeScope(def, hooks.writable ? hooks.writable(read(request, on), request) : read(request, on), request);
    const tags = [def.label];
    const perm = (action: Parameters<typeof permissionCode>[1]) => ({
      access: { permission: permissionCode(def, action) },
    });
    const { add: addBody, edit: editBody } = bodySchemasOf(def);
    const idSchema = idSchemaOf(def);
    const idPattern = idPatternOf(def);

    app.get(
      `${def.path}/list`,
      { schema: { tags, summary: `${def.label}分页列表` }, config: perm('list') },
      async (request) => {
        const params = request.query as Record<string, unknown>;
        // Configurable fields (opted-in tables only) are searched and shown beside the definition's own.
        const page = await runPagedList(
          ctx,
          await listScope(request, params),
          params,
          fields,
          { column: sortColumn, order: def.defaultSort.order },
          { idColumn: 't.id' },
        );
        const records = await withExtendValues(
          ctx,
          def,
          await toWireRows(ctx, def, page.records, request.tenantId),
          request,
        );
        return ok({ ...page, records: hooks.decorate ? await hooks.decorate(records, request, false) : records });
      },
    );

    if (def.capabilities.detail) {
      app.get(
        `${def.path}/queryById`,
        {
          schema: {
            tags,
            summary: `${def.label}详情`,
            querystring: z.object({ id: idSchema, _t: z.string().optional() }),
          },
          config: perm('list'),
        },
        async (request) => {
          const row = await read(request).where(sql.ref('t.id'), '=', request.query.id).executeTakeFirst();
          if (!row) throw notFound();
          const rows = await withExtendValues(ctx, def, await toWireRows(ctx, def, [row], request.tenantId), request);
          // The detail's decoration sees the lines too (a requisition's ledger per line).
          const full = [{ ...rows[0]!, ...(await linesOf(db, def, request.query.id)) }];
          const [wire] = hooks.decorate ? await hooks.decorate(full, request, true) : full;
          return ok(wire);
        },
      );
    }

    if (def.capabilities.add) {
      app.post(
        `${def.path}/add`,
        { schema: { tags, summary: `新增${def.label}`, body: addBody }, config: perm('add') },
        async (request) => {
          const { [EXTEND_VALUES_KEY]: extendValues, ...values } = request.body as Values & {
            [EXTEND_VALUES_KEY]?: ExtendValues;
          };
          const lines = takeLineSets(def, values, true);
          const dicts = await dictMapsOf(ctx, def, request.tenantId);
          const id = await db.transaction().execute(async (trx) => {
            refuse(await checkValues(trx, def, dicts, values, undefined, request.tenantId));
            // Configurable fields are checked before anything is written and stored with the record.
            const extended = await checkExtendValues(ctx, trx, def.table, null, extendValues, request);
            await hooks.beforeAdd?.(values, trx, request, lines);
            await numberNew(ctx.codes, def, values, request.tenantId, trx);
            Object.assign(values, totalsOf(def, lines));
            const now = serverNowIso();
            const id = await nextIdOf(def, trx, ctx.kind);
            await trx
              .insertInto(def.table)
              .values({
                id,
                ...toColumns(def, values),
                ...tenantColumns(def, request),
                create_by: request.user!.username,
                create_time: now,
                ...(def.softDelete ? { del_flag: 0 } : {}),
              })
              .execute();
            await storeExtendValues(trx, def.table, String(id), extended);
            await replaceLines(trx, def, String(id), request.tenantId, lines);
            return id;
          });
          request.log.info({ event: 'resource.added', resource: def.key, id }, 'added');
          return ok({ id }, '添加成功！');
        },
      );
    }

    if (def.capabilities.edit) {
      app.route({
        method: ['PUT', 'POST'],
        url: `${def.path}/edit`,
        schema: { tags, summary: `编辑${def.label}`, body: editBody },
        config: perm('edit'),
        handler: async (request) => {
          const {
            id: given,
            [EXTEND_VALUES_KEY]: extendValues,
            ...rest
          } = request.body as Values & { id: string | number; [EXTEND_VALUES_KEY]?: ExtendValues };
          const id = String(given);
          if (!idPattern.test(id)) throw badRequest('记录编号不正确');
          const lines = takeLineSets(def, rest, false);
          const values: Values = {};
          for (const [name, f] of fieldEntries(def))
            if (name in rest && !f.readOnly && !f.immutable) values[name] = rest[name];
          const dicts = await dictMapsOf(ctx, def, request.tenantId);
          await db.transaction().execute(async (trx) => {
            const existing = await read(request, trx).where(sql.ref('t.id'), '=', id).executeTakeFirst();
            if (!existing) throw businessError('未找到对应实体');
            assertEditable(def, [existing], 'edit');
            const own = await write(request, trx)
              .select(def.tenant ? sql.ref('t.tenant_id').as('tenantOfRow') : sql.lit(0).as('tenantOfRow'))
              .where(sql.ref('t.id'), '=', id)
              .executeTakeFirst();
            if (!own) throw businessError(sharedReadOnly(def));
            // Unique among the row's own tenant (the platform may edit any tenant's row).
            refuse(await checkValues(trx, def, dicts, values, id, Number(own.tenantOfRow ?? request.tenantId)));
            const extended = await checkExtendValues(ctx, trx, def.table, id, extendValues, request);
            await hooks.beforeEdit?.(id, values, trx, request, lines);
            Object.assign(values, totalsOf(def, lines));
            await trx
              .updateTable(def.table)
              .set({ ...toColumns(def, values), update_by: request.user!.username, update_time: serverNowIso() })
              .where('id', '=', id)
              .execute();
            await storeExtendValues(trx, def.table, id, extended);
            await replaceLines(trx, def, id, Number(own.tenantOfRow ?? request.tenantId), lines);
          });
          return ok(null, hooks.edited ?? '修改成功!');
        },
      });
    }

    const remove = async (ids: string[], request: FastifyRequest) => {
      await db.transaction().execute(async (trx) => {
        const visible = await read(request, trx).where(sql.ref('t.id'), 'in', ids).execute();
        if (visible.length !== ids.length) throw businessError('未找到对应实体');
        assertEditable(def, visible, 'delete');
        const changeable = await write(request, trx)
          .clearSelect()
          .select(sql.ref('t.id').as('id'))
          .where(sql.ref('t.id'), 'in', ids)
          .execute();
        if (changeable.length !== ids.length) throw businessError(sharedReadOnly(def));
        await hooks.beforeDelete?.(ids, trx, request);
        if (def.softDelete) {
          await trx
            .updateTable(def.table)
            .set({ del_flag: 1, update_by: request.user!.username, update_time: serverNowIso() })
            .where('id', 'in', ids)
            .execute();
        } else {
          await trx.deleteFrom(def.table).where('id', 'in', ids).execute();
          // A soft-deleted row keeps its configurable field values (it can come back); a deleted one takes them along.
          await dropExtendValues(trx, def.table, ids);
          await dropLines(trx, def, ids);
        }
      });
      request.log.info({ event: 'resource.deleted', resource: def.key, ids }, 'deleted');
    };

    if (def.capabilities.delete) {
      app.delete(
        `${def.path}/delete`,
        {
          schema: { tags, summary: `删除${def.label}`, querystring: z.object({ id: idSchema }) },
          config: perm('delete'),
        },
        async (request) => {
          await remove([request.query.id], request);
          return ok(null, '删除成功!');
        },
      );
    }

    if (def.capabilities.deleteBatch) {
      app.delete(
        `${def.path}/deleteBatch`,
        {
          schema: {
            tags,
            summary: `批量删除${def.label}`,
            querystring: z.object({ ids: z.string().max(MAX_BATCH * 33) }),
          },
          config: perm('deleteBatch'),
        },
        async (request) => {
          // JeecgBoot clients send a trailing comma: `ids=a,b,`.
          const ids = [
            ...new Set(
              request.query.ids
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean),
            ),
          ];
          if (ids.length === 0) throw badRequest('请选择一条记录！');
          if (ids.length > MAX_BATCH || ids.some((i) => !idPattern.test(i))) throw badRequest('记录编号不正确');
          await remove(ids, request);
          return ok(null, '批量删除成功!');
        },
      );
    }

    if (def.capabilities.export) {
      app.get(
        `${def.path}/exportXls`,
        { schema: { tags, summary: `导出${def.label}` }, config: perm('export') },
        async (request, reply) =>
          exportRows(ctx, def, await withDataRules(ctx, def, request, read(request)), fields, request, reply),
      );
    }

    if (def.workflow) mountWorkflowRoutes(app, ctx, def, hooks.transitions ?? {}, read, listScope);

    if (def.capabilities.import) {
      app.get(
        `${def.path}/importTemplate`,
        { schema: { tags, summary: `${def.label}导入模板` }, config: perm('import') },
        async (_request, reply) => exportTemplate(def, reply),
      );
      app.post(
        `${def.path}/importExcel`,
        { schema: { tags, summary: `导入${def.label}` }, config: perm('import') },
        async (request) => importRows(ctx, def, addBody, hooks, request),
      );
    }
  };
