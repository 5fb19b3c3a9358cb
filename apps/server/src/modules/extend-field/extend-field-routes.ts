import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EXTENDABLE_TABLES, extendFieldResource, fieldEntries, ok, resources } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { badRequest } from '../../core/errors.js';
import { isPlatform } from '../../core/tenant-data.js';
import { resourceRoutes, type Values } from '../../resource/resource-routes.js';
import { extendFieldsOf, isExtendable, type ExtendFieldRow } from './extend-values.js';

const tableName = z.string().max(64);
const styleOf = (f: ExtendFieldRow) => (f.formStyle ?? 'list,edit,info').split(',');
const inStyle = (style: string) => (f: ExtendFieldRow) => styleOf(f).includes(style);
const asField = (f: ExtendFieldRow) => ({
  fieldName: f.fieldName,
  labelName: f.labelName,
  dataType: f.dataType,
  required: f.required,
  editProperty: f.editProperty,
  width: f.width,
});
const asColumn = (f: ExtendFieldRow) => ({
  labelName: f.labelName,
  fieldName: f.fieldName,
  dataType: f.dataType,
  width: f.width ?? 120,
});

/**
 * Configurable fields (spec part 2 §7): their definitions for lists and forms (a record's values
 * travel with its generic add and edit). JeecgBoot's `type` / `tableName` name a table; only `EXTENDABLE_TABLES` are answered.
 */
export const extendFieldRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['扩展字段'];
    const signedIn = { access: 'authenticated' } as const;
    const typeQuery = z.object({ type: tableName });
    const styleBody = z.object({ tableName, formStyle: z.string().max(16).optional() });

    app.post(
      '/extendField/getTableList',
      { schema: { tags, summary: '列表的扩展列', body: typeQuery }, config: signedIn },
      async (request) =>
        ok((await extendFieldsOf(ctx, request.body.type, request)).filter(inStyle('list')).map(asColumn)),
    );
    app.get(
      '/extendField/getList',
      {
        schema: { tags, summary: '表单的扩展字段', querystring: typeQuery.extend({ _t: z.string().optional() }) },
        config: signedIn,
      },
      async (request) =>
        ok((await extendFieldsOf(ctx, request.query.type, request)).filter(inStyle('edit')).map(asField)),
    );
    app.post(
      '/formStyle/getList',
      { schema: { tags, summary: '列表样式的字段', body: styleBody }, config: signedIn },
      async (request) =>
        ok(
          (await extendFieldsOf(ctx, request.body.tableName, request))
            .filter(inStyle(request.body.formStyle ?? 'list'))
            .map((f) => ({ labelName: f.labelName, fieldName: f.fieldName, width: f.width ?? 120 })),
        ),
    );
    app.post(
      '/formStyle/getBodyField',
      { schema: { tags, summary: '表体字段', body: styleBody }, config: signedIn },
      async (request) =>
        ok(
          (await extendFieldsOf(ctx, request.body.tableName, request))
            .filter((f) => f.area === 'body' && inStyle(request.body.formStyle ?? 'edit')(f))
            .map(asColumn),
        ),
    );
    app.get(
      '/formStyle/getHeadField',
      {
        schema: {
          tags,
          summary: '表头字段',
          querystring: z.object({
            tableName,
            formStyle: z.enum(['edit', 'info']).default('edit'),
            _t: z.string().optional(),
          }),
        },
        config: signedIn,
      },
      async (request) =>
        ok(
          (await extendFieldsOf(ctx, request.query.tableName, request))
            .filter((f) => f.area !== 'body' && inStyle(request.query.formStyle)(f))
            .map(asField),
        ),
    );

    // The definitions an administrator edits: only opted-in tables, names that do not clash with the table's own fields.
    const checkDefinition = (values: Values) => {
      const table = values.tableName;
      if (table === undefined) return;
      if (typeof table !== 'string' || !isExtendable(table))
        throw badRequest(`表名只能是 ${Object.keys(EXTENDABLE_TABLES).join('、')}`, {
          tableName: '该表不支持扩展字段',
        });
      const own = fieldEntries(resources[EXTENDABLE_TABLES[table]!]!).map(([k]) => k);
      if (
        typeof values.fieldName === 'string' &&
        [...own, 'id', 'createBy', 'createTime', 'updateBy', 'updateTime'].includes(values.fieldName)
      )
        throw badRequest('字段名与表的已有字段重复', { fieldName: '字段名与表的已有字段重复' });
    };
    await app.register(
      resourceRoutes(ctx, extendFieldResource, {
        beforeAdd: async (values, trx, request) => {
          checkDefinition(values);
          // A tenant's field may not share a name with one its forms already show (its own or the
          // platform's); the platform's may not share one with any tenant's. Another tenant's names stay unseen.
          const clash = await trx
            .selectFrom('sys_extend_field')
            .select('id')
            .where('table_name', '=', String(values.tableName))
            .where('field_name', '=', String(values.fieldName))
            .where((eb) => (isPlatform(request) ? eb.lit(true) : eb('tenant_id', 'in', [0, request.tenantId])))
            .executeTakeFirst();
          if (clash) throw badRequest('字段名已存在', { fieldName: '字段名已存在' });
        },
        // Removing a definition removes its values.
        beforeDelete: async (ids, trx) => {
          const gone = await trx
            .selectFrom('sys_extend_field')
            .select(['table_name as t', 'field_name as f', 'tenant_id as tenant'])
            .where('id', 'in', ids)
            .execute();
          for (const g of gone)
            await trx
              .deleteFrom('sys_extend_value')
              .where('table_name', '=', g.t)
              .where('field_name', '=', g.f)
              .where('tenant_id', '=', g.tenant)
              .execute();
        },
      }),
    );
  };
