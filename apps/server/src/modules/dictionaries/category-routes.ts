import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { badRequest, businessError, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { idList, pageParams, queryFlag, recordId as id } from '../../http/wire.js';
import { serverNowIso } from '../../core/clock.js';
import type { SysCategoryTable } from '../../db/dictionary-tables.js';
import { nextOrgCode } from '../departments/depart-admin-service.js';
import { parseCondition, type DictTable } from './dict-tables.js';

/** Category codes grow like department codes: one 3-character segment per level (A01, A01A02, …). */
const SEGMENT = 3;

const categoryName = z.string().trim().min(1, '请输入分类名称').max(100, '分类名称最多100个字符');
const t = { _t: z.string().optional() };

type Row = Pick<SysCategoryTable, 'id' | 'pid' | 'name' | 'code' | 'hasChild'>;
const COLUMNS = ['id', 'pid', 'name', 'code', 'hasChild', 'createTime'] as const;

/** A tree node of the category select (jeecg-api.md §5: `{key:id, title:name, code, leaf, parentId:pid}`). */
const toNode = (r: Row) => ({
  key: r.id,
  title: r.name,
  value: r.id,
  code: r.code,
  leaf: r.hasChild !== '1',
  parentId: r.pid,
});

/** The category select's condition may filter on name or code (a JSON object, as the tree select's). */
const CATEGORY_CONDITION: DictTable = { columns: ['name', 'code'], suppliers: true };

/**
 * The category dictionary (JeecgBoot's SysCategoryController): the category select's tree and
 * labels for every signed-in user, and its administration (系统管理 → 分类字典).
 */
export const categoryRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx;
    const children = (pid: string) =>
      db.selectFrom('sysCategory').select(COLUMNS).where('pid', '=', pid).orderBy('code').execute();
    const roots = () =>
      db
        .selectFrom('sysCategory')
        .select(COLUMNS)
        .where((eb) => eb.or([eb('pid', 'is', null), eb('pid', '=', '')]))
        .orderBy('code');

    app.get(
      '/sys/category/loadTreeData',
      {
        schema: {
          tags: ['分类字典'],
          summary: '分类树的一层（pcode=0 为根）',
          querystring: z.object({
            pid: z.string().max(32).optional(),
            pcode: z.string().max(100).optional(),
            condition: z.string().max(2000).optional(),
            ...t,
          }),
        },
        config: { access: 'authenticated' },
      },
      async (request) => {
        const { pid, pcode, condition } = request.query;
        if (!pid && !pcode) throw businessError(`加载分类字典树参数有误.[null]!`);
        const filters = parseCondition(CATEGORY_CONDITION, condition);
        let q = db.selectFrom('sysCategory').select(COLUMNS);
        if (pid) q = q.where('pid', '=', pid);
        else if (pcode === '0') q = q.where((eb) => eb.or([eb('pid', 'is', null), eb('pid', '=', '')]));
        else {
          const parent = await db.selectFrom('sysCategory').select('id').where('code', '=', pcode!).executeTakeFirst();
          if (!parent) return ok([]);
          q = q.where('pid', '=', parent.id);
        }
        for (const [column, value] of filters) q = q.where(column as 'name' | 'code', '=', String(value));
        return ok((await q.orderBy('code').execute()).map(toNode));
      },
    );

    app.get(
      '/sys/category/loadDictItem',
      {
        schema: {
          tags: ['分类字典'],
          summary: '分类编号的名称',
          querystring: z.object({
            ids: z.string().max(20_000).optional(),
            delNotExist: queryFlag,
            ...t,
          }),
        },
        config: { access: 'authenticated' },
      },
      async (request) => {
        const ids = idList(request.query.ids).slice(0, 500);
        if (ids.length === 0) return ok([]);
        const rows = await db.selectFrom('sysCategory').select(['id', 'name']).where('id', 'in', ids).execute();
        const names = new Map(rows.map((r) => [r.id, r.name]));
        const keep = request.query.delNotExist !== 'false';
        return ok(ids.flatMap((i) => (names.has(i) ? [names.get(i)!] : keep ? [] : [i])));
      },
    );

    app.get(
      '/sys/category/rootList',
      {
        schema: {
          tags: ['分类字典'],
          summary: '根分类（分页）',
          querystring: z.object({
            ...pageParams,
            ...t,
          }),
        },
        config: { access: { permission: 'category:list' } },
      },
      async (request) => {
        const { pageNo, pageSize } = request.query;
        const total = Number(
          (
            await db
              .selectFrom('sysCategory')
              .select((eb) => eb.fn.countAll().as('n'))
              .where((eb) => eb.or([eb('pid', 'is', null), eb('pid', '=', '')]))
              .executeTakeFirstOrThrow()
          ).n,
        );
        const records = await roots()
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize)
          .execute();
        return ok({ records, total, size: pageSize, current: pageNo, pages: Math.ceil(total / pageSize) });
      },
    );

    app.get(
      '/sys/category/childList',
      {
        schema: { tags: ['分类字典'], summary: '下级分类', querystring: z.object({ pid: id, ...t }) },
        config: { access: { permission: 'category:list' } },
      },
      async (request) => ok(await children(request.query.pid)),
    );

    app.post(
      '/sys/category/add',
      {
        schema: {
          tags: ['分类字典'],
          summary: '新增分类（编码按层级生成）',
          body: z.object({
            name: categoryName,
            pid: z.preprocess((v) => (v === '' || v === '0' ? null : v), id.nullable().optional()),
          }),
        },
        config: { access: { permission: 'category:add' } },
      },
      async (request) => {
        const { name } = request.body;
        const pid = request.body.pid ?? null;
        const now = serverNowIso();
        const record = await db.transaction().execute(async (trx) => {
          let parentCode = '';
          if (pid) {
            const parent = await trx
              .selectFrom('sysCategory')
              .select(['id', 'code'])
              .where('id', '=', pid)
              .executeTakeFirst();
            if (!parent) throw badRequest('上级分类不存在', { pid: '上级分类不存在' });
            parentCode = parent.code;
          }
          const sibling = trx.selectFrom('sysCategory').select(['code', 'name']);
          const siblings = await (
            pid
              ? sibling.where('pid', '=', pid)
              : sibling.where((eb) => eb.or([eb('pid', 'is', null), eb('pid', '=', '')]))
          ).execute();
          if (siblings.some((s) => s.name === name))
            throw badRequest('同一上级下已有同名分类', { name: '同一上级下已有同名分类' });
          const code = nextOrgCode(
            parentCode,
            new Set(siblings.map((s) => s.code.slice(0, parentCode.length + SEGMENT))),
          );
          if (!code) throw businessError('该分类下的下级分类数量已达上限');
          const row = {
            id: newId(),
            pid,
            name,
            code,
            hasChild: '0',
            createBy: request.user!.username,
            createTime: now,
            updateBy: null,
            updateTime: null,
          };
          await trx.insertInto('sysCategory').values(row).execute();
          if (pid) await trx.updateTable('sysCategory').set({ hasChild: '1' }).where('id', '=', pid).execute();
          return row;
        });
        return ok(record, '添加成功！');
      },
    );

    app.put(
      '/sys/category/edit',
      {
        schema: {
          tags: ['分类字典'],
          summary: '修改分类名称',
          body: z.object({ id, name: categoryName }).passthrough(),
        },
        config: { access: { permission: 'category:edit' } },
      },
      async (request) => {
        const { id: categoryId, name } = request.body;
        const row = await db
          .selectFrom('sysCategory')
          .select(['id', 'pid'])
          .where('id', '=', categoryId)
          .executeTakeFirst();
        if (!row) throw notFound();
        let clash = db.selectFrom('sysCategory').select('id').where('name', '=', name).where('id', '<>', categoryId);
        clash = row.pid
          ? clash.where('pid', '=', row.pid)
          : clash.where((eb) => eb.or([eb('pid', 'is', null), eb('pid', '=', '')]));
        if (await clash.executeTakeFirst())
          throw badRequest('同一上级下已有同名分类', { name: '同一上级下已有同名分类' });
        await db
          .updateTable('sysCategory')
          .set({ name, updateBy: request.user!.username, updateTime: serverNowIso() })
          .where('id', '=', categoryId)
          .execute();
        return ok(null, '编辑成功!');
      },
    );

    app.delete(
      '/sys/category/delete',
      {
        schema: { tags: ['分类字典'], summary: '删除分类（无下级时）', querystring: z.object({ id }) },
        config: { access: { permission: 'category:delete' } },
      },
      async (request) => {
        const categoryId = request.query.id;
        await db.transaction().execute(async (trx) => {
          const row = await trx
            .selectFrom('sysCategory')
            .select(['id', 'pid'])
            .where('id', '=', categoryId)
            .executeTakeFirst();
          if (!row) throw notFound();
          // Codes are referenced by documents and supplier qualifications: only leaves go.
          if (await trx.selectFrom('sysCategory').select('id').where('pid', '=', categoryId).executeTakeFirst())
            throw businessError('该分类下有下级分类，不能删除');
          await trx.deleteFrom('sysCategory').where('id', '=', categoryId).execute();
          if (
            row.pid &&
            !(await trx.selectFrom('sysCategory').select('id').where('pid', '=', row.pid).executeTakeFirst())
          ) {
            await trx.updateTable('sysCategory').set({ hasChild: '0' }).where('id', '=', row.pid).execute();
          }
        });
        return ok(null, '删除成功!');
      },
    );
  };
