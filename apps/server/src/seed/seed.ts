import { DEMO_PASSWORD, usccCheckChar } from '@procura/shared';
import { newId } from '../core/ids.js';
import { serverNowIso } from '../core/clock.js';
import type { Db } from '../db/database.js';
import { hashPassword, verifyPassword } from '../modules/auth/password.js';
import { insertUser } from '../modules/users/user-service.js';
import { syncDictionaries } from './dictionaries.js';
import { BASE_DEPARTMENTS, BASE_ROLES, syncMenus } from './menus.js';
import { syncCodeRules } from './code-rules.js';
import { seedPortalDemo } from './portal-demo.js';
import { seedMaterialDemo } from './material-demo.js';
import { seedEvaluationDemo } from './evaluation-demo.js';
import { seedDemoCategories } from './categories.js';
import { seedSupplierDemo } from './supplier-demo.js';
import { seedOrderDemo } from './order-demo.js';
import { seedReportDemo } from './report-demo.js';
import { seedAnnouncements } from './announcement-demo.js';
import { seedTenantDemo, TENANT_DEMO_ACCOUNTS } from './tenant-demo.js';

const SEEDER = 'system';

/** Whether the installation has any user yet (the demo company is loaded only into an empty one). */
export async function hasUsers(db: Db): Promise<boolean> {
  return (await db.selectFrom('sysUser').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/**
 * Roles, departments, the menu tree and dictionaries every installation needs. Each row has a
 * key and is applied once: a new release adds its new rows to an existing installation, and
 * a row an administrator deleted is not brought back. One transaction.
 */
export async function syncBaseData(db: Db): Promise<number> {
  const now = serverNowIso();
  const audit = { createBy: SEEDER, createTime: now, updateBy: null, updateTime: null };
  return db.transaction().execute(async (trx) => {
    const applied = new Set((await trx.selectFrom('sysBaseData').select('dataKey').execute()).map((r) => r.dataKey));
    const fresh: string[] = [];
    const apply = (key: string) => {
      if (applied.has(key)) return false;
      applied.add(key);
      fresh.push(key);
      return true;
    };

    const roleIds = new Map(
      // The platform's roles (codes are unique per tenant; a tenant's `buyer` is its own).
      (await trx.selectFrom('sysRole').select(['id', 'roleCode']).where('tenantId', '=', 0).execute()).map((r) => [
        r.roleCode,
        r.id,
      ]),
    );
    for (const r of BASE_ROLES) {
      if (!apply(`role:${r.roleCode}`) || roleIds.has(r.roleCode)) continue;
      const id = newId();
      roleIds.set(r.roleCode, id);
      await trx
        .insertInto('sysRole')
        .values({ id, ...r, ...audit })
        .execute();
    }

    const departIds = new Map(
      (await trx.selectFrom('sysDepart').select(['id', 'orgCode']).execute()).map((d) => [d.orgCode, d.id]),
    );
    for (const d of BASE_DEPARTMENTS) {
      if (!apply(`depart:${d.orgCode}`) || departIds.has(d.orgCode)) continue;
      const parent = 'parent' in d && d.parent ? BASE_DEPARTMENTS.find((p) => p.key === d.parent)!.orgCode : null;
      const id = newId();
      departIds.set(d.orgCode, id);
      await trx
        .insertInto('sysDepart')
        .values({
          id,
          parentId: parent ? (departIds.get(parent) ?? null) : null,
          departName: d.name,
          orgCode: d.orgCode,
          orgCategory: d.orgCategory,
          departOrder: d.order,
          status: '1',
          delFlag: 0,
          ...audit,
        })
        .execute();
    }

    await syncMenus(trx, apply, audit, roleIds);
    await syncDictionaries(trx, apply, audit);
    await syncCodeRules(trx, apply, audit);

    for (const dataKey of fresh) await trx.insertInto('sysBaseData').values({ dataKey, appliedAt: now }).execute();
    return fresh.length;
  });
}

type NewUser = {
  username: string;
  realname: string;
  password: string;
  roleCode: string;
  departCode?: string;
  userType?: number;
  isShow?: number;
  supplierId?: string | null;
  phone?: string | null;
  email?: string | null;
};

/** Creates a user with one role (and department). Used by the demo seed and `create-admin`. */
export async function createUser(db: Db, u: NewUser): Promise<string> {
  const role = await db
    .selectFrom('sysRole')
    .select('id')
    .where('roleCode', '=', u.roleCode)
    .where('tenantId', '=', 0)
    .executeTakeFirstOrThrow();
  const depart = u.departCode
    ? await db.selectFrom('sysDepart').select(['id', 'orgCode']).where('orgCode', '=', u.departCode).executeTakeFirst()
    : undefined;
  const passwordHash = await hashPassword(u.password);
  return db.transaction().execute((trx) =>
    insertUser(
      trx,
      {
        username: u.username,
        realname: u.realname,
        passwordHash,
        email: u.email,
        phone: u.phone,
        orgCode: depart?.orgCode,
        isShow: u.isShow,
        userType: u.userType,
        supplierId: u.supplierId,
        createBy: SEEDER,
      },
      { roles: [role.id], departs: depart ? [depart.id] : [] },
    ),
  );
}

/** A valid unified social credit code from its first 17 characters. */
const uscc = (first17: string) => first17 + usccCheckChar(first17)!;

async function createSupplier(
  db: Db,
  s: {
    code: string;
    name: string;
    uscc: string;
    status: string;
    infoStatus: string;
    legalPerson?: string;
    address?: string;
    categories?: string[];
  },
): Promise<string> {
  const id = newId();
  await db
    .insertInto('supplier')
    .values({
      id,
      code: s.code,
      name: s.name,
      uscc: s.uscc,
      legalPerson: s.legalPerson ?? null,
      phone: null,
      email: null,
      address: s.address ?? null,
      mainCategories: JSON.stringify(s.categories ?? []),
      source: 'SELF_REGISTERED',
      status: s.status,
      infoStatus: s.infoStatus,
      delFlag: 0,
      createBy: SEEDER,
      createTime: serverNowIso(),
      updateBy: null,
      updateTime: null,
    })
    .execute();
  return id;
}

/** A QUALIFIED supplier with its primary contact, approved bank account and one account user. */
async function qualifiedDemoSupplier(
  db: Db,
  s: {
    code: string;
    name: string;
    uscc: string;
    legalPerson: string;
    address: string;
    contact: { name: string; mobile: string; email: string };
    bank: { bankName: string; accountNo: string };
    user: { username: string; realname: string };
  },
): Promise<string> {
  const id = await createSupplier(db, {
    ...s,
    status: 'QUALIFIED',
    infoStatus: 'APPROVED',
    categories: ['MACHINERY', 'RAW_MATERIAL'],
  });
  const now = serverNowIso();
  await db
    .insertInto('supplierContact')
    .values({
      id: newId(),
      supplierId: id,
      ...s.contact,
      role: 'BUSINESS',
      isPrimary: 1,
      createBy: SEEDER,
      createTime: now,
      updateBy: null,
      updateTime: null,
    })
    .execute();
  await db
    .insertInto('supplierBankAccount')
    .values({
      id: newId(),
      supplierId: id,
      ...s.bank,
      accountName: s.name,
      isPrimary: 1,
      status: 'APPROVED',
      createBy: SEEDER,
      createTime: now,
      updateBy: null,
      updateTime: null,
    })
    .execute();
  await createUser(db, {
    ...s.user,
    password: DEMO_PASSWORD,
    roleCode: 'supplier',
    userType: 2,
    supplierId: id,
    phone: s.contact.mobile,
  });
  return id;
}

export const DEMO_ACCOUNTS = [
  { username: 'admin', realname: '系统管理员', role: '管理员' },
  { username: 'buyer', realname: '采购员王敏', role: '采购员' },
  { username: 'supplier1', realname: '华东精密联系人', role: '已准入供应商' },
  { username: 'supplier2', realname: '新材科技联系人', role: '新注册供应商（需完善企业信息）' },
  { username: 'supplier3', realname: '华南钢铁联系人', role: '已准入供应商' },
  { username: 'supplier4', realname: '西南五金联系人', role: '已准入供应商' },
  ...TENANT_DEMO_ACCOUNTS,
] as const;

/** The demo company: an administrator, a buyer and four suppliers, all with the demo password. */
export async function seedDemo(db: Db): Promise<void> {
  await createUser(db, {
    username: 'admin',
    realname: '系统管理员',
    password: DEMO_PASSWORD,
    roleCode: 'admin',
    departCode: 'A01',
    email: 'admin@procura.example',
  });
  const buyer = await createUser(db, {
    username: 'buyer',
    realname: '采购员王敏',
    password: DEMO_PASSWORD,
    roleCode: 'buyer',
    departCode: 'A01A01',
    phone: '13800000001',
  });
  // The buyer also works for quality: a user with two departments picks the current one.
  const quality = await db
    .selectFrom('sysDepart')
    .select('id')
    .where('orgCode', '=', 'A01A02')
    .executeTakeFirstOrThrow();
  await db.insertInto('sysUserDepart').values({ id: newId(), userId: buyer, depId: quality.id }).execute();

  // Three qualified suppliers with accounts: sourcing needs at least three (RFQ-1, TND-22, AUC-16).
  const approved = await qualifiedDemoSupplier(db, {
    code: 'SUP-20260101-0001',
    name: '华东精密机械有限公司',
    uscc: uscc('91310115MA1H7XQ2C'),
    legalPerson: '陈立',
    address: '上海市浦东新区张江路88号',
    contact: { name: '李强', mobile: '13900000001', email: 'sales@hdjm.example' },
    bank: { bankName: '中国工商银行上海张江支行', accountNo: '1001234500006789012' },
    user: { username: 'supplier1', realname: '华东精密联系人' },
  });
  const south = await qualifiedDemoSupplier(db, {
    code: 'SUP-20260101-0003',
    name: '华南钢铁贸易有限公司',
    uscc: uscc('91440101MA5CXY7Q1'),
    legalPerson: '黄伟',
    address: '广州市黄埔区开发大道168号',
    contact: { name: '周敏', mobile: '13900000003', email: 'sales@hngt.example' },
    bank: { bankName: '中国建设银行广州开发区支行', accountNo: '4405012300008765432' },
    user: { username: 'supplier3', realname: '华南钢铁联系人' },
  });
  const southwest = await qualifiedDemoSupplier(db, {
    code: 'SUP-20260101-0004',
    name: '西南五金制品有限公司',
    uscc: uscc('91510100MA6DPR3K2'),
    legalPerson: '刘洋',
    address: '成都市高新区天府大道999号',
    contact: { name: '吴杰', mobile: '13900000004', email: 'sales@xnwj.example' },
    bank: { bankName: '中国银行成都高新支行', accountNo: '1288765400001234567' },
    user: { username: 'supplier4', realname: '西南五金联系人' },
  });

  // Registered a moment ago: only the registration fields are known, the rest is to complete.
  const fresh = await createSupplier(db, {
    code: 'SUP-20260101-0002',
    name: '苏州新材科技有限公司',
    uscc: uscc('91320594MA25K8RT4'),
    status: 'REGISTERED',
    infoStatus: 'INCOMPLETE',
  });
  await createUser(db, {
    username: 'supplier2',
    realname: '新材科技联系人',
    password: DEMO_PASSWORD,
    roleCode: 'supplier',
    userType: 2,
    isShow: 2,
    supplierId: fresh,
    phone: '13900000002',
  });

  // A second tenant with its own administrator, departments, roles and users (issue 16).
  await seedTenantDemo(db);

  await seedAnnouncements(db, buyer);
  await seedPortalDemo(db);
  await seedMaterialDemo(db, approved);
  await seedSupplierDemo(db, [approved, south, southwest]);
  await seedOrderDemo(db);
  await seedEvaluationDemo(db);
  await seedDemoCategories(db, SEEDER);
  await seedReportDemo(db);
}

/** Demo accounts that still have the demo password (production refuses to start while any do). */
export async function accountsWithDemoPassword(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('sysUser')
    .select(['username', 'passwordHash'])
    .where(
      'username',
      'in',
      DEMO_ACCOUNTS.map((a) => a.username),
    )
    .where('delFlag', '=', 0)
    .orderBy('username')
    .execute();
  const weak: string[] = [];
  for (const r of rows) if (await verifyPassword(DEMO_PASSWORD, r.passwordHash)) weak.push(r.username);
  return weak;
}
