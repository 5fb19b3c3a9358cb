import { CHANGE_VIA_REQUEST_MESSAGE, type SupplierInfo, type SupplierProfile } from '@procura/shared';
import type { SessionUser } from '../../core/access.js';
import { badRequest, businessError, forbidden } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { serverNowIso } from '../../core/clock.js';
import type { Db } from '../../db/database.js';

/** infoStatus values in which the supplier may still edit its completion form (SUP-3, SUP-5). */
const EDITABLE_INFO = new Set(['INCOMPLETE', 'RETURNED']);

function parseCategories(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

function parseComments(json: string | null): Record<string, string> {
  try {
    const v: unknown = JSON.parse(json ?? '{}');
    return typeof v === 'object' && v !== null
      ? Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string'))
      : {};
  } catch {
    return {};
  }
}

export class SupplierService {
  constructor(private readonly db: Db) {}

  /** The supplier profile of a supplier user; null for an internal user. */
  async profileOf(user: SessionUser): Promise<SupplierProfile | null> {
    if (!user.supplierId) return null;
    const s = await this.db
      .selectFrom('supplier')
      .selectAll()
      .where('id', '=', user.supplierId)
      .where('delFlag', '=', 0)
      .executeTakeFirst();
    if (!s) return null;
    const contact = await this.db
      .selectFrom('supplierContact')
      .select(['name', 'mobile', 'email'])
      .where('supplierId', '=', s.id)
      .where('isPrimary', '=', 1)
      .executeTakeFirst();
    const bank = await this.db
      .selectFrom('supplierBankAccount')
      .select(['bankName', 'accountName', 'accountNo'])
      .where('supplierId', '=', s.id)
      .where('isPrimary', '=', 1)
      .executeTakeFirst();
    return {
      id: s.id,
      code: s.code,
      status: s.status,
      infoStatus: s.infoStatus,
      name: s.name,
      uscc: s.uscc ?? '',
      legalPerson: s.legalPerson ?? '',
      contactName: contact?.name ?? '',
      contactMobile: contact?.mobile ?? '',
      phone: s.phone ?? '',
      email: contact?.email ?? s.email ?? '',
      address: s.address ?? '',
      bankName: bank?.bankName ?? '',
      bankAccountName: bank?.accountName ?? '',
      bankAccountNo: bank?.accountNo ?? '',
      mainCategories: parseCategories(s.mainCategories),
      businessLicenseFile: s.businessLicenseFile ?? '',
      returnComments: parseComments(s.returnComments),
    };
  }

  /**
   * Saves the completion form and submits it for review (domain §4.2 step 4): infoStatus
   * SUBMITTED, status PENDING_REVIEW, isShow 1, in one transaction with its status log.
   */
  async submitInfo(user: SessionUser, info: SupplierInfo): Promise<void> {
    if (!user.supplierId) throw forbidden('仅供应商用户可以填写企业信息');
    const supplierId = user.supplierId;
    const categories = await this.db
      .selectFrom('sysDictItem as i')
      .innerJoin('sysDict as d', 'd.id', 'i.dictId')
      // Domain dictionaries are the platform's shared ones: a tenant's own of that code changes no rule.
      .where('d.tenantId', '=', 0)
      .select('i.itemValue')
      .where('d.dictCode', '=', 'supplier_main_category')
      .where('i.status', '=', 1)
      .execute();
    const known = new Set(categories.map((c) => c.itemValue));
    const unknown = info.mainCategories.find((c) => !known.has(c));
    if (unknown !== undefined) throw badRequest('主营品类不存在', { mainCategories: `主营品类不存在: ${unknown}` });
    // SUP-4 / X-11: the licence scan must be this user's own upload.
    const licence = await this.db
      .selectFrom('sysFile')
      .select('id')
      .where('path', '=', info.businessLicenseFile)
      .where('ownerId', '=', user.id)
      .executeTakeFirst();
    if (!licence)
      throw badRequest('营业执照文件不存在，请重新上传', { businessLicenseFile: '营业执照文件不存在，请重新上传' });

    await this.db.transaction().execute(async (trx) => {
      const s = await trx
        .selectFrom('supplier')
        .select(['id', 'status', 'infoStatus'])
        .where('id', '=', supplierId)
        .executeTakeFirst();
      if (!s) throw forbidden('仅供应商用户可以填写企业信息');
      // SUP-5: after approval the controlled data changes only through a change request (§5).
      if (s.infoStatus === 'APPROVED') throw businessError(CHANGE_VIA_REQUEST_MESSAGE);
      if (!EDITABLE_INFO.has(s.infoStatus)) throw businessError('企业信息已提交审核，审核期间不能修改');

      // SUP-1: one company, one account. Point to recovery instead of creating a second.
      const clash = await trx
        .selectFrom('supplier')
        .select(['name', 'uscc'])
        .where('id', '<>', supplierId)
        .where((eb) => eb.or([eb('name', '=', info.name), eb('uscc', '=', info.uscc)]))
        .executeTakeFirst();
      if (clash) {
        const field = clash.uscc === info.uscc ? 'uscc' : 'name';
        const message =
          field === 'uscc' ? '该统一社会信用代码已注册，请找回已有账号' : '该企业名称已注册，请找回已有账号';
        throw badRequest(message, { [field]: message });
      }

      const now = serverNowIso();
      await trx
        .updateTable('supplier')
        .set({
          name: info.name,
          uscc: info.uscc,
          legalPerson: info.legalPerson,
          phone: info.phone || null,
          email: info.email,
          address: info.address,
          mainCategories: JSON.stringify(info.mainCategories),
          businessLicenseFile: info.businessLicenseFile,
          infoStatus: 'SUBMITTED',
          status: 'PENDING_REVIEW',
          updateBy: user.username,
          updateTime: now,
        })
        .set((eb) => ({ version: eb('version', '+', 1) }))
        .where('id', '=', supplierId)
        .execute();

      const contact = {
        name: info.contactName,
        mobile: info.contactMobile,
        email: info.email,
        updateBy: user.username,
        updateTime: now,
      };
      const hasContact = await trx
        .updateTable('supplierContact')
        .set(contact)
        .where('supplierId', '=', supplierId)
        .where('isPrimary', '=', 1)
        .executeTakeFirst();
      if (Number(hasContact.numUpdatedRows) === 0) {
        await trx
          .insertInto('supplierContact')
          .values({
            id: newId(),
            supplierId,
            role: 'BUSINESS',
            isPrimary: 1,
            createBy: user.username,
            createTime: now,
            ...contact,
          })
          .execute();
      }

      const bank = {
        bankName: info.bankName,
        accountName: info.bankAccountName,
        accountNo: info.bankAccountNo,
        status: 'PENDING',
        updateBy: user.username,
        updateTime: now,
      };
      const hasBank = await trx
        .updateTable('supplierBankAccount')
        .set(bank)
        .where('supplierId', '=', supplierId)
        .where('isPrimary', '=', 1)
        .executeTakeFirst();
      if (Number(hasBank.numUpdatedRows) === 0) {
        await trx
          .insertInto('supplierBankAccount')
          .values({ id: newId(), supplierId, isPrimary: 1, createBy: user.username, createTime: now, ...bank })
          .execute();
      }

      await trx
        .updateTable('sysUser')
        .set({ isShow: 1, updateBy: user.username, updateTime: now })
        .where('supplierId', '=', supplierId)
        .execute();

      if (s.status !== 'PENDING_REVIEW') {
        await trx
          .insertInto('supplierStatusLog')
          .values({
            id: newId(),
            supplierId,
            scope: 'COMPANY',
            categoryId: null,
            fromStatus: s.status,
            toStatus: 'PENDING_REVIEW',
            reason: '供应商提交企业信息',
            sourceDocType: 'SUPPLIER_INFO',
            sourceDocId: supplierId,
            actorId: user.id,
            actorKind: 'SUPPLIER',
            at: now,
          })
          .execute();
      }
    });
  }
}
