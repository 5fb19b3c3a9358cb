import { MANDATORY_QUALIFICATIONS, QUALIFICATION_TYPE_DICT, type qualificationSchema } from '@procura/shared';
import type { z } from 'zod';
import type { SessionUser } from '../../core/access.js';
import { badRequest, businessError, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { businessDay, serverNow, serverNowIso } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import { purchaseSetting } from '../material/purchase-settings.js';
import { notifyUsers } from '../announcements/notify.js';
import { restoreAfterRenewal, suspendForExpiry } from './expiry-suspension.js';
import { internalUsersWith, supplierUserIds } from './status-log.js';
import { noticeHtml } from '../../core/sanitize.js';

type Qualification = z.output<typeof qualificationSchema>;

/** Approved states: the certificate was accepted; whether it still holds is a matter of its date (X-2). */
const APPROVED = ['VALID', 'EXPIRING', 'EXPIRED'];
/** Supplier statuses whose profile is read only (§4.4 table). */
const READ_ONLY = ['PENDING_REVIEW', 'BLACKLISTED', 'ELIMINATED'];
/** The largest reminder a tenant may set (the setting's own bound, §21). */
const MAX_REMINDER_DAYS = 365;

/** QLF-3 reminder days of a tenant, largest first (`supplier.qualificationReminderDays`, validated descending). */
async function reminderDays(db: Db, tenantId: number): Promise<number[]> {
  const days = await purchaseSetting<number[]>(db, tenantId, 'supplier.qualificationReminderDays');
  return [...days].sort((a, b) => b - a);
}

/** Qualification types the supplier holds approved and unexpired on `today` (expired on the expiry date, QLF-3). */
export async function validQualificationTypes(db: Db, supplierId: string, today: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('supplierQualification')
    .select('typeCode')
    .where('supplierId', '=', supplierId)
    .where('status', 'in', APPROVED)
    .where((eb) => eb.or([eb('expiryDate', 'is', null), eb('expiryDate', '>', today)]))
    .execute();
  return new Set(rows.map((r) => r.typeCode));
}

/**
 * QLF-3 / X-15: the mandatory qualification types (营业执照 and the like) the supplier holds
 * approved but expired on `today` and not renewed. A type never held is not counted here
 * (SUP-4 asks for it when the profile is submitted).
 */
export async function expiredMandatoryQualifications(db: Db, supplierId: string, today: string): Promise<string[]> {
  const held = await db
    .selectFrom('supplierQualification')
    .select('typeCode')
    .distinct()
    .where('supplierId', '=', supplierId)
    .where('status', 'in', APPROVED)
    .where('typeCode', 'in', MANDATORY_QUALIFICATIONS)
    .execute();
  if (held.length === 0) return [];
  const valid = await validQualificationTypes(db, supplierId, today);
  return held.map((h) => h.typeCode).filter((t) => !valid.has(t));
}

/** The qualifications of domain §4.1 and the expiry job of QLF-3. */
export class QualificationService {
  constructor(private readonly db: Db) {}

  /** Every stored path must be an upload of this user (X-11: no pointing at someone else's file). */
  private async ownFiles(user: SessionUser, paths: string, field: string): Promise<void> {
    const list = paths
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    if (list.length === 0) return;
    const found = await this.db
      .selectFrom('sysFile')
      .select('path')
      .where('path', 'in', list)
      .where('ownerId', '=', user.id)
      .execute();
    if (found.length !== new Set(list).size)
      throw badRequest('文件不存在或不属于当前用户', { [field]: '文件不存在或不属于当前用户' });
  }

  async add(user: SessionUser, q: Qualification): Promise<string> {
    const supplierId = user.supplierId!;
    const types = await this.db
      .selectFrom('sysDictItem as i')
      .innerJoin('sysDict as d', 'd.id', 'i.dictId')
      // Domain dictionaries are the platform's shared ones: a tenant's own of that code changes no rule.
      .where('d.tenantId', '=', 0)
      .select('i.itemValue')
      .where('d.dictCode', '=', QUALIFICATION_TYPE_DICT)
      .where('i.itemValue', '=', q.typeCode)
      .executeTakeFirst();
    if (!types) throw badRequest('资质类型不存在', { typeCode: '资质类型不存在' });
    await this.ownFiles(user, q.files, 'files');
    const s = await this.db
      .selectFrom('supplier')
      .select('status')
      .where('id', '=', supplierId)
      .executeTakeFirstOrThrow();
    if (READ_ONLY.includes(s.status)) throw businessError('当前状态下企业资料只读，不能上传资质');
    const id = newId();
    // CHG-5: an added certificate waits for review.
    await this.db
      .insertInto('supplierQualification')
      .values({
        id,
        supplierId,
        typeCode: q.typeCode,
        certNo: q.certNo,
        issuer: q.issuer || null,
        issueDate: q.issueDate || null,
        expiryDate: q.expiryDate || null,
        scope: q.scope || null,
        files: q.files,
        status: 'PENDING_REVIEW',
        reviewedBy: null,
        reviewedAt: null,
        reviewComment: null,
        notifiedDays: null,
        createBy: user.username,
        createTime: serverNowIso(),
        updateBy: null,
        updateTime: null,
      })
      .execute();
    return id;
  }

  /** The supplier withdraws an unreviewed or rejected certificate of its own. */
  async remove(user: SessionUser, id: string): Promise<void> {
    const q = await this.db
      .selectFrom('supplierQualification')
      .select(['id', 'status'])
      .where('id', '=', id)
      .where('supplierId', '=', user.supplierId!)
      .executeTakeFirst();
    if (!q) throw notFound('资质不存在');
    if (q.status !== 'PENDING_REVIEW' && q.status !== 'REJECTED') throw businessError('已审核通过的资质不能删除');
    await this.db
      .deleteFrom('supplierQualification')
      .where('id', '=', id)
      .where('status', 'in', ['PENDING_REVIEW', 'REJECTED'])
      .execute();
  }

  /** B approves or rejects a PENDING_REVIEW certificate of a supplier in the tenant. */
  async review(
    user: SessionUser,
    tenantId: number,
    body: { id: string; approve: boolean; comment: string },
    now = serverNow(),
  ): Promise<string> {
    if (!body.approve && !body.comment) throw businessError('请填写驳回意见');
    return this.db.transaction().execute(async (trx) => {
      const q = await trx
        .selectFrom('supplierQualification as q')
        .innerJoin('supplier as s', 's.id', 'q.supplierId')
        .select(['q.id', 'q.status', 'q.expiryDate', 'q.supplierId', 'q.certNo'])
        .where('q.id', '=', body.id)
        .where('s.tenantId', '=', tenantId)
        .executeTakeFirst();
      if (!q) throw notFound('资质不存在');
      if (q.status !== 'PENDING_REVIEW') throw businessError('该资质不是待审核状态，不能审核');
      const today = businessDay(now);
      const warnFrom = businessDay(now, (await reminderDays(trx, tenantId))[0]!);
      const status = !body.approve
        ? 'REJECTED'
        : q.expiryDate && q.expiryDate <= today
          ? 'EXPIRED'
          : q.expiryDate && q.expiryDate <= warnFrom
            ? 'EXPIRING'
            : 'VALID';
      await trx
        .updateTable('supplierQualification')
        .set({
          status,
          reviewedBy: user.username,
          reviewedAt: serverNowIso(),
          reviewComment: body.comment || null,
          updateBy: user.username,
          updateTime: serverNowIso(),
        })
        .where('id', '=', q.id)
        .where('status', '=', 'PENDING_REVIEW')
        .execute();
      await notifyUsers(trx, {
        userIds: await supplierUserIds(trx, q.supplierId),
        title: body.approve ? '资质审核通过' : '资质审核未通过',
        content: body.approve
          ? '<p>贵司提交的资质已审核通过。</p>'
          : noticeHtml`<p>贵司提交的资质未通过审核：${body.comment}</p>`,
        busType: 'supplierQualification',
        busId: q.id,
        openType: 'url',
        openPage: '/supplier/profile',
      });
      // QLF-3: an approved renewal lifts the suspensions its expired predecessor caused.
      if (status === 'VALID' || status === 'EXPIRING')
        await restoreAfterRenewal(trx, q, await validQualificationTypes(trx, q.supplierId, today), user.id);
      return body.approve ? '审核通过' : '已驳回';
    });
  }

  /**
   * QLF-3, run by a timer and by tests with their own clock: VALID certificates within the
   * largest reminder day of their tenant (`supplier.qualificationReminderDays`) become
   * EXPIRING, those at or past the expiry date EXPIRED; the supplier and the buyers who review
   * qualifications get a notice at each reminder day and on expiry. With
   * `supplier.autoSuspendOnExpiry` an expiry suspends the categories that require the type.
   * Running it again changes nothing more.
   */
  async runExpiryJob(now: Date): Promise<{ expiring: number; expired: number; notices: number; suspended: number }> {
    const today = businessDay(now);
    const result = { expiring: 0, expired: 0, notices: 0, suspended: 0 };
    const buyers = await internalUsersWith(this.db, 'supplier:qualification:review');
    const rows = await this.db
      .selectFrom('supplierQualification as q')
      .innerJoin('supplier as s', 's.id', 'q.supplierId')
      .select([
        'q.id',
        'q.supplierId',
        'q.typeCode',
        'q.certNo',
        'q.status',
        'q.expiryDate',
        'q.notifiedDays',
        's.name',
        's.tenantId',
      ])
      .where('q.status', 'in', ['VALID', 'EXPIRING'])
      .where('q.expiryDate', 'is not', null)
      .where('q.expiryDate', '<=', businessDay(now, MAX_REMINDER_DAYS))
      .execute();
    // Settings per tenant, read once per run (outside the transactions: SQLite has one connection).
    const settings = new Map<number, { days: number[]; autoSuspend: boolean }>();
    for (const tenantId of new Set(rows.map((r) => r.tenantId))) {
      settings.set(tenantId, {
        days: await reminderDays(this.db, tenantId),
        autoSuspend: await purchaseSetting<boolean>(this.db, tenantId, 'supplier.autoSuspendOnExpiry'),
      });
    }
    for (const q of rows) {
      const { days, autoSuspend } = settings.get(q.tenantId)!;
      const expiry = q.expiryDate!;
      const expired = expiry <= today;
      const due = days.filter((d) => expiry <= businessDay(now, d)).sort((a, b) => a - b)[0];
      if (!expired && due === undefined) continue;
      const status = expired ? 'EXPIRED' : 'EXPIRING';
      const notifyNow = expired || q.notifiedDays === null || q.notifiedDays > due!;
      if (status === q.status && !notifyNow) continue;
      await this.db.transaction().execute(async (trx) => {
        const changed = await trx
          .updateTable('supplierQualification')
          .set({ status, notifiedDays: expired ? 0 : due!, updateBy: 'system', updateTime: serverNowIso() })
          .where('id', '=', q.id)
          .where('status', '=', q.status)
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) !== 1) return;
        if (expired) result.expired++;
        else if (q.status === 'VALID') result.expiring++;
        if (expired && autoSuspend)
          result.suspended += await suspendForExpiry(
            trx,
            { ...q, expiryDate: expiry },
            await validQualificationTypes(trx, q.supplierId, today),
          );
        if (!notifyNow) return;
        const title = expired ? `资质已过期：${q.certNo}` : `资质将于${expiry}到期：${q.certNo}`;
        const content = noticeHtml`<p>${q.name} 的资质（证书编号 ${q.certNo}）${expired ? `已于${expiry}过期` : `将于${expiry}到期`}，请及时更新。</p>`;
        await notifyUsers(trx, {
          userIds: [...(await supplierUserIds(trx, q.supplierId)), ...buyers],
          title,
          content,
          busType: 'supplierQualification',
          busId: q.id,
          openType: 'url',
          openPage: '/supplier/profile',
        });
        result.notices++;
      });
    }
    return result;
  }
}
