import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, passwordChangeSchema, supplierRegisterSchema } from '@procura/shared';
import { badRequest, businessError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { serverNowIso } from '../../core/clock.js';
import type { AppContext } from '../../app-context.js';
import { insertUser } from '../users/user-service.js';
import { hashPassword } from './password.js';
import { assertSettablePassword } from './password-policy.js';
import { SMS_EXPIRED, type SmsService } from './sms/sms-service.js';

export const USCC_TAKEN = '该统一社会信用代码已注册，请找回已有账号';
export const NAME_TAKEN = '该企业名称已注册，请找回已有账号';
/** A blacklisted company learns nothing about why (SUP-1). */
export const REGISTER_REFUSED = '注册申请无法受理，请联系平台管理员';
export const USERNAME_TAKEN = '该登录账号已被使用';
export const WRONG_SMS = '短信验证码错误';

/**
 * Supplier self-registration and the forgotten-password reset (domain §4.2, SUP-1, SUP-2,
 * AUTHN-9). Both are public and rate-limited per client address.
 */
export const registerRoutes =
  (ctx: AppContext, sms: SmsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/sys/user/register',
      {
        schema: {
          tags: ['auth'],
          summary: '供应商注册（企业、联系人、手机验证码、登录账号）',
          body: supplierRegisterSchema,
        },
        config: { access: 'public', rateLimit: { max: ctx.config.loginRateLimit, timeWindow: '1 minute' } },
      },
      async (request) => {
        const b = request.body;
        // Issue 16 #8: a common password is refused like a weak one, before the code is tried (it tells nothing).
        assertSettablePassword(b.password, 'field');
        // Issue 16 #7: the SMS code speaks first, so that without a code to the caller's own mobile nothing
        // tells whether a username, company name or USCC is taken. Refusals after it leave the code usable.
        const checked = await sms.check(b.mobile, 'register', b.smsCode);
        if (!checked.ok) {
          const message = checked.reason === 'wrong' ? WRONG_SMS : SMS_EXPIRED;
          throw badRequest(message, { smsCode: message });
        }
        const clash = await ctx.db
          .selectFrom('supplier')
          .select(['name', 'uscc', 'status'])
          .where((eb) => eb.or([eb('name', '=', b.companyName), eb('uscc', '=', b.uscc)]))
          .execute();
        if (clash.some((c) => c.uscc === b.uscc && c.status === 'BLACKLISTED')) throw businessError(REGISTER_REFUSED);
        if (clash.some((c) => c.uscc === b.uscc)) throw badRequest(USCC_TAKEN, { uscc: USCC_TAKEN });
        if (clash.length > 0) throw badRequest(NAME_TAKEN, { companyName: NAME_TAKEN });
        const taken = await ctx.db
          .selectFrom('sysUser')
          .select('id')
          .where('username', '=', b.username)
          .executeTakeFirst();
        if (taken) throw badRequest(USERNAME_TAKEN, { username: USERNAME_TAKEN });
        const role = await ctx.db
          .selectFrom('sysRole')
          .select('id')
          .where('roleCode', '=', 'supplier')
          // The platform's: role codes are unique per tenant.
          .where('tenantId', '=', 0)
          .executeTakeFirstOrThrow();

        const passwordHash = await hashPassword(b.password);

        const supplierId = await ctx.db.transaction().execute(async (trx) => {
          if (!(await sms.consume(trx, checked.id))) throw badRequest(SMS_EXPIRED, { smsCode: SMS_EXPIRED });
          // Again inside the transaction: a concurrent registration may have won.
          const again = await trx
            .selectFrom('supplier')
            .select('id')
            .where((eb) => eb.or([eb('name', '=', b.companyName), eb('uscc', '=', b.uscc)]))
            .executeTakeFirst();
          if (again) throw badRequest(USCC_TAKEN, { uscc: USCC_TAKEN });
          if (await trx.selectFrom('sysUser').select('id').where('username', '=', b.username).executeTakeFirst())
            throw badRequest(USERNAME_TAKEN, { username: USERNAME_TAKEN });

          const id = newId();
          const now = serverNowIso();
          const actor = b.username;
          await trx
            .insertInto('supplier')
            .values({
              id,
              code: await ctx.codes.next('SUP', { trx }),
              name: b.companyName,
              uscc: b.uscc,
              legalPerson: null,
              phone: null,
              email: b.email,
              address: null,
              mainCategories: '[]',
              source: 'SELF_REGISTERED',
              status: 'REGISTERED',
              infoStatus: 'INCOMPLETE',
              delFlag: 0,
              createBy: actor,
              createTime: now,
              updateBy: null,
              updateTime: null,
            })
            .execute();
          await trx
            .insertInto('supplierContact')
            .values({
              id: newId(),
              supplierId: id,
              name: b.contactName,
              mobile: b.mobile,
              email: b.email,
              role: 'BUSINESS',
              isPrimary: 1,
              createBy: actor,
              createTime: now,
              updateBy: null,
              updateTime: null,
            })
            .execute();
          const userId = await insertUser(
            trx,
            {
              username: b.username,
              realname: b.contactName,
              passwordHash,
              email: b.email,
              phone: b.mobile,
              userType: 2,
              isShow: 2,
              supplierId: id,
              createBy: actor,
            },
            { roles: [role.id], departs: [] },
          );
          // SUP-6: every company status change is logged, the first one too.
          await trx
            .insertInto('supplierStatusLog')
            .values({
              id: newId(),
              supplierId: id,
              scope: 'COMPANY',
              categoryId: null,
              fromStatus: null,
              toStatus: 'REGISTERED',
              reason: '供应商自主注册',
              sourceDocType: 'REGISTRATION',
              sourceDocId: id,
              actorId: userId,
              actorKind: 'SUPPLIER',
              at: now,
            })
            .execute();
          return id;
        });
        request.log.info({ event: 'supplier.registered', supplierId }, 'supplier registered');
        return ok(null, '注册成功');
      },
    );

    app.post(
      '/sys/user/passwordChange',
      {
        schema: { tags: ['auth'], summary: '忘记密码：手机验证码重设密码', body: passwordChangeSchema },
        config: { access: 'public', rateLimit: { max: ctx.config.loginRateLimit, timeWindow: '1 minute' } },
      },
      async (request) => {
        const b = request.body;
        assertSettablePassword(b.password, 'business');
        // The code speaks first: before it matches, nothing tells whether the account exists.
        const checked = await sms.check(b.phone, 'forgot', b.smsCode);
        if (!checked.ok) throw businessError(checked.reason === 'wrong' ? WRONG_SMS : SMS_EXPIRED);
        const user = await ctx.db
          .selectFrom('sysUser')
          .select(['id', 'phone'])
          .where('username', '=', b.username)
          .where('delFlag', '=', 0)
          .executeTakeFirst();
        if (!user || user.phone !== b.phone) throw businessError('登录账号与手机号不匹配');
        const passwordHash = await hashPassword(b.password);
        const now = serverNowIso();
        await ctx.db.transaction().execute(async (trx) => {
          if (!(await sms.consume(trx, checked.id))) throw businessError(SMS_EXPIRED);
          await trx
            .updateTable('sysUser')
            .set({ passwordHash, passwordChangedAt: now, updateBy: b.username, updateTime: now })
            .where('id', '=', user.id)
            .execute();
          // AUTHN-2: the old sessions end with the old password.
          await trx
            .updateTable('sysSession')
            .set({ revokedAt: now })
            .where('userId', '=', user.id)
            .where('revokedAt', 'is', null)
            .execute();
        });
        await ctx.throttle.recordSuccess(b.username);
        return ok(null, '密码重置成功，请使用新密码登录');
      },
    );
  };
