import { CHANGE_FIELD_KEYS, type ChangeField, type ChangeValue } from '@procura/shared';
import type { Insertable } from 'kysely';
import { businessError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { Db } from '../../db/database.js';
import type { SupplierChangeRequestTable } from './supplier-change-tables.js';
import { contactOps, type Current } from './change-values.js';

/** The reads and writes of change requests (domain §5); the rules stay in change-service.ts. */

/** The given file paths that are this user's own uploads. */
export async function ownedPaths(db: Db, paths: string[], ownerId: string): Promise<{ path: string }[]> {
  if (paths.length === 0) return [];
  return db.selectFrom('sysFile').select('path').where('path', 'in', paths).where('ownerId', '=', ownerId).execute();
}

export async function changingSupplier(trx: Db, supplierId: string) {
  return trx
    .selectFrom('supplier')
    .select(['status', 'name', 'tenantId'])
    .where('id', '=', supplierId)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
}

export async function requestHead(trx: Db, id: string) {
  return trx
    .selectFrom('supplierChangeRequest')
    .select(['id', 'code', 'status', 'supplierId', 'tenantId'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function requestById(trx: Db, id: string): Promise<SupplierChangeRequestTable | undefined> {
  return trx.selectFrom('supplierChangeRequest').selectAll().where('id', '=', id).executeTakeFirst();
}

/** CHG-1: the code of the supplier's SUBMITTED request, if any (drafts do not count). */
export async function submittedRequestCode(trx: Db, supplierId: string): Promise<string | undefined> {
  const open = await trx
    .selectFrom('supplierChangeRequest')
    .select('code')
    .where('supplierId', '=', supplierId)
    .where('status', '=', 'SUBMITTED')
    .executeTakeFirst();
  return open?.code;
}

/** SUP-1: another supplier already holding the name or the USCC. */
export async function nameOrUsccHolder(trx: Db, supplierId: string, name: string, uscc: string) {
  return trx
    .selectFrom('supplier')
    .select(['name', 'uscc'])
    .where('id', '<>', supplierId)
    .where((eb) => eb.or([eb('name', '=', name), eb('uscc', '=', uscc)]))
    .executeTakeFirst();
}

/** a draft changes only while it is still a draft (a concurrent submit or withdraw wins). */
export async function updateDraft(
  trx: Db,
  id: string,
  values: Partial<Omit<SupplierChangeRequestTable, 'id'>>,
): Promise<void> {
  const done = await trx
    .updateTable('supplierChangeRequest')
    .set(values)
    .where('id', '=', id)
    .where('status', '=', 'DRAFT')
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) throw businessError('变更申请已被处理，请刷新后重试');
}

export async function insertRequest(trx: Db, values: Insertable<SupplierChangeRequestTable>): Promise<void> {
  await trx.insertInto('supplierChangeRequest').values(values).execute();
}

/** The running approval of a request, under either change document type. */
export async function runningApprovalId(trx: Db, docTypes: string[], docId: string): Promise<string | undefined> {
  const instance = await trx
    .selectFrom('approvalInstance')
    .select('id')
    .where('docType', 'in', docTypes)
    .where('docId', '=', docId)
    .where('status', '=', 'RUNNING')
    .executeTakeFirst();
  return instance?.id;
}

export async function usernameOf(trx: Db, userId: string | null): Promise<string | undefined> {
  if (!userId) return undefined;
  const u = await trx.selectFrom('sysUser').select('username').where('id', '=', userId).executeTakeFirst();
  return u?.username;
}

export async function supplierStatus(trx: Db, supplierId: string): Promise<string> {
  const s = await trx.selectFrom('supplier').select('status').where('id', '=', supplierId).executeTakeFirstOrThrow();
  return s.status;
}

/**
 * CHG-2: writes every approved change to the profile (only against the version the request was
 * made from), then the field history (CHG-6). `by` and `now` stamp every row.
 */
export async function writeChanges(
  trx: Db,
  r: SupplierChangeRequestTable,
  current: Current,
  changes: ChangeValue[],
  approvedBy: string | null,
  by: string,
  now: string,
): Promise<void> {
  const next = Object.fromEntries(
    CHANGE_FIELD_KEYS.map((f) => [f, changes.find((c) => c.field === f)?.newValue ?? current[f]]),
  ) as Record<ChangeField, string>;

  const done = await trx
    .updateTable('supplier')
    .set({ name: next.name, uscc: next.uscc, legalPerson: next.legalPerson, updateBy: by, updateTime: now })
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', r.supplierId)
    .where('version', '=', r.baseVersion)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) throw businessError('供应商信息已被他人修改，请刷新后重试');

  if (changes.some((c) => c.section === 'BANK')) {
    // CHG-4: the new account is a new APPROVED row; the old one stays (disabled) for the snapshots that name it.
    if (current.bankId)
      await trx
        .updateTable('supplierBankAccount')
        .set({ isPrimary: 0, status: 'DISABLED', updateBy: by, updateTime: now })
        .where('id', '=', current.bankId)
        .execute();
    await trx
      .insertInto('supplierBankAccount')
      .values({
        id: newId(),
        supplierId: r.supplierId,
        bankName: next.bankName,
        accountName: next.bankAccountName,
        accountNo: next.bankAccountNo,
        isPrimary: 1,
        status: 'APPROVED',
        createBy: by,
        createTime: now,
        updateBy: null,
        updateTime: null,
      })
      .execute();
  }
  // Contacts: added rows get their id here; the history names it.
  const entityIds = new Map<string, string>();
  for (const g of contactOps(changes)) {
    const v = g.values;
    const { isPrimary, email, ...text } = v;
    const fields = {
      ...text,
      ...(isPrimary !== undefined ? { isPrimary: isPrimary === '1' ? 1 : 0 } : {}),
      ...(email !== undefined ? { email: email || null } : {}),
    };
    if (g.op === 'ADD') {
      const contactId = newId();
      entityIds.set(g.entityId, contactId);
      await trx
        .insertInto('supplierContact')
        .values({
          id: contactId,
          supplierId: r.supplierId,
          name: v.name ?? '',
          mobile: v.mobile ?? '',
          email: v.email || null,
          role: v.role ?? 'BUSINESS',
          isPrimary: v.isPrimary === '1' ? 1 : 0,
          createBy: by,
          createTime: now,
          updateBy: null,
          updateTime: null,
        })
        .execute();
    } else if (g.op === 'REMOVE') {
      await trx
        .deleteFrom('supplierContact')
        .where('id', '=', g.entityId)
        .where('supplierId', '=', r.supplierId)
        .execute();
    } else {
      const updated = await trx
        .updateTable('supplierContact')
        .set({ ...fields, updateBy: by, updateTime: now })
        .where('id', '=', g.entityId)
        .where('supplierId', '=', r.supplierId)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1)
        throw businessError('联系人已不存在，请驳回该申请并由供应商按当前信息重新提交（CHG-2）');
    }
  }
  for (const c of changes) {
    await trx
      .insertInto('supplierChangeHistory')
      .values({
        id: newId(),
        supplierId: r.supplierId,
        requestId: r.id,
        requestCode: r.code,
        field: c.field,
        entityId: c.entityId ? (entityIds.get(c.entityId) ?? c.entityId) : null,
        label: c.label,
        oldValue: c.oldValue,
        newValue: c.newValue,
        requestedBy: r.submittedBy,
        approvedBy,
        changedAt: now,
      })
      .execute();
  }
}

/** Applied field changes of one supplier, newest first. */
export async function changeHistory(db: Db, supplierId: string) {
  return db
    .selectFrom('supplierChangeHistory as h')
    .leftJoin('sysUser as rq', 'rq.id', 'h.requestedBy')
    .leftJoin('sysUser as ap', 'ap.id', 'h.approvedBy')
    .select([
      'h.id',
      'h.requestCode',
      'h.field',
      'h.label',
      'h.oldValue',
      'h.newValue',
      'h.changedAt',
      'rq.realname as requestedBy',
      'ap.realname as approvedBy',
    ])
    .where('h.supplierId', '=', supplierId)
    .orderBy('h.changedAt', 'desc')
    .orderBy('h.field')
    .execute();
}
