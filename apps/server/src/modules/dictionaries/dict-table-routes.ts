import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { idList, queryFlag } from '../../http/wire.js';
import type { FastifyRequest } from 'fastify';
import { DictTableService } from './dict-table-service.js';
import type { DictCaller } from './dict-tables.js';

const name = z.string().max(64);
const t = { _t: z.string().optional() };

/**
 * Table dictionaries (jeecg-api.md §5): search-select, its labels, tree select and linked
 * dropdowns, over the allow-listed tables of dict-tables.ts only.
 */
export const dictTableRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const dicts = new DictTableService(ctx.db);
    // A table's dictionary asks for that table's list permission (issue 16 finding 3).
    const caller = async (request: FastifyRequest): Promise<DictCaller> => ({
      userType: request.user!.userType,
      permissions: await ctx.permissions.codesOf(request.user!.id),
      tenantId: request.tenantId,
    });

    app.get(
      '/sys/dict/loadDict/:dictCode',
      {
        schema: {
          tags: ['dict'],
          summary: '表字典搜索（table,text,code[,条件]）',
          params: z.object({ dictCode: z.string().max(200) }),
          querystring: z.object({
            keyword: z.string().max(200).optional(),
            pageSize: z.coerce.number().int().min(1).max(1000).optional(),
            ...t,
          }),
        },
        config: { access: 'authenticated' },
      },
      async (request) =>
        ok(
          await dicts.search(
            request.params.dictCode,
            request.query.keyword ?? '',
            request.query.pageSize,
            await caller(request),
          ),
        ),
    );

    app.get(
      '/sys/dict/loadDictItem/:dictCode',
      {
        schema: {
          tags: ['dict'],
          summary: '表字典值的文本',
          params: z.object({ dictCode: z.string().max(200) }),
          querystring: z.object({ key: z.string().max(20_000).optional(), delNotExist: queryFlag, ...t }),
        },
        config: { access: 'authenticated' },
      },
      async (request) =>
        ok(
          await dicts.texts(
            request.params.dictCode,
            idList(request.query.key).slice(0, 500),
            request.query.delNotExist !== 'false',
            await caller(request),
          ),
        ),
    );

    app.get(
      '/sys/dict/loadTreeData',
      {
        schema: {
          tags: ['dict'],
          summary: '树形下拉的一层',
          querystring: z.object({
            pid: z.string().max(100).optional(),
            pidField: name,
            tableName: name,
            text: name,
            code: name,
            hasChildField: name.optional(),
            condition: z.string().max(2000).optional(),
            ...t,
          }),
        },
        config: { access: 'authenticated' },
      },
      async (request) => ok(await dicts.treeLevel(request.query, await caller(request))),
    );

    app.get(
      '/online/cgform/api/querySelectOptions',
      {
        schema: {
          tags: ['dict'],
          summary: '联动下拉的一级选项',
          querystring: z.object({
            table: name,
            txt: name,
            key: name,
            idField: name,
            pidField: name,
            condition: z.string().max(2000).optional(),
            pidValue: z.string().max(100).optional(),
            ...t,
          }),
        },
        config: { access: 'authenticated' },
      },
      async (request) => ok(await dicts.linkedOptions(request.query, await caller(request))),
    );
  };
