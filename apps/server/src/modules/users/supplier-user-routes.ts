import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IS_SHOW_MUST_COMPLETE, ok } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { badRequest, businessError } from '../../core/errors.js';
import { wireId } from '../../http/wire.js';
import { serverNowIso } from '../../core/clock.js';
import { hashPassword } from '../auth/password.js';
import { inTenant } from '../../core/tenant-data.js';
import { assertSettablePassword } from '../auth/password-policy.js';
import { addSchema, checkTenants, editSchema, givenProfileFields, userInTenant } from './user-admin-service.js';
import { insertUser } from './user-service.js';

const supplierId = wireId('请选择供应商');
const SUPPLIER_ROLE = 'supplier';

/**
 * Accounts of a supplier company (jeecg-api.md §7.6 addSupplierUser / editSupplierUser):
 * users of type 2 bound to one supplier. They always hold the supplier role and nothing
 * else, whatever the request says, so an account form can never hand a supplier internal
 * rights; they see only their own supplier's data. As /sys/user/add and edit, they
 * belong to the request's tenant (issue 16): a tenant administrator adds them only for a
 * supplier of its tenant, and edits only its tenant's.
 */
export const supplierUserRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/sys/user/addSupplierUser',
      {
        schema: { tags: ['用户'], summary: '新增供应商用户', body: addSchema.extend({ supplierId }) },
        config: { access: { permission: 'user:add' }, internalOnly: true },
      },
      async (request) => {
        const b = request.body;
        assertSettablePassword(b.password, 'field');
        const supplier = await ctx.db
          .selectFrom('supplier')
          .select(['id', 'infoStatus'])
          .where('id', '=', b.supplierId)
          .where('delFlag', '=', 0)
          .where(inTenant(request, 'tenantId'))
          .executeTakeFirst();
        if (!supplier) throw badRequest('供应商不存在', { supplierId: '供应商不存在' });
        const relTenantIds = await checkTenants(ctx.db, b.relTenantIds ?? '', request.user!, '', request.tenantId);
        if (await ctx.db.selectFrom('sysUser').select('id').where('username', '=', b.username).executeTakeFirst())
          throw badRequest('用户账号已存在', { username: '用户账号已存在' });
        const role = await ctx.db
          .selectFrom('sysRole')
          .select('id')
          .where('roleCode', '=', SUPPLIER_ROLE)
          // The platform's: a tenant's own role of that code grants nothing here.
          .where('tenantId', '=', 0)
          .executeTakeFirst();
        if (!role) throw businessError('系统缺少供应商角色，请联系管理员');
        const passwordHash = await hashPassword(b.password);
        const userId = await ctx.db.transaction().execute((trx) =>
          insertUser(
            trx,
            {
              username: b.username,
              realname: b.realname,
              passwordHash,
              sex: b.sex,
              email: b.email,
              phone: b.phone,
              userType: 2,
              supplierId: supplier.id,
              relTenantIds,
              // A company that has not completed its information yet sends every account there first (SUP-3).
              isShow: supplier.infoStatus === 'INCOMPLETE' ? IS_SHOW_MUST_COMPLETE : 1,
              createBy: request.user!.username,
            },
            { roles: [role.id], departs: [] },
          ),
        );
        request.log.info({ event: 'user.supplierAdded', userId, supplierId: supplier.id }, 'supplier user added');
        return ok({ id: userId }, '添加成功！');
      },
    );

    app.route({
      method: ['PUT', 'POST'],
      url: '/sys/user/editSupplierUser',
      schema: {
        tags: ['用户'],
        summary: '编辑供应商用户',
        body: editSchema.extend({ supplierId: supplierId.optional() }),
      },
      config: { access: { permission: 'user:edit' }, internalOnly: true },
      handler: async (request) => {
        const b = request.body;
        const user = await ctx.db
          .selectFrom('sysUser')
          .select(['id', 'userType', 'supplierId'])
          .where('id', '=', b.id)
          .where('delFlag', '=', 0)
          .where(userInTenant(request))
          .executeTakeFirst();
        if (!user) throw businessError('未找到对应实体');
        if (user.userType !== 2) throw businessError('该用户不是供应商用户');
        // An account stays with its company: moving it would hand one supplier another's documents.
        if (b.supplierId !== undefined && b.supplierId !== user.supplierId)
          throw badRequest('供应商用户不能改为其他供应商', { supplierId: '供应商用户不能改为其他供应商' });
        await ctx.db
          .updateTable('sysUser')
          .set({
            realname: b.realname,
            ...givenProfileFields(b),
            updateBy: request.user!.username,
            updateTime: serverNowIso(),
          })
          .where('id', '=', b.id)
          .execute();
        return ok(null, '修改成功!');
      },
    });
  };
