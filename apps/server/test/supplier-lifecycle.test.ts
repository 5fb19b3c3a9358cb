import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SELF_APPROVAL_MESSAGE, usccCheckChar, type SupplierInfoInput, type SupplierProfile } from '@procura/shared';
import { newId } from '../src/core/ids.js';
import { businessDay, serverNowIso } from '../src/core/clock.js';
import { createUser } from '../src/seed/seed.js';
import { startTestServer, type TestServer } from './harness.js';

/** Domain §4: the supplier lifecycle, every transition allowed and refused, the expiry job and isolation. */
let s: TestServer;
const t = { admin: '', buyer: '', supplier1: '', supplier2: '', mgr: '' };
const ids = { admin: '', mgr: '', sup1: '', sup2: '' };
const DAY = 86_400_000;

beforeAll(async () => {
  s = await startTestServer();
  // A second manager: the administrator proposes lifts, someone else approves them.
  ids.mgr = await createUser(s.ctx.db, {
    username: 'mgr1',
    realname: '采购经理',
    password: 'Manager@2026',
    roleCode: 'admin',
  });
  for (const u of ['admin', 'buyer', 'supplier1', 'supplier2'] as const) t[u] = await s.login(u);
  t.mgr = await s.login('mgr1', 'Manager@2026');
  const admin = await s.ctx.db
    .selectFrom('sysUser')
    .select('id')
    .where('username', '=', 'admin')
    .executeTakeFirstOrThrow();
  ids.admin = admin.id;
  // The demo seed has blacklist, lift and admission approved by the admin role (seed/supplier-demo.ts).
  ids.sup2 = (
    await s.ctx.db
      .selectFrom('supplier')
      .select('id')
      .where('name', '=', '苏州新材科技有限公司')
      .executeTakeFirstOrThrow()
  ).id;
  ids.sup1 = (
    await s.ctx.db
      .selectFrom('supplier')
      .select('id')
      .where('name', '=', '华东精密机械有限公司')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => s?.close());

async function upload(token: string, name = '证照.pdf'): Promise<string> {
  const form = new FormData();
  form.append(
    'file',
    new Blob(['%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'], { type: 'application/pdf' }),
    name,
  );
  const res = await fetch(`${s.base}/sys/common/upload`, {
    method: 'POST',
    body: form,
    headers: { 'X-Access-Token': token },
  });
  const body = (await res.json()) as { success: boolean; message: string };
  expect(body.success, body.message).toBe(true);
  return body.message;
}

const info = (licence: string): SupplierInfoInput => ({
  name: '苏州新材科技有限公司',
  uscc: '91320594MA25K8RT4' + usccCheckChar('91320594MA25K8RT4'),
  legalPerson: '周明',
  contactName: '赵婷',
  contactMobile: '13912345678',
  phone: '',
  email: 'contact@xincai.example',
  address: '江苏省苏州市工业园区星湖街328号',
  bankName: '招商银行苏州分行',
  bankAccountName: '苏州新材科技有限公司',
  bankAccountNo: '512900001234567',
  mainCategories: ['RAW_MATERIAL'],
  businessLicenseFile: licence,
});

/** A published tender announcement open for sign-up (SRC-4). */
async function openAnnouncement(code: string): Promise<string> {
  const wire = (ms: number) => new Date(Date.now() + ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
  const created = await s.request<{ id: string }>('POST', '/portal/purchaseAnnouncement/add', {
    token: t.admin,
    body: {
      title: `报名测试${code}`,
      type: 'tender',
      code,
      purchasingEntity: '测试采购单位',
      purchaseProduct: '钢板',
      purchaseMethod: 'OPEN_TENDER',
      purchaseType: 'GOODS',
      signupStart: wire(-DAY),
      signupDeadline: wire(5 * DAY),
      responseDeadline: wire(10 * DAY),
      plannedStart: wire(20 * DAY),
      content: '<p>正文</p>',
      contact: '测试',
    },
  });
  expect(created.body.success, created.body.message).toBe(true);
  expect(
    (
      await s.request('POST', '/portal/purchaseAnnouncement/publish', {
        token: t.admin,
        body: { id: created.body.result.id },
      })
    ).body.success,
  ).toBe(true);
  return created.body.result.id;
}

const post = (token: string, url: string, body: unknown) => s.request<unknown>('POST', url, { token, body });
const status = async (id: string) =>
  s.ctx.db
    .selectFrom('supplier')
    .select(['status', 'infoStatus', 'resumeStatus'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const lastLog = async (id: string) =>
  s.ctx.db
    .selectFrom('supplierStatusLog')
    .selectAll()
    .where('supplierId', '=', id)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
const pendingTask = async (docType: string) =>
  s.ctx.db
    .selectFrom('approvalTask as t')
    .innerJoin('approvalInstance as i', 'i.id', 't.instanceId')
    .select('t.id')
    .where('i.docType', '=', docType)
    .where('t.decision', '=', 'PENDING')
    .orderBy('t.createTime', 'desc')
    .executeTakeFirstOrThrow();

describe('information review (§4.2, SUP-3, SUP-4, SUP-5, SUP-6)', () => {
  it('SUP-4: refuses a submission without a business licence, or with a file that is not the supplier’s own', async () => {
    const missing = await s.request<{ errors: Record<string, string> }>('POST', '/supplierBaseAPI/saveSupplierInfo', {
      token: t.supplier2,
      body: { ...info(''), bankAccountName: '别人' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.result.errors).toMatchObject({
      businessLicenseFile: '请上传营业执照',
      bankAccountName: '账户名称必须与企业名称一致',
    });
    const foreign = await s.request<{ errors: Record<string, string> }>('POST', '/supplierBaseAPI/saveSupplierInfo', {
      token: t.supplier2,
      body: info(await upload(t.supplier1)),
    });
    expect(foreign.body.result.errors.businessLicenseFile).toBe('营业执照文件不存在，请重新上传');
    expect(await status(ids.sup2)).toMatchObject({ status: 'REGISTERED', infoStatus: 'INCOMPLETE' });
  });

  it('a submission goes to PENDING_REVIEW; approving is refused to suppliers and out of turn transitions are refused', async () => {
    const res = await post(t.supplier2, '/supplierBaseAPI/saveSupplierInfo', info(await upload(t.supplier2)));
    expect(res.body.success, res.body.message).toBe(true);
    expect(await status(ids.sup2)).toMatchObject({ status: 'PENDING_REVIEW', infoStatus: 'SUBMITTED' });
    expect((await post(t.supplier1, '/supplier/approveInfo', { id: ids.sup2 })).status).toBe(403);
    expect((await post(t.admin, '/supplier/freeze', { id: ids.sup2, reason: '测试' })).body).toMatchObject({
      success: false,
      message: '供应商当前状态为“待审核”，不能冻结',
    });
    expect((await post(t.admin, '/supplier/eliminate', { id: ids.sup2, reason: '测试' })).body).toMatchObject({
      success: false,
      message: '供应商当前状态为“待审核”，不能淘汰',
    });
    // SUP-5: the supplier cannot change the form while it is under review.
    expect(
      (await post(t.supplier2, '/supplierBaseAPI/saveSupplierInfo', info(await upload(t.supplier2)))).body,
    ).toMatchObject({ success: false, message: '企业信息已提交审核，审核期间不能修改' });
  });

  it('§4.2 step 5: return needs a comment, sets RETURNED and isShow 2, and the supplier sees the comment per section', async () => {
    expect((await post(t.buyer, '/supplier/returnInfo', { id: ids.sup2, comments: {} })).body).toMatchObject({
      success: false,
      message: '请至少填写一条退回意见',
    });
    const res = await post(t.buyer, '/supplier/returnInfo', { id: ids.sup2, comments: { bank: '开户行请填写到支行' } });
    expect(res.body).toMatchObject({ success: true, message: '已退回' });
    expect(await status(ids.sup2)).toMatchObject({ status: 'REGISTERED', infoStatus: 'RETURNED' });
    const user = await s.ctx.db
      .selectFrom('sysUser')
      .select('isShow')
      .where('username', '=', 'supplier2')
      .executeTakeFirstOrThrow();
    expect(user.isShow).toBe(2);
    const profile = await s.request<SupplierProfile>('GET', '/supplierBaseAPI/getSupplier', { token: t.supplier2 });
    expect(profile.body.result.returnComments).toEqual({ bank: '开户行请填写到支行' });
    // SUP-3: back behind the gate.
    expect((await s.request('GET', '/supplierBaseAPI/categories', { token: t.supplier2 })).body.success).toBe(false);
    expect(await lastLog(ids.sup2)).toMatchObject({
      fromStatus: 'PENDING_REVIEW',
      toStatus: 'REGISTERED',
      actorKind: 'INTERNAL',
      sourceDocType: 'SUPPLIER_INFO',
    });
  });

  it('SUP-5: resubmitted and approved, the supplier is POTENTIAL with its offered category APPLYING (SUP-6)', async () => {
    expect(
      (
        await post(t.supplier2, '/supplierBaseAPI/saveSupplierInfo', {
          ...info(await upload(t.supplier2)),
          bankName: '招商银行苏州工业园区支行',
        })
      ).body.success,
    ).toBe(true);
    const res = await post(t.buyer, '/supplier/approveInfo', { id: ids.sup2 });
    expect(res.body).toMatchObject({ success: true, message: '审核通过' });
    expect(await status(ids.sup2)).toMatchObject({ status: 'POTENTIAL', infoStatus: 'APPROVED' });
    expect((await post(t.buyer, '/supplier/approveInfo', { id: ids.sup2 })).body).toMatchObject({
      success: false,
      message: '供应商当前状态为“潜在”，不能审核通过',
    });
    const cats = await s.request<{ categoryCode: string; status: string }[]>('GET', '/supplierBaseAPI/categories', {
      token: await s.login('supplier2'),
    });
    expect(cats.body.result).toMatchObject([{ categoryCode: 'RAW_MATERIAL', status: 'APPLYING' }]);
    const log = await s.request<{ toStatus: string; actorName: string }[]>(
      'GET',
      `/supplier/statusLog?id=${ids.sup2}`,
      { token: t.buyer },
    );
    expect(log.body.result.map((r) => r.toStatus)).toEqual([
      'APPLYING',
      'POTENTIAL',
      'PENDING_REVIEW',
      'REGISTERED',
      'PENDING_REVIEW',
    ]);
    expect(log.body.result[1]!.actorName).toBe('采购员王敏');
  });
});

describe('admission per category (§4.3, QLF-1, QLF-5, X-10)', () => {
  /** An admission review with its required steps passed, submitted to the engine by `token`. */
  async function submittedReview(token: string, categoryCode: string): Promise<string> {
    const opened = await s.request<{ id: string }>('POST', '/supplier/admissionReview/open', {
      token,
      body: { supplierId: ids.sup2, categoryCode },
    });
    expect(opened.body.success, opened.body.message).toBe(true);
    const id = opened.body.result.id;
    for (const step of ['DOCUMENTS', 'QUESTIONNAIRE'])
      expect(
        (await post(token, '/supplier/admissionReview/step', { id, step, result: 'PASSED', comment: '符合要求' })).body
          .success,
      ).toBe(true);
    expect((await post(token, '/supplier/admissionReview/submit', { id })).body).toMatchObject({
      success: true,
      message: '准入评审已提交，等待审批',
    });
    return id;
  }

  it('§4.2 step 6: there is no direct admission any more; the review goes through the engine and QLF-1 refuses without valid papers', async () => {
    t.supplier2 = await s.login('supplier2');
    expect(
      (
        await post(t.buyer, '/supplier/category/admit', {
          id: ids.sup2,
          categoryCode: 'RAW_MATERIAL',
          reason: '钢板供应',
        })
      ).status,
    ).toBe(404);
    await submittedReview(t.buyer, 'RAW_MATERIAL');
    expect(
      (await post(t.buyer, '/supplier/admissionReview/open', { supplierId: ids.sup2, categoryCode: 'RAW_MATERIAL' }))
        .body.message,
    ).toMatch(/^该品类已有进行中的准入评审 ADM-/);
    expect(
      (await post(t.buyer, '/supplier/admissionReview/open', { supplierId: ids.sup2, categoryCode: 'OFFICE' })).body,
    ).toMatchObject({ success: false, message: '供应商未申请供应该品类' });
    const task = await pendingTask('SUPPLIER_ADMISSION_REVIEW');
    // The buyer is no approver here; the administrator who is one cannot approve yet: papers missing.
    const early = await post(t.admin, '/approval/task/approve', { taskId: task.id, comment: '' });
    expect(early.body.success).toBe(false);
    expect(early.body.message).toContain('资质不满足准入要求，缺少有效的：营业执照、ISO 9001 质量管理体系认证');
    const cat = await s.ctx.db
      .selectFrom('supplierCategory')
      .select('status')
      .where('supplierId', '=', ids.sup2)
      .executeTakeFirstOrThrow();
    expect(cat.status).toBe('APPLYING');
  });

  it('QLF-1: with reviewed papers the manager approves; the category and the company become QUALIFIED with their log rows', async () => {
    const year = businessDay(new Date(Date.now() + 365 * DAY));
    for (const typeCode of ['BUSINESS_LICENSE', 'ISO9001']) {
      const add = await s.request<{ id: string }>('POST', '/supplierBaseAPI/qualification/add', {
        token: t.supplier2,
        body: { typeCode, certNo: `${typeCode}-001`, expiryDate: year, files: await upload(t.supplier2) },
      });
      expect(add.body.success, add.body.message).toBe(true);
      expect(
        (await post(t.supplier1, '/supplier/qualification/review', { id: add.body.result.id, approve: true })).status,
      ).toBe(403);
      expect(
        (await post(t.buyer, '/supplier/qualification/review', { id: add.body.result.id, approve: true })).body,
      ).toMatchObject({ success: true, message: '审核通过' });
    }
    const task = await pendingTask('SUPPLIER_ADMISSION_REVIEW');
    expect((await post(t.admin, '/approval/task/approve', { taskId: task.id, comment: '同意' })).body.success).toBe(
      true,
    );
    expect(await status(ids.sup2)).toMatchObject({ status: 'QUALIFIED' });
    const log = await s.ctx.db
      .selectFrom('supplierStatusLog')
      .selectAll()
      .where('supplierId', '=', ids.sup2)
      .where('sourceDocType', '=', 'ADMISSION_REVIEW')
      .orderBy('at')
      .orderBy('scope')
      .execute();
    expect(log.map((l) => [l.scope, l.categoryId, l.fromStatus, l.toStatus])).toEqual([
      ['CATEGORY', 'RAW_MATERIAL', 'APPLYING', 'QUALIFIED'],
      ['COMPANY', null, 'POTENTIAL', 'QUALIFIED'],
    ]);
  });

  it('X-10: a buyer who submits a review cannot approve it through the engine; a rejection keeps the standing', async () => {
    // The administrator suspends and terminates, then opens a review again (TERMINATED → APPLYING) and submits it.
    await post(t.admin, '/supplier/category/suspend', {
      id: ids.sup2,
      categoryCode: 'RAW_MATERIAL',
      reason: '质量问题',
    });
    await post(t.admin, '/supplier/category/terminate', {
      id: ids.sup2,
      categoryCode: 'RAW_MATERIAL',
      reason: '终止合作',
    });
    await submittedReview(t.admin, 'RAW_MATERIAL');
    const task = await pendingTask('SUPPLIER_ADMISSION_REVIEW');
    expect((await post(t.admin, '/approval/task/approve', { taskId: task.id, comment: '' })).body).toMatchObject({
      success: false,
      message: SELF_APPROVAL_MESSAGE,
    });
    expect((await post(t.mgr, '/approval/task/reject', { taskId: task.id, comment: '资料不全' })).body.success).toBe(
      true,
    );
    const cat = await s.ctx.db
      .selectFrom('supplierCategory')
      .select('status')
      .where('supplierId', '=', ids.sup2)
      .executeTakeFirstOrThrow();
    expect(cat.status).toBe('APPLYING');
    expect(
      (
        await post(t.admin, '/supplier/category/terminate', {
          id: ids.sup2,
          categoryCode: 'RAW_MATERIAL',
          reason: '准入评审未通过',
        })
      ).body.success,
    ).toBe(true);
  });

  it('category suspend, restore and terminate are refused out of turn and need a reason', async () => {
    expect(
      (
        await post(t.admin, '/supplier/category/restore', {
          id: ids.sup2,
          categoryCode: 'RAW_MATERIAL',
          reason: '恢复',
        })
      ).body,
    ).toMatchObject({ success: false, message: '品类准入当前状态为“终止”，不能恢复' });
    expect(
      (await post(t.admin, '/supplier/category/suspend', { id: ids.sup2, categoryCode: 'RAW_MATERIAL', reason: '' }))
        .body,
    ).toMatchObject({ success: false, message: '请填写原因' });
    expect(
      (await post(t.buyer, '/supplier/category/suspend', { id: ids.sup2, categoryCode: 'RAW_MATERIAL', reason: 'x' }))
        .status,
    ).toBe(403);
  });
});

describe('company status (§4.4, SST-1, SST-2, SUP-6)', () => {
  it('freeze and unfreeze: M only, with a reason, back to the status before', async () => {
    expect((await post(t.buyer, '/supplier/freeze', { id: ids.sup2, reason: '质量事故' })).status).toBe(403);
    expect((await post(t.admin, '/supplier/freeze', { id: ids.sup2, reason: '' })).body).toMatchObject({
      success: false,
      message: '请填写原因',
    });
    expect((await post(t.admin, '/supplier/freeze', { id: ids.sup2, reason: '质量事故' })).body).toMatchObject({
      success: true,
      message: '已冻结',
    });
    expect(await status(ids.sup2)).toMatchObject({ status: 'FROZEN', resumeStatus: 'QUALIFIED' });
    expect((await post(t.admin, '/supplier/freeze', { id: ids.sup2, reason: '再次' })).body).toMatchObject({
      success: false,
      message: '供应商当前状态为“冻结”，不能冻结',
    });
    expect((await post(t.admin, '/supplier/unfreeze', { id: ids.sup2, reason: '整改完成' })).body.success).toBe(true);
    expect(await status(ids.sup2)).toMatchObject({ status: 'QUALIFIED', resumeStatus: null });
    expect(await lastLog(ids.sup2)).toMatchObject({
      fromStatus: 'FROZEN',
      toStatus: 'QUALIFIED',
      reason: '整改完成',
      sourceDocType: 'UNFREEZE',
    });
  });

  it('a reason with markup reaches the supplier as the text typed, never as a link (XSS-1)', async () => {
    const reason = '<a href="https://evil.example">点此申诉</a> & 单价<10';
    expect((await post(t.admin, '/supplier/freeze', { id: ids.sup2, reason })).body.success).toBe(true);
    const notice = await s.ctx.db
      .selectFrom('sysAnnouncement')
      .select('msgContent')
      .where('titile', '=', '供应商已被冻结')
      .orderBy('createTime', 'desc')
      .executeTakeFirstOrThrow();
    expect(notice.msgContent).not.toMatch(/<a\b/);
    const text = notice
      .msgContent!.replace(/<\/?p>/g, '')
      .replace(/&(#\d+|lt|gt|amp|quot);/g, (_, e: string) =>
        e.startsWith('#') ? String.fromCharCode(Number(e.slice(1))) : { lt: '<', gt: '>', amp: '&', quot: '"' }[e]!,
      );
    expect(text).toBe(`贵司已被冻结，原因：${reason}`);
    expect((await post(t.admin, '/supplier/unfreeze', { id: ids.sup2, reason: '误操作' })).body.success).toBe(true);
  });

  it('SST-1: B proposes a blacklist, M approves it; sign-ups are cancelled (SST-2); the lift lands in FROZEN', async () => {
    const signedUp = await post(await s.login('supplier2'), '/portal/view/signUp', {
      id: await openAnnouncement('ZB-SST-2'),
    });
    expect(signedUp.body.success, signedUp.body.message).toBe(true);
    expect((await post(t.buyer, '/supplier/blacklist', { id: ids.sup2, reason: '' })).body).toMatchObject({
      success: false,
      message: '请填写原因',
    });
    // with no approval step configured the proposal is refused, not approved on the spot.
    await s.ctx.db
      .updateTable('approvalDefinition')
      .set({ enabled: 0 })
      .where('docType', '=', 'SUPPLIER_BLACKLIST')
      .execute();
    expect((await post(t.buyer, '/supplier/blacklist', { id: ids.sup2, reason: '围标串标' })).body).toMatchObject({
      success: false,
      message: '拉黑申请须经审批，请先在 审批中心 › 审批配置 中设置审批步骤',
    });
    expect(await status(ids.sup2)).toMatchObject({ status: 'QUALIFIED' });
    expect(
      await s.ctx.db.selectFrom('supplierStatusRequest').select('id').where('action', '=', 'BLACKLIST').execute(),
    ).toHaveLength(0);
    await s.ctx.db
      .updateTable('approvalDefinition')
      .set({ enabled: 1 })
      .where('docType', '=', 'SUPPLIER_BLACKLIST')
      .execute();
    expect((await post(t.buyer, '/supplier/blacklist', { id: ids.sup2, reason: '围标串标' })).body).toMatchObject({
      success: true,
      message: '拉黑申请已提交，等待审批',
    });
    expect(await status(ids.sup2)).toMatchObject({ status: 'QUALIFIED' });
    expect((await post(t.buyer, '/supplier/blacklist', { id: ids.sup2, reason: '再次' })).body).toMatchObject({
      success: false,
      message: '已有待审批的拉黑申请',
    });
    expect(
      (
        await post(t.admin, '/approval/task/approve', {
          taskId: (await pendingTask('SUPPLIER_BLACKLIST')).id,
          comment: '同意',
        })
      ).body.success,
    ).toBe(true);
    expect(await status(ids.sup2)).toMatchObject({ status: 'BLACKLISTED' });
    const signup = await s.ctx.db
      .selectFrom('portalSignup')
      .select('status')
      .where('supplierId', '=', ids.sup2)
      .executeTakeFirstOrThrow();
    expect(signup.status).toBe('CANCELLED');
    expect(await lastLog(ids.sup2)).toMatchObject({
      fromStatus: 'QUALIFIED',
      toStatus: 'BLACKLISTED',
      reason: '围标串标',
      sourceDocType: 'BLACKLIST_REQUEST',
    });

    expect((await post(t.admin, '/supplier/unfreeze', { id: ids.sup2, reason: 'x' })).body).toMatchObject({
      success: false,
      message: '供应商当前状态为“黑名单”，不能解冻',
    });
    expect((await post(t.buyer, '/supplier/liftBlacklist', { id: ids.sup2, reason: '申诉成立' })).status).toBe(403);
    expect((await post(t.admin, '/supplier/liftBlacklist', { id: ids.sup2, reason: '申诉成立' })).body.success).toBe(
      true,
    );
    const lift = await pendingTask('SUPPLIER_BLACKLIST_LIFT');
    expect((await post(t.admin, '/approval/task/approve', { taskId: lift.id, comment: '' })).body).toMatchObject({
      success: false,
      message: SELF_APPROVAL_MESSAGE,
    });
    expect((await post(t.mgr, '/approval/task/approve', { taskId: lift.id, comment: '同意' })).body.success).toBe(true);
    expect(await status(ids.sup2)).toMatchObject({ status: 'FROZEN' });
  });

  it('SST-4: elimination from FROZEN keeps the record; REGISTERED suppliers cannot be blacklisted', async () => {
    expect((await post(t.admin, '/supplier/eliminate', { id: ids.sup2, reason: '长期不合格' })).body).toMatchObject({
      success: true,
      message: '已淘汰',
    });
    expect(await status(ids.sup2)).toMatchObject({ status: 'ELIMINATED' });
    expect((await post(t.admin, '/supplier/eliminate', { id: ids.sup2, reason: 'x' })).body).toMatchObject({
      success: false,
      message: '供应商当前状态为“淘汰”，不能淘汰',
    });
    const fresh = newId();
    await s.ctx.db
      .insertInto('supplier')
      .values({
        id: fresh,
        code: 'SUP-T-1',
        name: '刚注册公司',
        uscc: null,
        legalPerson: null,
        phone: null,
        email: null,
        address: null,
        mainCategories: '[]',
        source: 'SELF_REGISTERED',
        status: 'REGISTERED',
        infoStatus: 'INCOMPLETE',
        delFlag: 0,
        createBy: 't',
        createTime: serverNowIso(),
        updateBy: null,
        updateTime: null,
        returnComments: null,
        resumeStatus: null,
        businessLicenseFile: null,
        approvedBy: null,
        approvedAt: null,
      })
      .execute();
    expect((await post(t.buyer, '/supplier/blacklist', { id: fresh, reason: 'x' })).body).toMatchObject({
      success: false,
      message: '供应商当前状态为“注册中”，不能列入黑名单',
    });
    const log = await s.request<{ toStatus: string }[]>('GET', `/supplier/statusLog?id=${ids.sup2}`, {
      token: t.buyer,
    });
    expect(log.body.result[0]).toMatchObject({ toStatus: 'ELIMINATED' });
  });
});

describe('qualification expiry (QLF-3) and eligibility (X-15)', () => {
  it('the job flags EXPIRING at 30 days, warns again at 7, EXPIRED on the date, and notifies the supplier and the buyer once each time', async () => {
    const now = Date.now();
    const expiry = businessDay(new Date(now + 60 * DAY));
    const add = await s.request<{ id: string }>('POST', '/supplierBaseAPI/qualification/add', {
      token: t.supplier1,
      body: { typeCode: 'ISO9001', certNo: 'ISO-EXP-1', expiryDate: expiry, files: await upload(t.supplier1) },
    });
    await post(t.buyer, '/supplier/qualification/review', { id: add.body.result.id, approve: true });
    const row = () =>
      s.ctx.db
        .selectFrom('supplierQualification')
        .select(['status', 'notifiedDays'])
        .where('id', '=', add.body.result.id)
        .executeTakeFirstOrThrow();
    const notices = () =>
      s.ctx.db
        .selectFrom('sysAnnouncement')
        .select('id')
        .where('busId', '=', add.body.result.id)
        .where('busType', '=', 'supplierQualification')
        .execute();
    expect(await row()).toMatchObject({ status: 'VALID' });
    const before = (await notices()).length;

    await s.ctx.qualifications.runExpiryJob(new Date(now + 20 * DAY));
    expect(await row()).toMatchObject({ status: 'VALID' });
    await s.ctx.qualifications.runExpiryJob(new Date(now + 35 * DAY));
    expect(await row()).toMatchObject({ status: 'EXPIRING', notifiedDays: 30 });
    await s.ctx.qualifications.runExpiryJob(new Date(now + 36 * DAY));
    expect((await notices()).length).toBe(before + 1);
    await s.ctx.qualifications.runExpiryJob(new Date(now + 55 * DAY));
    expect(await row()).toMatchObject({ status: 'EXPIRING', notifiedDays: 7 });
    await s.ctx.qualifications.runExpiryJob(new Date(now + 60 * DAY));
    expect(await row()).toMatchObject({ status: 'EXPIRED' });
    expect((await notices()).length).toBe(before + 3);

    // Both the supplier's user and the buyer got the 30-day notice.
    const first = (await notices())[before]!;
    const to = await s.ctx.db
      .selectFrom('sysAnnouncementSend as n')
      .innerJoin('sysUser as u', 'u.id', 'n.userId')
      .select('u.username')
      .where('n.anntId', '=', first.id)
      .execute();
    expect(to.map((u) => u.username)).toEqual(expect.arrayContaining(['supplier1', 'buyer']));
  });

  it('X-15: an expired business licence blocks the portal sign-up; a valid renewal lifts the block', async () => {
    const announcement = await openAnnouncement('ZB-QLF-1');
    const yesterday = businessDay(new Date(Date.now() - DAY));
    const old = await s.request<{ id: string }>('POST', '/supplierBaseAPI/qualification/add', {
      token: t.supplier1,
      body: { typeCode: 'BUSINESS_LICENSE', certNo: 'BL-OLD', expiryDate: yesterday, files: await upload(t.supplier1) },
    });
    await post(t.buyer, '/supplier/qualification/review', { id: old.body.result.id, approve: true });
    expect((await post(t.supplier1, '/portal/view/signUp', { id: announcement })).body).toMatchObject({
      success: false,
      message: '必备资质已过期，不能报名，请先更新资质',
    });

    const renewal = await s.request<{ id: string }>('POST', '/supplierBaseAPI/qualification/add', {
      token: t.supplier1,
      body: { typeCode: 'BUSINESS_LICENSE', certNo: 'BL-NEW', files: await upload(t.supplier1) },
    });
    await post(t.buyer, '/supplier/qualification/review', { id: renewal.body.result.id, approve: true });
    expect((await post(t.supplier1, '/portal/view/signUp', { id: announcement })).body).toMatchObject({
      success: true,
    });
  });
});

describe('isolation (X-5)', () => {
  it('a supplier sees and changes only its own qualifications, categories and log; buyer routes are refused to suppliers', async () => {
    const mine = await s.request<{ supplierId: string; id: string }[]>('GET', '/supplierBaseAPI/qualifications', {
      token: t.supplier1,
    });
    expect(mine.body.result.length).toBeGreaterThan(0);
    expect(mine.body.result.every((q) => q.supplierId === ids.sup1)).toBe(true);
    const other = await s.request<{ supplierId: string; id: string }[]>('GET', '/supplierBaseAPI/qualifications', {
      token: await s.login('supplier2'),
    });
    expect(other.body.result.every((q) => q.supplierId === ids.sup2)).toBe(true);
    expect(other.body.result.some((q) => mine.body.result.some((m) => m.id === q.id))).toBe(false);

    // supplier2 cannot delete supplier1's pending certificate.
    const pending = await s.request<{ id: string }>('POST', '/supplierBaseAPI/qualification/add', {
      token: t.supplier1,
      body: { typeCode: 'CCC', certNo: 'CCC-1', files: await upload(t.supplier1) },
    });
    const t2 = await s.login('supplier2');
    expect((await post(t2, '/supplierBaseAPI/qualification/delete', { id: pending.body.result.id })).status).toBe(404);
    expect(
      await s.ctx.db
        .selectFrom('supplierQualification')
        .select('id')
        .where('id', '=', pending.body.result.id)
        .executeTakeFirst(),
    ).toBeDefined();
    // ...nor attach supplier1's file to its own certificate.
    const theft = await s.request<{ errors: Record<string, string> }>('POST', '/supplierBaseAPI/qualification/add', {
      token: t2,
      body: { typeCode: 'CCC', certNo: 'X', files: await upload(t.supplier1) },
    });
    expect(theft.status).toBe(400);

    const log1 = await s.request<{ actorName: string }[]>('GET', '/supplierBaseAPI/statusLog', { token: t2 });
    expect(log1.body.result.length).toBeGreaterThan(0);
    expect(log1.body.result.every((r) => r.actorName !== '采购员王敏')).toBe(true);
    for (const url of [
      `/supplier/queryById?id=${ids.sup1}`,
      `/supplier/statusLog?id=${ids.sup1}`,
      '/supplier/qualification/list',
      '/supplier/list',
    ]) {
      expect((await s.request('GET', url, { token: t.supplier1 })).status, url).toBe(403);
    }
    expect((await post(t.supplier1, '/supplier/freeze', { id: ids.sup1, reason: 'x' })).status).toBe(403);
  });

  it('buyers see their tenant’s suppliers only', async () => {
    const id = await createUser(s.ctx.db, {
      username: 'tenantbuyer',
      realname: '分公司采购',
      password: 'Tenant@2026',
      roleCode: 'buyer',
    });
    await s.ctx.db.updateTable('sysUser').set({ relTenantIds: '1000' }).where('id', '=', id).execute();
    const token = await s.login('tenantbuyer', 'Tenant@2026');
    const list = await s.request<{ total: number }>('GET', '/supplier/list', { token });
    expect(list.body.result.total).toBe(0);
    expect((await s.request('GET', `/supplier/queryById?id=${ids.sup1}`, { token })).status).toBe(404);
    expect((await post(token, '/supplier/approveInfo', { id: ids.sup1 })).status).toBe(404);
    const home = await s.request<{ total: number }>('GET', '/supplier/list', { token: t.buyer });
    expect(home.body.result.total).toBeGreaterThanOrEqual(2);
  });
});
