import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type ExcelJS from 'exceljs';
import { ok } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { badRequest } from '../../core/errors.js';
import { cellText, partialImportAnswer, uploadedSheet } from '../../resource/resource-excel.js';
import type { ImportError } from '../../resource/resource-excel.js';
import { hashPassword } from '../auth/password.js';
import { passwordProblem } from '../auth/password-policy.js';
import { addSchema, checkTenants } from './user-admin-service.js';
import { insertUser } from './user-service.js';

/** The columns of JeecgBoot's user sheet (and of our export), by header; `密码` is ours to add. */
const HEADERS: Record<string, 'username' | 'realname' | 'password' | 'sex' | 'phone' | 'email' | 'workNo'> = {
  登录账号: 'username',
  用户账号: 'username',
  username: 'username',
  真实姓名: 'realname',
  用户姓名: 'realname',
  realname: 'realname',
  密码: 'password',
  password: 'password',
  性别: 'sex',
  sex: 'sex',
  手机号码: 'phone',
  手机号: 'phone',
  phone: 'phone',
  电子邮件: 'email',
  邮箱: 'email',
  email: 'email',
  工号: 'workNo',
  workNo: 'workNo',
};

/** Each user row costs a memory-hard password hash: user imports keep the smaller cap. */
const MAX_USER_IMPORT_ROWS = 20_000;

/** JeecgBoot's sheet has two title rows above the header; ours has none. The header is the first row naming 登录账号. */
function headerOf(sheet: ExcelJS.Worksheet): { row: number; columns: Map<number, string> } {
  for (let r = 1; r <= Math.min(3, sheet.rowCount); r++) {
    const columns = new Map<number, string>();
    sheet.getRow(r).eachCell((cell, col) => {
      const key = HEADERS[cellText(cell.value).replace(/\*$/, '')];
      if (key) columns.set(col, key);
    });
    const keys = new Set(columns.values());
    if (keys.has('username') && keys.has('realname')) return { row: r, columns };
  }
  throw badRequest('表头与导入模板不一致：需要“登录账号”和“真实姓名”列');
}

/**
 * `POST /sys/user/importExcel` (jeecg-api.md §4.6, §7.6): the user list's import. Each row is
 * checked as `/sys/user/add` checks a user (account, name, phone, e-mail, the password rule,
 * an unused account), the valid rows are added in one transaction into the importing
 * administrator's tenant, and the failed ones are reported (code 201 with a log to download),
 * as the resource import does. Unlike JeecgBoot, an empty password is not defaulted to
 * `123456`: each row needs a `密码` that passes the password rule.
 */
export const userImportRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/sys/user/importExcel',
      { schema: { tags: ['用户'], summary: '导入用户' }, config: { access: { permission: 'user:import' } } },
      async (request) => {
        const sheet = await uploadedSheet(request);
        const header = headerOf(sheet);
        if (sheet.rowCount - header.row > MAX_USER_IMPORT_ROWS)
          throw badRequest(`一次最多导入${MAX_USER_IMPORT_ROWS}行`);
        // The importing administrator's tenant, as an added user gets it (none for the platform).
        const relTenantIds = await checkTenants(ctx.db, '', request.user!, '', request.tenantId);
        const sexByText = new Map([...(await ctx.dicts.textMaps(['sex'])).sex].map(([value, text]) => [text, value]));

        const errors: ImportError[] = [];
        const rows: { row: number; raw: Record<string, string> }[] = [];
        for (let r = header.row + 1; r <= sheet.rowCount; r++) {
          const raw: Record<string, string> = {};
          for (const [col, key] of header.columns) raw[key] = cellText(sheet.getRow(r).getCell(col).value);
          if (Object.values(raw).some((v) => v !== '')) rows.push({ row: r, raw });
        }
        const taken = new Set(
          rows.length
            ? (
                await ctx.db
                  .selectFrom('sysUser')
                  .select('username')
                  .where(
                    'username',
                    'in',
                    rows.map((r) => r.raw.username!.trim()),
                  )
                  .execute()
              ).map((u) => u.username)
            : [],
        );
        const seen = new Map<string, number>();
        const valid: (typeof addSchema)['_output'][] = [];
        for (const { row, raw } of rows) {
          const sex = raw.sex ? (sexByText.get(raw.sex) ?? raw.sex) : undefined;
          const parsed = addSchema.safeParse({ ...raw, password: raw.password ?? '', sex });
          if (!parsed.success) {
            errors.push({ row, message: parsed.error.issues.map((i) => i.message).join('；') });
            continue;
          }
          const u = parsed.data;
          const problems: string[] = [];
          const weak = u.password === '' ? '请输入密码' : passwordProblem(u.password);
          if (weak) problems.push(weak);
          if (taken.has(u.username)) problems.push('用户账号已存在');
          else if (seen.has(u.username)) problems.push(`用户账号与第${seen.get(u.username)}行重复`);
          else seen.set(u.username, row);
          if (problems.length) errors.push({ row, message: problems.join('；') });
          else valid.push(u);
        }

        if (valid.length) {
          const hashed = await Promise.all(valid.map((u) => hashPassword(u.password)));
          await ctx.db.transaction().execute(async (trx) => {
            for (const [i, u] of valid.entries())
              await insertUser(
                trx,
                {
                  username: u.username,
                  realname: u.realname,
                  passwordHash: hashed[i]!,
                  sex: u.sex,
                  phone: u.phone,
                  email: u.email,
                  workNo: u.workNo,
                  relTenantIds,
                  createBy: request.user!.username,
                },
                { roles: [], departs: [] },
              );
          });
        }
        request.log.info({ event: 'user.imported', added: valid.length, failed: errors.length }, 'users imported');
        if (errors.length === 0)
          return ok(
            { totalCount: valid.length, successCount: valid.length, errorCount: 0 },
            `共${valid.length}行数据全部导入成功！`,
          );
        return partialImportAnswer(ctx, request, 'userImportExcelErrorLog', errors, valid.length);
      },
    );
  };
