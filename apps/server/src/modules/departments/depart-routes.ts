import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { inTenant } from '../../core/tenant-data.js';
import { sql, type SqlBool } from 'kysely';
import { ok } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { escapeLike } from '../../core/paging.js';
import { toWireDateTime } from '../../core/clock.js';
import { toForest } from '../../core/tree.js';
import type { SysDepartTable } from '../../db/org-tables.js';

type DepartRow = Omit<SysDepartTable, 'delFlag' | 'tenantId'>;

/** Every column of a department a client sees (JeecgBoot's SysDepart, jeecg-api.md §7.9). */
export const DEPART_COLUMNS = [
  'id',
  'parentId',
  'departName',
  'orgCode',
  'orgCategory',
  'departOrder',
  'mobile',
  'fax',
  'address',
  'memo',
  'description',
  'status',
  'createBy',
  'createTime',
  'updateBy',
  'updateTime',
] as const satisfies readonly (keyof DepartRow)[];

/** A department on the wire: times in GMT+8. */
export const toWireDepart = (d: DepartRow): DepartRow => ({
  ...d,
  createTime: toWireDateTime(d.createTime)!,
  updateTime: toWireDateTime(d.updateTime),
});
type DepartNode = DepartRow & {
  key: string;
  value: string;
  title: string;
  isLeaf: boolean;
  children: DepartNode[] | null;
};
type IdNode = { key: string; value: string; title: string; children: IdNode[] };

const toNode = (d: DepartRow): DepartNode => ({
  key: d.id,
  value: d.id,
  title: d.departName,
  isLeaf: true,
  ...toWireDepart(d),
  children: null,
});

/** Builds the tree; `children` is null on leaves, as JeecgBoot sends it (jeecg-api.md §7.8). */
function buildTree(rows: DepartRow[]): DepartNode[] {
  return toForest(rows, toNode, (parent, child) => {
    (parent.children ??= []).push(child);
    parent.isLeaf = false;
  });
}

const idTree = (nodes: DepartNode[]): IdNode[] =>
  nodes.map((n) => ({ key: n.key, value: n.value, title: n.title, children: idTree(n.children ?? []) }));

/** The organisation chart for pickers and forms; internal users only. */
export const departRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // The request's tenant only (all of them for the platform).
    const departs = (request: FastifyRequest) =>
      ctx.db
        .selectFrom('sysDepart')
        .select(DEPART_COLUMNS)
        .where('delFlag', '=', 0)
        .where(inTenant(request, 'tenantId'))
        .orderBy('departOrder')
        .orderBy('orgCode');
    const config = { access: 'authenticated' as const, internalOnly: true };

    app.get(
      '/sys/sysDepart/queryTreeList',
      { schema: { tags: ['部门'], summary: '部门树' }, config },
      async (request) => ok(buildTree(await departs(request).execute())),
    );

    app.get(
      '/sys/sysDepart/queryIdTree',
      { schema: { tags: ['部门'], summary: '部门树（仅编号与名称）' }, config },
      async (request) => ok(idTree(buildTree(await departs(request).execute()))),
    );

    app.get(
      '/sys/sysDepart/searchBy',
      {
        schema: {
          tags: ['部门'],
          summary: '按名称查找部门',
          querystring: z.object({ keyWord: z.string().trim().max(100).default(''), _t: z.string().optional() }),
        },
        config,
      },
      async (request) => {
        const rows = await departs(request)
          .where(sql<SqlBool>`${sql.ref('departName')} like ${`%${escapeLike(request.query.keyWord)}%`} escape ${'\\'}`)
          .execute();
        return ok(rows.map(toNode));
      },
    );

    app.get(
      '/sys/sysDepart/queryMyDeptTreeList',
      { schema: { tags: ['部门'], summary: '我所在部门及其下级' }, config },
      async (request) => {
        const mine = await ctx.db
          .selectFrom('sysDepart as d')
          .innerJoin('sysUserDepart as ud', 'ud.depId', 'd.id')
          .select('d.orgCode')
          .where('ud.userId', '=', request.user!.id)
          .where('d.delFlag', '=', 0)
          .where(inTenant(request, 'd.tenantId'))
          .execute();
        if (mine.length === 0) return ok([]);
        // orgCode is hierarchical (A01, A01A01, …): a department and its sub-departments share the prefix.
        const rows = await departs(request)
          .where((eb) =>
            eb.or(
              mine.map((m) => sql<SqlBool>`${sql.ref('orgCode')} like ${`${escapeLike(m.orgCode)}%`} escape ${'\\'}`),
            ),
          )
          .execute();
        const ids = new Set(rows.map((r) => r.id));
        // Within the visible part, a department whose parent is hidden is a root.
        return ok(buildTree(rows.map((r) => (r.parentId && ids.has(r.parentId) ? r : { ...r, parentId: null }))));
      },
    );
  };
