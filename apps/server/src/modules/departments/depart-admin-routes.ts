import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { AppError, badRequest, businessError, notFound } from '../../core/errors.js';
import { ID_PATTERN, newId } from '../../core/ids.js';
import { idList, recordId as id, wireId } from '../../http/wire.js';
import { serverNowIso } from '../../core/clock.js';
import { DEPART_COLUMNS, toWireDepart } from './depart-routes.js';
import { assertInTenant, inTenant } from '../../core/tenant-data.js';
import {
  assertGrantable,
  assertPermissionsExist,
  permissionSetFields,
  requestedPermissionIds,
} from '../roles-and-permissions/permission-grants.js';
import { type Trx, startsWith, freeOrgCode, addSchema, editSchema, EDITABLE_TEXT } from './depart-admin-service.js';

/**
 * Department administration (issue 4): add, edit, delete and the department's permission set.
 *
 * A department's permission set is the ceiling of what a role of that department may be
 * granted (JeecgBoot's department roles). It is stored and returned here; users' effective
 * permissions still come from their roles only.
 */
type TenantRequest = { tenantId: number };

export const departAdminRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Every lookup is limited to the request's tenant: another tenant's department is as absent as a deleted one.
    const live = (db: typeof ctx.db | Trx, departId: string, request: TenantRequest) =>
      db
        .selectFrom('sysDepart')
        .select(['id', 'parentId', 'departName', 'orgCode', 'tenantId'])
        .where('id', '=', departId)
        .where('delFlag', '=', 0)
        .where(inTenant(request, 'tenantId'))
        .executeTakeFirst();

    const fullRecord = async (departId: string, request: TenantRequest) => {
      const row = await ctx.db
        .selectFrom('sysDepart')
        .select(DEPART_COLUMNS)
        .where('id', '=', departId)
        .where('delFlag', '=', 0)
        .where(inTenant(request, 'tenantId'))
        .executeTakeFirst();
      return row ? toWireDepart(row) : undefined;
    };

    /** Refuses a name a live sibling (of the same tenant) already has (siblings are told apart by name in the tree). */
    const assertNameFree = async (
      trx: Trx,
      tenantId: number,
      parentId: string | null,
      departName: string,
      self?: string,
    ) => {
      let q = trx
        .selectFrom('sysDepart')
        .select('id')
        .where('departName', '=', departName)
        .where('delFlag', '=', 0)
        .where('tenantId', '=', tenantId);
      q = parentId
        ? q.where('parentId', '=', parentId)
        : q.where((eb) => eb.or([eb('parentId', 'is', null), eb('parentId', '=', '')]));
      if (self) q = q.where('id', '<>', self);
      if (await q.executeTakeFirst())
        throw badRequest('同一上级下已有同名部门', { departName: '同一上级下已有同名部门' });
    };

    app.get(
      '/sys/sysDepart/queryById',
      {
        schema: { tags: ['部门'], summary: '部门详情', querystring: z.object({ id, _t: z.string().optional() }) },
        config: { access: { permission: 'depart:list' } },
      },
      async (request) => {
        const record = await fullRecord(request.query.id, request);
        if (!record) throw notFound();
        return ok(record);
      },
    );

    app.post(
      '/sys/sysDepart/add',
      {
        schema: { tags: ['部门'], summary: '新增部门（编码由上级生成）', body: addSchema },
        config: { access: { permission: 'depart:add' } },
      },
      async (request) => {
        const b = request.body;
        const parentId = b.parentId ?? null;
        const departId = newId();
        const now = serverNowIso();
        // Two adds under one parent at once may pick the same code: the unique index refuses the
        // second, which then tries again with the next free code.
        for (let attempt = 1; ; attempt++) {
          try {
            await ctx.db.transaction().execute(async (trx) => {
              const parent = parentId ? await live(trx, parentId, request) : undefined;
              if (parentId && !parent) throw badRequest('上级部门不存在', { parentId: '上级部门不存在' });
              // A sub-department belongs to its parent's tenant (the platform may add under any tenant's).
              const tenantId = parent?.tenantId ?? request.tenantId;
              await assertNameFree(trx, tenantId, parentId, b.departName);
              await trx
                .insertInto('sysDepart')
                .values({
                  id: departId,
                  parentId,
                  departName: b.departName,
                  orgCode: await freeOrgCode(trx, parent?.orgCode ?? ''),
                  orgCategory: b.orgCategory ?? (parentId ? '2' : '1'),
                  departOrder: b.departOrder ?? 0,
                  mobile: b.mobile ?? null,
                  fax: b.fax ?? null,
                  address: b.address ?? null,
                  memo: b.memo ?? null,
                  description: b.description ?? null,
                  status: '1',
                  delFlag: 0,
                  tenantId,
                  createBy: request.user!.username,
                  createTime: now,
                  updateBy: null,
                  updateTime: null,
                })
                .execute();
            });
            break;
          } catch (error) {
            if (error instanceof AppError || attempt >= 3) throw error;
          }
        }
        request.log.info({ event: 'depart.added', departId }, 'department added');
        return ok(await fullRecord(departId, request), '添加成功！');
      },
    );

    app.route({
      method: ['PUT', 'POST'],
      url: '/sys/sysDepart/edit',
      schema: { tags: ['部门'], summary: '编辑部门（编码不可改；换上级时本部门及下级重新编码）', body: editSchema },
      config: { access: { permission: 'depart:edit' } },
      handler: async (request) => {
        const b = request.body;
        const raw = request.body as Record<string, unknown>;
        const now = serverNowIso();
        const actor = request.user!.username;
        await ctx.db.transaction().execute(async (trx) => {
          const depart = await live(trx, b.id, request);
          if (!depart) throw businessError('未找到对应实体');
          const moving = 'parentId' in raw && (b.parentId ?? null) !== (depart.parentId || null);
          const parentId = moving ? (b.parentId ?? null) : depart.parentId || null;
          let newCode: string | null = null;
          if (moving) {
            const parent = parentId ? await live(trx, parentId, request) : undefined;
            if (parentId && !parent) throw badRequest('上级部门不存在', { parentId: '上级部门不存在' });
            if (parent && parent.tenantId !== depart.tenantId)
              throw badRequest('上级部门不属于本租户', { parentId: '上级部门不属于本租户' });
            // orgCode prefixes are the hierarchy: the department itself or one of its sub-departments.
            if (parent && parent.orgCode.startsWith(depart.orgCode))
              throw badRequest('上级部门不能是本部门或其下级部门', { parentId: '上级部门不能是本部门或其下级部门' });
            newCode = await freeOrgCode(trx, parent?.orgCode ?? '');
          }
          const departName = b.departName ?? depart.departName;
          if (moving || departName !== depart.departName)
            await assertNameFree(trx, depart.tenantId, parentId, departName, depart.id);

          const given = Object.fromEntries(EDITABLE_TEXT.filter((k) => k in raw).map((k) => [k, b[k] ?? null]));
          await trx
            .updateTable('sysDepart')
            .set({
              departName,
              parentId,
              ...given,
              ...(b.orgCategory !== undefined ? { orgCategory: b.orgCategory } : {}),
              ...(b.departOrder !== undefined ? { departOrder: b.departOrder } : {}),
              updateBy: actor,
              updateTime: now,
            })
            .where('id', '=', depart.id)
            .execute();

          if (newCode) {
            // The department and its whole subtree (deleted rows too) take the new prefix, and so
            // do users whose current department is among them.
            const oldCode = depart.orgCode;
            const recode = (code: string) => newCode + code.slice(oldCode.length);
            for (const row of await trx
              .selectFrom('sysDepart')
              .select(['id', 'orgCode'])
              .where(startsWith('orgCode', oldCode))
              .execute()) {
              await trx
                .updateTable('sysDepart')
                .set({ orgCode: recode(row.orgCode) })
                .where('id', '=', row.id)
                .execute();
            }
            for (const user of await trx
              .selectFrom('sysUser')
              .select(['id', 'orgCode'])
              .where(startsWith('orgCode', oldCode))
              .execute()) {
              await trx
                .updateTable('sysUser')
                .set({ orgCode: recode(user.orgCode!) })
                .where('id', '=', user.id)
                .execute();
            }
            request.log.info(
              { event: 'depart.moved', departId: depart.id, from: oldCode, to: newCode },
              'department moved',
            );
          }
        });
        return ok(await fullRecord(b.id, request), '修改成功!');
      },
    });

    /** Deletes (del_flag) departments with no live sub-department outside the set and no live user. */
    const softDelete = async (ids: string[], actor: string, request: TenantRequest) => {
      if (ids.length === 0) throw badRequest('请选择一条记录！');
      if (ids.some((i) => !ID_PATTERN.test(i))) throw badRequest('记录编号不正确');
      await ctx.db.transaction().execute(async (trx) => {
        const departs = await trx
          .selectFrom('sysDepart')
          .select(['id', 'departName'])
          .where('id', 'in', ids)
          .where('delFlag', '=', 0)
          .where(inTenant(request, 'tenantId'))
          .execute();
        if (departs.length === 0) throw businessError('未找到对应实体');
        const found = departs.map((d) => d.id);
        const child = await trx
          .selectFrom('sysDepart as c')
          .innerJoin('sysDepart as p', 'p.id', 'c.parentId')
          .select('p.departName')
          .where('c.parentId', 'in', found)
          .where('c.id', 'not in', found)
          .where('c.delFlag', '=', 0)
          .executeTakeFirst();
        if (child) throw businessError(`部门「${child.departName}」下还有下级部门，请先删除下级部门`);
        const member = await trx
          .selectFrom('sysUserDepart as ud')
          .innerJoin('sysUser as u', 'u.id', 'ud.userId')
          .innerJoin('sysDepart as d', 'd.id', 'ud.depId')
          .select('d.departName')
          .where('ud.depId', 'in', found)
          .where('u.delFlag', '=', 0)
          .executeTakeFirst();
        if (member) throw businessError(`部门「${member.departName}」下还有用户，请先将用户移出该部门`);
        await trx
          .updateTable('sysDepart')
          .set({ delFlag: 1, updateBy: actor, updateTime: serverNowIso() })
          .where('id', 'in', found)
          .execute();
        // A deleted department holds no permissions.
        await trx.deleteFrom('sysDepartPermission').where('departId', 'in', found).execute();
      });
      return ids.length;
    };

    app.delete(
      '/sys/sysDepart/delete',
      {
        schema: { tags: ['部门'], summary: '删除部门（无下级、无用户时）', querystring: z.object({ id }) },
        config: { access: { permission: 'depart:delete' } },
      },
      async (request) => {
        await softDelete([request.query.id], request.user!.username, request);
        request.log.info({ event: 'depart.deleted', departId: request.query.id }, 'department deleted');
        return ok(null, '删除成功!');
      },
    );

    app.delete(
      '/sys/sysDepart/deleteBatch',
      {
        schema: { tags: ['部门'], summary: '批量删除部门', querystring: z.object({ ids: z.string().max(40_000) }) },
        config: { access: { permission: 'depart:delete' } },
      },
      async (request) => {
        const ids = idList(request.query.ids);
        await softDelete(ids, request.user!.username, request);
        request.log.info({ event: 'depart.deleted', departIds: ids }, 'departments deleted');
        return ok(null, '删除成功!');
      },
    );

    app.get(
      '/sys/permission/queryDepartPermission',
      {
        schema: {
          tags: ['部门'],
          summary: '部门拥有的权限编号',
          querystring: z.object({
            departId: wireId('部门编号不正确'),
            _t: z.string().optional(),
          }),
        },
        config: { access: { permission: 'depart:permission' } },
      },
      async (request) => {
        await assertInTenant(ctx.db, 'sysDepart', [request.query.departId], request);
        const rows = await ctx.db
          .selectFrom('sysDepartPermission')
          .select('permissionId')
          .where('departId', '=', request.query.departId)
          .execute();
        return ok(rows.map((r) => r.permissionId));
      },
    );

    app.post(
      '/sys/permission/saveDepartPermission',
      {
        schema: {
          tags: ['部门'],
          summary: '保存部门的菜单与按钮',
          body: z.object({ departId: wireId('部门编号不正确'), ...permissionSetFields }),
        },
        config: { access: { permission: 'depart:permission' } },
      },
      async (request) => {
        const { departId } = request.body;
        const wanted = requestedPermissionIds(request.body.permissionIds);
        await ctx.db.transaction().execute(async (trx) => {
          if (!(await live(trx, departId, request))) throw businessError('未找到对应实体');
          await assertPermissionsExist(trx, wanted);
          await assertGrantable(trx, request, wanted);
          await trx.deleteFrom('sysDepartPermission').where('departId', '=', departId).execute();
          for (const permissionId of wanted)
            await trx.insertInto('sysDepartPermission').values({ id: newId(), departId, permissionId }).execute();
        });
        request.log.info(
          { event: 'depart.permissions.saved', departId, count: wanted.length },
          'department permissions saved',
        );
        return ok(null, '保存成功！');
      },
    );
  };
