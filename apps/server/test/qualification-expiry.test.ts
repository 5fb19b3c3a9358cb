import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/core/ids.js';
import { businessDay, serverNowIso } from '../src/core/clock.js';
import { startTestServer, type TestServer } from './harness.js';

/**
 * QLF-3 consequences (reminder days from the settings, categories suspended on expiry and
 * restored by an approved renewal) and SST-4 (re-application after elimination). The job runs
 * with the test's own clock; certificates dated in the past stand for ones approved earlier.
 */
let s: TestServer;
const t = { admin: '', buyer: '', supplier1: '', supplier2: '' };
const ids = { sup1: '', sup2: '', buyer: '' };
const DAY = 86_400_000;
const day = (offset: number) => businessDay(new Date(Date.now() + offset * DAY));

beforeAll(async () => {
  s = await startTestServer();
  for (const u of ['admin', 'buyer', 'supplier1', 'supplier2'] as const) t[u] = await s.login(u);
  ids.sup1 = (
    await s.ctx.db
      .selectFrom('supplier')
      .select('id')
      .where('name', '=', '华东精密机械有限公司')
      .executeTakeFirstOrThrow()
  ).id;
  ids.sup2 = (
    await s.ctx.db
      .selectFrom('supplier')
      .select('id')
      .where('name', '=', '苏州新材科技有限公司')
      .executeTakeFirstOrThrow()
  ).id;
  ids.buyer = (
    await s.ctx.db.selectFrom('sysUser').select('id').where('username', '=', 'buyer').executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => s?.close());

const post = (token: string, url: string, body: unknown) => s.request<unknown>('POST', url, { token, body });
const setting = async (key: string, value: unknown) =>
  expect((await post(t.admin, '/srm/purchaseSetting/save', { key, value })).body.success).toBe(true);

/** An approved certificate as the review leaves it (VALID), dated by the test. */
async function certificate(
  supplierId: string,
  typeCode: string,
  certNo: string,
  expiryDate: string | null,
): Promise<string> {
  const id = newId();
  await s.ctx.db
    .insertInto('supplierQualification')
    .values({
      id,
      supplierId,
      typeCode,
      certNo,
      issuer: null,
      issueDate: null,
      expiryDate,
      scope: null,
      files: 'supplier/test.pdf',
      status: 'VALID',
      reviewedBy: 'buyer',
      reviewedAt: serverNowIso(),
      reviewComment: null,
      notifiedDays: null,
      createBy: 'test',
      createTime: serverNowIso(),
      updateBy: null,
      updateTime: null,
    })
    .execute();
  return id;
}

async function category(supplierId: string, categoryCode: string, status: string): Promise<void> {
  await s.ctx.db
    .insertInto('supplierCategory')
    .values({
      id: newId(),
      supplierId,
      categoryCode,
      status,
      qualifiedAt: serverNowIso(),
      suspendedAt: null,
      sourceRequestId: null,
      createTime: serverNowIso(),
      updateTime: null,
    })
    .execute();
}

const certRow = (id: string) =>
  s.ctx.db
    .selectFrom('supplierQualification')
    .select(['status', 'notifiedDays'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const noticesAbout = (busId: string) =>
  s.ctx.db.selectFrom('sysAnnouncement').select(['id', 'titile']).where('busId', '=', busId).execute();
const standing = async (supplierId: string) =>
  Object.fromEntries(
    (
      await s.ctx.db
        .selectFrom('supplierCategory')
        .select(['categoryCode', 'status'])
        .where('supplierId', '=', supplierId)
        .execute()
    ).map((c) => [c.categoryCode, c.status]),
  );
const categoryLog = (supplierId: string) =>
  s.ctx.db
    .selectFrom('supplierStatusLog')
    .selectAll()
    .where('supplierId', '=', supplierId)
    .where('scope', '=', 'CATEGORY')
    .orderBy('at')
    .orderBy('id')
    .execute();

describe('QLF-3: reminder days come from supplier.qualificationReminderDays', () => {
  let cert = '';

  it('QLF-3: with the default [30, 7] a certificate 40 days from expiry stays VALID', async () => {
    cert = await certificate(ids.sup2, 'ISO9001', 'ISO-REMIND', day(40));
    await s.ctx.qualifications.runExpiryJob(new Date());
    expect(await certRow(cert)).toMatchObject({ status: 'VALID', notifiedDays: null });
    expect(await noticesAbout(cert)).toHaveLength(0);
  });

  it('QLF-3: set to [45, 10] the job warns at 45 and at 10 days, once each', async () => {
    await setting('supplier.qualificationReminderDays', [45, 10]);
    await s.ctx.qualifications.runExpiryJob(new Date());
    expect(await certRow(cert)).toMatchObject({ status: 'EXPIRING', notifiedDays: 45 });
    await s.ctx.qualifications.runExpiryJob(new Date(Date.now() + 20 * DAY));
    expect(await noticesAbout(cert)).toHaveLength(1);
    await s.ctx.qualifications.runExpiryJob(new Date(Date.now() + 31 * DAY));
    expect(await certRow(cert)).toMatchObject({ status: 'EXPIRING', notifiedDays: 10 });
    await s.ctx.qualifications.runExpiryJob(new Date(Date.now() + 32 * DAY));
    expect(await noticesAbout(cert)).toHaveLength(2);
    await setting('supplier.qualificationReminderDays', [30, 7]);
  });
});

describe('QLF-3: supplier.autoSuspendOnExpiry', () => {
  const cert = { old: '', expiredRenewal: '', renewal: '' };

  it('QLF-3: setting false — an expired certificate suspends nothing', async () => {
    await category(ids.sup2, 'RAW_MATERIAL', 'QUALIFIED');
    const licence = await certificate(ids.sup2, 'BUSINESS_LICENSE', 'BL-SUP2', day(-1));
    await setting('supplier.autoSuspendOnExpiry', false);
    const done = await s.ctx.qualifications.runExpiryJob(new Date());
    expect(done.suspended).toBe(0);
    expect(await certRow(licence)).toMatchObject({ status: 'EXPIRED' });
    expect(await standing(ids.sup2)).toEqual({ RAW_MATERIAL: 'QUALIFIED' });
    expect(await categoryLog(ids.sup2)).toHaveLength(0);
    await setting('supplier.autoSuspendOnExpiry', true);
    await s.ctx.qualifications.runExpiryJob(new Date());
    expect(await standing(ids.sup2)).toEqual({ RAW_MATERIAL: 'QUALIFIED' });
  });

  it('QLF-3: setting true — no suspension while another certificate of the type is still valid', async () => {
    await certificate(ids.sup2, 'BUSINESS_LICENSE', 'BL-SUP2-NEW', null);
    const older = await certificate(ids.sup2, 'BUSINESS_LICENSE', 'BL-SUP2-OLD', day(-1));
    const done = await s.ctx.qualifications.runExpiryJob(new Date());
    expect(await certRow(older)).toMatchObject({ status: 'EXPIRED' });
    expect(done.suspended).toBe(0);
    expect(await standing(ids.sup2)).toEqual({ RAW_MATERIAL: 'QUALIFIED' });
  });

  it('QLF-3: setting true — the expiry suspends each QUALIFIED or TRIAL category requiring the type, logged and notified; idempotent', async () => {
    // supplier1 holds MACHINERY and RAW_MATERIAL (demo); OFFICE needs only the licence; CHEMICAL a manager suspended by hand.
    await category(ids.sup1, 'OFFICE', 'QUALIFIED');
    await category(ids.sup1, 'ELECTRONICS', 'TRIAL');
    await category(ids.sup1, 'CHEMICAL', 'QUALIFIED');
    for (const type of ['BUSINESS_LICENSE', 'CCC', 'SAFETY_LICENSE'])
      await certificate(ids.sup1, type, `${type}-1`, null);
    cert.old = await certificate(ids.sup1, 'ISO9001', 'ISO-OLD', day(-1));
    expect(
      (
        await post(t.admin, '/supplier/category/suspend', {
          id: ids.sup1,
          categoryCode: 'CHEMICAL',
          reason: '现场审核发现问题',
        })
      ).body.success,
    ).toBe(true);
    const before = (await categoryLog(ids.sup1)).length;

    const done = await s.ctx.qualifications.runExpiryJob(new Date());
    expect(done.suspended).toBe(3);
    expect(await certRow(cert.old)).toMatchObject({ status: 'EXPIRED' });
    expect(await standing(ids.sup1)).toEqual({
      MACHINERY: 'SUSPENDED',
      RAW_MATERIAL: 'SUSPENDED',
      ELECTRONICS: 'SUSPENDED',
      OFFICE: 'QUALIFIED',
      CHEMICAL: 'SUSPENDED',
    });
    const rows = (await categoryLog(ids.sup1)).slice(before);
    expect(rows.map((r) => [r.categoryId, r.fromStatus, r.toStatus]).sort()).toEqual([
      ['ELECTRONICS', 'TRIAL', 'SUSPENDED'],
      ['MACHINERY', 'QUALIFIED', 'SUSPENDED'],
      ['RAW_MATERIAL', 'QUALIFIED', 'SUSPENDED'],
    ]);
    for (const r of rows) {
      expect(r).toMatchObject({
        scope: 'CATEGORY',
        sourceDocType: 'QUALIFICATION_EXPIRY',
        sourceDocId: cert.old,
        actorKind: 'SYSTEM',
        actorId: null,
      });
      expect(r.reason).toBe(`资质过期：ISO 9001 质量管理体系认证（证书编号 ISO-OLD）已于${day(-1)}过期`);
    }
    const notice = await s.ctx.db
      .selectFrom('sysAnnouncement as a')
      .innerJoin('sysAnnouncementSend as n', 'n.anntId', 'a.id')
      .innerJoin('sysUser as u', 'u.id', 'n.userId')
      .select(['a.titile', 'u.username'])
      .where('a.busId', '=', ids.sup1)
      .where('a.titile', 'like', '品类准入已暂停%')
      .execute();
    expect(notice).toEqual([{ titile: '品类准入已暂停：ISO 9001 质量管理体系认证过期', username: 'supplier1' }]);

    const again = await s.ctx.qualifications.runExpiryJob(new Date(Date.now() + DAY));
    expect(again.suspended).toBe(0);
    expect((await categoryLog(ids.sup1)).length).toBe(before + 3);
  });

  it('QLF-3: a renewal approved already expired restores nothing (QLF-1 still fails)', async () => {
    const add = await s.request<{ id: string }>('POST', '/supplierBaseAPI/qualification/add', {
      token: t.supplier1,
      body: { typeCode: 'ISO9001', certNo: 'ISO-LATE', expiryDate: day(-2), files: await upload() },
    });
    expect(add.body.success, add.body.message).toBe(true);
    cert.expiredRenewal = add.body.result.id;
    expect(
      (await post(t.buyer, '/supplier/qualification/review', { id: cert.expiredRenewal, approve: true })).body.success,
    ).toBe(true);
    expect(await certRow(cert.expiredRenewal)).toMatchObject({ status: 'EXPIRED' });
    expect(await standing(ids.sup1)).toMatchObject({
      MACHINERY: 'SUSPENDED',
      RAW_MATERIAL: 'SUSPENDED',
      ELECTRONICS: 'SUSPENDED',
    });
  });

  it('QLF-3: an approved valid renewal returns the categories suspended by expiry to where they stood; a manual suspension stays', async () => {
    const add = await s.request<{ id: string }>('POST', '/supplierBaseAPI/qualification/add', {
      token: t.supplier1,
      body: { typeCode: 'ISO9001', certNo: 'ISO-NEW', expiryDate: day(400), files: await upload() },
    });
    cert.renewal = add.body.result.id;
    const before = (await categoryLog(ids.sup1)).length;
    expect(
      (await post(t.buyer, '/supplier/qualification/review', { id: cert.renewal, approve: true })).body,
    ).toMatchObject({ success: true, message: '审核通过' });
    expect(await standing(ids.sup1)).toEqual({
      MACHINERY: 'QUALIFIED',
      RAW_MATERIAL: 'QUALIFIED',
      ELECTRONICS: 'TRIAL',
      OFFICE: 'QUALIFIED',
      CHEMICAL: 'SUSPENDED',
    });
    const rows = (await categoryLog(ids.sup1)).slice(before);
    expect(rows.map((r) => [r.categoryId, r.fromStatus, r.toStatus]).sort()).toEqual([
      ['ELECTRONICS', 'SUSPENDED', 'TRIAL'],
      ['MACHINERY', 'SUSPENDED', 'QUALIFIED'],
      ['RAW_MATERIAL', 'SUSPENDED', 'QUALIFIED'],
    ]);
    for (const r of rows)
      expect(r).toMatchObject({
        sourceDocType: 'QUALIFICATION_RENEWAL',
        sourceDocId: cert.renewal,
        actorId: ids.buyer,
        actorKind: 'INTERNAL',
      });
    const restored = await s.ctx.db
      .selectFrom('sysAnnouncement')
      .select('titile')
      .where('busId', '=', ids.sup1)
      .where('titile', '=', '品类准入已恢复')
      .execute();
    expect(restored).toHaveLength(1);
  });
});

async function upload(): Promise<string> {
  const form = new FormData();
  form.append(
    'file',
    new Blob(['%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'], { type: 'application/pdf' }),
    '证书.pdf',
  );
  const res = await fetch(`${s.base}/sys/common/upload`, {
    method: 'POST',
    body: form,
    headers: { 'X-Access-Token': t.supplier1 },
  });
  return ((await res.json()) as { message: string }).message;
}

describe('SST-4: re-application after elimination', () => {
  const supplierStatus = () =>
    s.ctx.db
      .selectFrom('supplier')
      .select(['status', 'infoStatus'])
      .where('id', '=', ids.sup1)
      .executeTakeFirstOrThrow();
  /** Moves the elimination's log row `days` back, as if it had happened then. */
  const eliminatedDaysAgo = (days: number) =>
    s.ctx.db
      .updateTable('supplierStatusLog')
      .set({ at: new Date(Date.now() - days * DAY).toISOString() })
      .where('supplierId', '=', ids.sup1)
      .where('toStatus', '=', 'ELIMINATED')
      .execute();

  it('SST-4: only an eliminated supplier re-applies, and only a supplier user for its own company', async () => {
    expect((await post(t.supplier1, '/supplierBaseAPI/reapply', {})).body).toMatchObject({
      success: false,
      message: '供应商当前状态为“合格”，只有已淘汰的供应商可以重新申请准入',
    });
    expect((await post(t.buyer, '/supplierBaseAPI/reapply', {})).status).toBe(403);
  });

  it('SST-4: refused within supplier.reapplyCoolingDays, naming the date it is allowed from; bad input changes nothing', async () => {
    expect((await post(t.admin, '/supplier/eliminate', { id: ids.sup1, reason: '连续两年绩效D级' })).body.success).toBe(
      true,
    );
    expect((await post(t.supplier1, '/supplierBaseAPI/reapply', {})).body).toMatchObject({
      success: false,
      message: `淘汰后须满365天方可重新申请准入，请于${day(365)}起再申请`,
    });
    await eliminatedDaysAgo(364);
    expect((await post(t.supplier1, '/supplierBaseAPI/reapply', {})).body).toMatchObject({
      success: false,
      message: `淘汰后须满365天方可重新申请准入，请于${day(1)}起再申请`,
    });
    expect((await post(t.supplier1, '/supplierBaseAPI/reapply', { reason: 'x'.repeat(501) })).status).toBe(400);
    expect((await post(t.supplier1, '/supplierBaseAPI/reapply', { supplierId: ids.sup2 })).status).toBe(400);
    expect(await supplierStatus()).toMatchObject({ status: 'ELIMINATED' });
  });

  it('SST-4: after the cooling period the company goes to PENDING_REVIEW, buyers are notified, history is kept; the buyer can approve again', async () => {
    await eliminatedDaysAgo(365);
    const res = await post(t.supplier1, '/supplierBaseAPI/reapply', { reason: '已完成整改' });
    expect(res.body).toMatchObject({ success: true, message: '重新申请已提交，等待采购方审核' });
    expect(await supplierStatus()).toEqual({ status: 'PENDING_REVIEW', infoStatus: 'SUBMITTED' });
    const log = await s.ctx.db
      .selectFrom('supplierStatusLog')
      .selectAll()
      .where('supplierId', '=', ids.sup1)
      .where('scope', '=', 'COMPANY')
      .orderBy('at', 'desc')
      .execute();
    expect(log[0]).toMatchObject({
      fromStatus: 'ELIMINATED',
      toStatus: 'PENDING_REVIEW',
      reason: '淘汰后重新申请准入：已完成整改',
      actorKind: 'SUPPLIER',
      sourceDocType: 'REAPPLICATION',
    });
    expect(log.some((r) => r.toStatus === 'ELIMINATED' && r.reason === '连续两年绩效D级')).toBe(true);
    // The categories it held must be admitted again; the records stay.
    expect(await standing(ids.sup1)).toEqual({
      MACHINERY: 'TERMINATED',
      RAW_MATERIAL: 'TERMINATED',
      ELECTRONICS: 'TERMINATED',
      OFFICE: 'TERMINATED',
      CHEMICAL: 'TERMINATED',
    });
    expect(
      (await s.ctx.db.selectFrom('supplierQualification').select('id').where('supplierId', '=', ids.sup1).execute())
        .length,
    ).toBeGreaterThanOrEqual(6);
    const notice = await s.ctx.db
      .selectFrom('sysAnnouncement as a')
      .innerJoin('sysAnnouncementSend as n', 'n.anntId', 'a.id')
      .innerJoin('sysUser as u', 'u.id', 'n.userId')
      .select('u.username')
      .where('a.titile', '=', '供应商重新申请准入：华东精密机械有限公司')
      .execute();
    expect(notice.map((n) => n.username)).toEqual(expect.arrayContaining(['buyer', 'admin']));
    expect(notice.map((n) => n.username)).not.toContain('supplier1');

    expect((await post(t.supplier1, '/supplierBaseAPI/reapply', {})).body).toMatchObject({
      success: false,
      message: '供应商当前状态为“待审核”，只有已淘汰的供应商可以重新申请准入',
    });
    expect((await post(t.buyer, '/supplier/approveInfo', { id: ids.sup1 })).body).toMatchObject({
      success: true,
      message: '审核通过',
    });
    expect(await supplierStatus()).toEqual({ status: 'POTENTIAL', infoStatus: 'APPROVED' });
  });
});
