import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHANGE_VIA_REQUEST_MESSAGE,
  changeWorkflow,
  EVIDENCE_REQUIRED_MESSAGE,
  WORKFLOW_STALE,
  workflowRefusal,
  type ChangeHistoryRow,
  type ChangeRequestRow,
  type PageResult,
} from '@procura/shared';
import { newId } from '../src/core/ids.js';
import { serverNowIso } from '../src/core/clock.js';
import { startTestServer, type TestServer } from './harness.js';

/** Supplier change requests (domain §5): CHG-1, CHG-2, CHG-3, CHG-4, CHG-6, SUP-5, X-5, X-10, X-12; drafts, withdrawal, contacts; S10 steps 9–10. */
let s: TestServer;
let admin: string;
let buyer: string;
let supplier1: string;
let supplier2: string;
let sup1: string;
let sup2: string;

/** A stored upload owned by the user (the evidence of CHG-3). */
async function evidence(username: string): Promise<string> {
  const u = await s.ctx.db
    .selectFrom('sysUser')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  const path = `evidence/${newId()}.pdf`;
  await s.ctx.db
    .insertInto('sysFile')
    .values({
      id: newId(),
      path,
      originalName: '银行开户证明.pdf',
      fileSize: 10,
      contentType: 'application/pdf',
      ownerId: u.id,
      isPublic: 0,
      tenantId: 0,
      createTime: serverNowIso(),
    })
    .execute();
  return path;
}
const current = async (token: string) =>
  (await s.request<Record<string, string>>('GET', '/supplierChange/current', { token })).body.result;
async function submit(
  token: string,
  username: string,
  values: Record<string, string>,
  extra: Record<string, unknown> = {},
) {
  const now = await current(token);
  return s.request<{ id: string; code: string }>('POST', '/supplierChange/submit', {
    token,
    body: { ...now, ...values, reason: '开户行变更', files: await evidence(username), ...extra },
  });
}
const request = (id: string) =>
  s.ctx.db.selectFrom('supplierChangeRequest').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const taskOf = async (docId: string) =>
  s.ctx.db
    .selectFrom('approvalTask as t')
    .innerJoin('approvalInstance as i', 'i.id', 't.instanceId')
    .select('t.id')
    .where('i.docType', '=', 'SUPPLIER_CHANGE')
    .where('i.docId', '=', docId)
    .where('t.decision', '=', 'PENDING')
    .executeTakeFirstOrThrow();
const bankOf = (supplierId: string) =>
  s.ctx.db
    .selectFrom('supplierBankAccount')
    .selectAll()
    .where('supplierId', '=', supplierId)
    .orderBy('createTime')
    .execute();
const post = (token: string, url: string, body: unknown) => s.request('POST', url, { token, body });
/** Every notice a user has received, oldest first. */
const noticesTo = (username: string) =>
  s.ctx.db
    .selectFrom('sysAnnouncement as a')
    .innerJoin('sysAnnouncementSend as d', 'd.anntId', 'a.id')
    .innerJoin('sysUser as u', 'u.id', 'd.userId')
    .select(['a.id', 'a.titile', 'a.msgContent'])
    .where('u.username', '=', username)
    .execute();

beforeAll(async () => {
  s = await startTestServer();
  const db = s.ctx.db;
  sup1 = (
    await db.selectFrom('sysUser').select('supplierId').where('username', '=', 'supplier1').executeTakeFirstOrThrow()
  ).supplierId!;
  sup2 = (
    await db.selectFrom('sysUser').select('supplierId').where('username', '=', 'supplier2').executeTakeFirstOrThrow()
  ).supplierId!;
  [admin, buyer, supplier1, supplier2] = (await Promise.all(
    ['admin', 'buyer', 'supplier1', 'supplier2'].map((u) => s.login(u)),
  )) as [string, string, string, string];
});
afterAll(async () => {
  await s?.close();
});

describe('who may ask (§4.4, SUP-5, CHG-3)', () => {
  it('SUP-5: an approved supplier cannot resubmit the completion form; the message points to 变更申请', async () => {
    const profile = (
      await s.request<Record<string, unknown>>('GET', '/supplierBaseAPI/getSupplier', { token: supplier1 })
    ).body.result;
    const res = await post(supplier1, '/supplierBaseAPI/saveSupplierInfo', {
      name: '改名公司',
      uscc: profile.uscc,
      legalPerson: '张三',
      contactName: '李四',
      contactMobile: '13800000001',
      email: 'a@b.cn',
      address: '上海',
      bankName: '工商银行',
      bankAccountName: '改名公司',
      bankAccountNo: '6222000011112222',
      mainCategories: ['MACHINERY'],
      businessLicenseFile: await evidence('supplier1'),
    });
    expect(res.body).toMatchObject({ success: false, message: CHANGE_VIA_REQUEST_MESSAGE });
    expect(
      (await s.ctx.db.selectFrom('supplier').select('name').where('id', '=', sup1).executeTakeFirstOrThrow()).name,
    ).toBe(profile.name);
  });

  it('§4.4: a supplier still registered (completion form only) cannot ask for a change; a buyer cannot use the supplier routes', async () => {
    await s.ctx.db.updateTable('sysUser').set({ isShow: 1 }).where('username', '=', 'supplier2').execute();
    const now = await current(supplier2);
    const res = await submit(supplier2, 'supplier2', {
      legalPerson: '王五',
      bankName: '建设银行',
      bankAccountName: now.name!,
      bankAccountNo: '6227000011110000',
    });
    expect(res.body.success).toBe(false);
    expect(res.body.message).toContain('当前供应商状态不能提交变更申请');
    expect((await s.request('GET', '/supplierChange/current', { token: buyer })).body.success).toBe(false);
  });

  it('CHG-3: evidence files are required and must be the user’s own uploads; an unchanged form is refused; SUP-4 account name = company name', async () => {
    const now = await current(supplier1);
    const noFile = await post(supplier1, '/supplierChange/submit', {
      ...now,
      bankAccountNo: '6222999988887777',
      reason: '换账户',
      files: '',
    });
    expect(noFile.body).toMatchObject({ success: false });
    expect(JSON.stringify(noFile.body)).toContain('请上传证明材料');
    const foreign = await submit(supplier1, 'supplier2', { bankAccountNo: '6222999988887777' });
    expect(foreign.body).toMatchObject({ success: false, message: '证明材料文件不存在，请重新上传' });
    expect((await submit(supplier1, 'supplier1', {})).body).toMatchObject({
      success: false,
      message: '没有需要变更的内容',
    });
    const badName = await submit(supplier1, 'supplier1', { bankAccountName: '别的公司' });
    expect(JSON.stringify(badName.body)).toContain('账户名称必须与企业名称一致');
    expect(await s.ctx.db.selectFrom('supplierChangeRequest').select('id').execute()).toHaveLength(0);
  });
});

describe('approval applies, rejection changes nothing (CHG-1, CHG-2, CHG-4, CHG-6, X-10)', () => {
  it('S10 step 9 / CHG-1: a bank change is stored field by field; a second request while one is SUBMITTED is refused', async () => {
    const before = await current(supplier1);
    const res = await submit(supplier1, 'supplier1', {
      bankName: '招商银行上海分行',
      bankAccountNo: '6214830000001234',
    });
    expect(res.body.success).toBe(true);
    expect(res.body.result.code).toMatch(/^CR-\d{8}-\d{4}$/);
    const r = await request(res.body.result.id);
    expect(r.status).toBe('SUBMITTED');
    expect(JSON.parse(r.sections)).toEqual(['BANK']);
    expect(JSON.parse(r.changes)).toEqual([
      {
        section: 'BANK',
        field: 'bankName',
        label: '开户银行',
        oldValue: before.bankName,
        newValue: '招商银行上海分行',
      },
      {
        section: 'BANK',
        field: 'bankAccountNo',
        label: '银行账号',
        oldValue: before.bankAccountNo,
        newValue: '6214830000001234',
      },
    ]);
    const second = await submit(supplier1, 'supplier1', { legalPerson: '赵六' });
    expect(second.body.success).toBe(false);
    expect(second.body.message).toContain(`已有审批中的变更申请（${r.code}）`);
    // Nothing applied before approval (CHG-4).
    expect((await current(supplier1)).bankAccountNo).toBe(before.bankAccountNo);
  });

  it('X-10: the request waits for the admin role; rejection keeps the profile and notifies the supplier with the comment', async () => {
    const r = await s.ctx.db
      .selectFrom('supplierChangeRequest')
      .selectAll()
      .where('status', '=', 'SUBMITTED')
      .executeTakeFirstOrThrow();
    const before = await current(supplier1);
    const earlier = new Set((await noticesTo('supplier1')).map((n) => n.id));
    // The buyer is no approver of the demo flow.
    expect(
      (await post(buyer, '/approval/task/reject', { taskId: (await taskOf(r.id)).id, comment: 'x' })).body.success,
    ).toBe(false);
    expect(
      (await post(admin, '/approval/task/reject', { taskId: (await taskOf(r.id)).id, comment: '开户证明不清晰' })).body
        .success,
    ).toBe(true);
    expect(await request(r.id)).toMatchObject({ status: 'REJECTED', decisionComment: '开户证明不清晰' });
    expect(await current(supplier1)).toEqual(before);
    expect(await s.ctx.db.selectFrom('supplierChangeHistory').select('id').execute()).toHaveLength(0);
    // One decision, one notice: the module's, not the engine's verdict as well (issue 19 item 12).
    const notices = (await noticesTo('supplier1')).filter((n) => !earlier.has(n.id));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.titile).toBe('变更申请被驳回');
    expect(notices[0]!.msgContent).toContain('开户证明不清晰');
  });

  it('S10 step 10 / CHG-4 / CHG-6: approval applies the change in the deciding transaction, keeps the old account disabled and writes history', async () => {
    const before = await current(supplier1);
    const oldBanks = await bankOf(sup1);
    const res = await submit(supplier1, 'supplier1', {
      bankName: '招商银行上海分行',
      bankAccountNo: '6214830000001234',
      legalPerson: '钱七',
    });
    const id = res.body.result.id;
    const earlier = new Set((await noticesTo('supplier1')).map((n) => n.id));
    expect(
      (await post(admin, '/approval/task/approve', { taskId: (await taskOf(id)).id, comment: '同意' })).body.success,
    ).toBe(true);
    expect(await request(id)).toMatchObject({ status: 'APPROVED' });
    expect((await noticesTo('supplier1')).filter((n) => !earlier.has(n.id)).map((n) => n.titile)).toEqual([
      '变更申请已通过',
    ]);
    expect(await current(supplier1)).toMatchObject({
      bankName: '招商银行上海分行',
      bankAccountNo: '6214830000001234',
      legalPerson: '钱七',
      name: before.name,
    });
    const banks = await bankOf(sup1);
    expect(banks).toHaveLength(oldBanks.length + 1);
    expect(banks.find((b) => b.accountNo === before.bankAccountNo)).toMatchObject({ isPrimary: 0, status: 'DISABLED' });
    expect(banks.find((b) => b.accountNo === '6214830000001234')).toMatchObject({ isPrimary: 1, status: 'APPROVED' });
    const history = (await s.request<ChangeHistoryRow[]>('GET', '/supplierChange/myHistory', { token: supplier1 })).body
      .result;
    expect(history.map((h) => [h.field, h.oldValue, h.newValue, h.requestCode])).toEqual(
      expect.arrayContaining([
        ['bankName', before.bankName, '招商银行上海分行', res.body.result.code],
        ['bankAccountNo', before.bankAccountNo, '6214830000001234', res.body.result.code],
        ['legalPerson', before.legalPerson, '钱七', res.body.result.code],
      ]),
    );
    expect(history[0]!.approvedBy).toBeTruthy();
    const log = await s.ctx.db
      .selectFrom('supplierStatusLog')
      .selectAll()
      .where('supplierId', '=', sup1)
      .where('sourceDocType', '=', 'SUPPLIER_CHANGE')
      .execute();
    expect(log).toHaveLength(1);
    expect(log[0]!.fromStatus).toBe(log[0]!.toStatus);
    // The buyer sees the same history on the supplier's detail.
    expect(
      (await s.request<ChangeHistoryRow[]>('GET', `/supplierChange/history?supplierId=${sup1}`, { token: buyer })).body
        .result,
    ).toHaveLength(3);
  });

  it('CHG-2: a request made against an older profile version cannot be approved; nothing changes', async () => {
    const res = await submit(supplier1, 'supplier1', { legalPerson: '孙八' });
    const id = res.body.result.id;
    await s.ctx.db
      .updateTable('supplier')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', sup1)
      .execute();
    const approve = await post(admin, '/approval/task/approve', { taskId: (await taskOf(id)).id, comment: '' });
    expect(approve.body.success).toBe(false);
    expect(approve.body.rules).toContain('CHG-2');
    expect(approve.body.message).not.toContain('CHG-2');
    expect(await request(id)).toMatchObject({ status: 'SUBMITTED' });
    expect((await current(supplier1)).legalPerson).toBe('钱七');
  });

  it('§5 withdraw: only the supplier’s own SUBMITTED request; a withdrawn one cannot be withdrawn again', async () => {
    const r = await s.ctx.db
      .selectFrom('supplierChangeRequest')
      .selectAll()
      .where('status', '=', 'SUBMITTED')
      .executeTakeFirstOrThrow();
    expect((await post(supplier2, '/supplierChange/withdraw', { id: r.id })).body).toMatchObject({
      success: false,
      message: '变更申请不存在',
    });
    expect((await post(supplier1, '/supplierChange/withdraw', { id: r.id })).body.success).toBe(true);
    expect(await request(r.id)).toMatchObject({ status: 'WITHDRAWN' });
    expect((await post(supplier1, '/supplierChange/withdraw', { id: r.id })).body).toMatchObject({
      success: false,
      message: workflowRefusal(changeWorkflow, 'withdraw', 'WITHDRAWN'),
    });
  });
});

describe('isolation between suppliers (X-5)', () => {
  it('supplier2 sees only its own requests and history; supplier routes refuse buyers and buyer routes refuse suppliers', async () => {
    await s.ctx.db
      .updateTable('supplier')
      .set({ status: 'POTENTIAL', infoStatus: 'APPROVED' })
      .where('id', '=', sup2)
      .execute();
    const now = await current(supplier2);
    const res = await submit(supplier2, 'supplier2', {
      legalPerson: '王五',
      bankName: '建设银行',
      bankAccountName: now.name!,
      bankAccountNo: '6227000011110000',
    });
    expect(res.body).toMatchObject({ success: true });
    const mine2 = (
      await s.request<PageResult<ChangeRequestRow>>('GET', '/supplierChange/list?pageSize=50', { token: supplier2 })
    ).body.result;
    expect(mine2.records.map((r) => r.supplierId)).toEqual([sup2]);
    // A forged filter on the other supplier finds nothing.
    const forged = (
      await s.request<PageResult<ChangeRequestRow>>('GET', '/supplierChange/list?pageSize=50&supplierId=' + sup2, {
        token: supplier1,
      })
    ).body.result;
    expect(forged.records).toEqual([]);
    const mine1 = (
      await s.request<PageResult<ChangeRequestRow>>('GET', '/supplierChange/list?pageSize=50', { token: supplier1 })
    ).body.result;
    expect(mine1.records.length).toBeGreaterThan(0);
    expect(mine1.records.every((r) => r.supplierId === sup1)).toBe(true);
    expect(
      (await s.request<ChangeHistoryRow[]>('GET', '/supplierChange/myHistory', { token: supplier2 })).body.result,
    ).toEqual([]);
    // The generic list is a supplier's too, with its own requests only.
    const listed1 = (
      await s.request<PageResult<ChangeRequestRow>>('GET', `/supplierChange/list?pageSize=50&supplierId=${sup2}`, {
        token: supplier1,
      })
    ).body.result;
    expect(listed1.records).toEqual([]);
    expect(
      (await s.request('GET', `/supplierChange/history?supplierId=${sup2}`, { token: supplier1 })).body.success,
    ).toBe(false);
    expect(
      (await s.request('GET', `/supplierChange/queryById?id=${res.body.result.id}`, { token: supplier1 })).body.success,
    ).toBe(false);
    const all = (
      await s.request<PageResult<ChangeRequestRow>>('GET', '/supplierChange/list?pageSize=50', { token: buyer })
    ).body.result;
    expect(new Set(all.records.map((r) => r.supplierId))).toEqual(new Set([sup1, sup2]));
    // supplier1 cannot withdraw supplier2's request.
    expect((await post(supplier1, '/supplierChange/withdraw', { id: res.body.result.id })).body.success).toBe(false);
    expect(await request(res.body.result.id)).toMatchObject({ status: 'SUBMITTED' });
  });
});

describe('a buyer asks on the supplier’s behalf (§5 initiatedBy BUYER, X-10)', () => {
  const valuesOf = async (supplierId: string) =>
    (
      await s.request<Record<string, string>>('GET', `/supplierChange/currentOf?supplierId=${supplierId}`, {
        token: buyer,
      })
    ).body.result;

  it('suppliers cannot; an unknown supplier is refused; the administrator, the only approver, cannot submit what only they would approve', async () => {
    const now = await current(supplier1);
    const body = { ...now, legalPerson: '周九', reason: '法人变更', files: await evidence('supplier1') };
    expect(
      (await s.request('POST', `/supplierChange/submitFor?supplierId=${sup1}`, { token: supplier1, body })).body
        .success,
    ).toBe(false);
    const unknown = await s.request('POST', `/supplierChange/submitFor?supplierId=${newId()}`, {
      token: buyer,
      body: { ...body, files: await evidence('buyer') },
    });
    expect(unknown.body).toMatchObject({ success: false, message: '供应商不存在' });
    const self = await s.request('POST', `/supplierChange/submitFor?supplierId=${sup1}`, {
      token: admin,
      body: { ...body, files: await evidence('admin') },
    });
    expect(self.body.success).toBe(false);
    expect(
      await s.ctx.db
        .selectFrom('supplierChangeRequest')
        .select('id')
        .where('supplierId', '=', sup1)
        .where('status', '=', 'SUBMITTED')
        .execute(),
    ).toHaveLength(0);
  });

  it('the buyer’s request is the supplier’s to see; the manager approves it and the history names the buyer as requester', async () => {
    const now = await valuesOf(sup1);
    const res = await s.request<{ id: string; code: string }>('POST', `/supplierChange/submitFor?supplierId=${sup1}`, {
      token: buyer,
      body: { ...now, legalPerson: '周九', reason: '法人变更', files: await evidence('buyer') },
    });
    expect(res.body).toMatchObject({ success: true });
    expect(await request(res.body.result.id)).toMatchObject({ initiatedBy: 'BUYER', status: 'SUBMITTED' });
    const mine = (
      await s.request<PageResult<ChangeRequestRow>>('GET', '/supplierChange/list?pageSize=50', { token: supplier1 })
    ).body.result;
    expect(mine.records.map((r) => r.code)).toContain(res.body.result.code);
    // the buyer who asked is no approver of its own request.
    expect(
      (await post(buyer, '/approval/task/approve', { taskId: (await taskOf(res.body.result.id)).id, comment: '' })).body
        .success,
    ).toBe(false);
    expect(
      (await post(admin, '/approval/task/approve', { taskId: (await taskOf(res.body.result.id)).id, comment: '同意' }))
        .body.success,
    ).toBe(true);
    expect((await current(supplier1)).legalPerson).toBe('周九');
    const buyerName = (
      await s.ctx.db.selectFrom('sysUser').select('realname').where('username', '=', 'buyer').executeTakeFirstOrThrow()
    ).realname;
    const history = (
      await s.request<ChangeHistoryRow[]>('GET', `/supplierChange/history?supplierId=${sup1}`, { token: buyer })
    ).body.result;
    expect(history.find((h) => h.requestCode === res.body.result.code)).toMatchObject({
      field: 'legalPerson',
      newValue: '周九',
      requestedBy: buyerName,
    });
  });
});

describe('drafts, contacts and withdrawal (§5 DRAFT/WITHDRAWN, CHG-1, CHG-2, CHG-3, CHG-6)', () => {
  type Contact = { id?: string; name: string; mobile: string; email: string; role: string; isPrimary: boolean };
  type Values = Record<string, string> & { contacts: Contact[] };
  const values = async (token: string) =>
    (await s.request<Values>('GET', '/supplierChange/current', { token })).body.result;
  const contactsOf = (supplierId: string) =>
    s.ctx.db
      .selectFrom('supplierContact')
      .selectAll()
      .where('supplierId', '=', supplierId)
      .orderBy('createTime')
      .orderBy('id')
      .execute();
  const draft = (token: string, body: Record<string, unknown>) =>
    s.request<{ id: string; code: string }>('POST', '/supplierChange/saveDraft', { token, body });
  const instanceOf = (docId: string) =>
    s.ctx.db
      .selectFrom('approvalInstance')
      .selectAll()
      .where('docId', '=', docId)
      .orderBy('submittedAt', 'desc')
      .executeTakeFirstOrThrow();
  const pendingTask = (docId: string) =>
    s.ctx.db
      .selectFrom('approvalTask as t')
      .innerJoin('approvalInstance as i', 'i.id', 't.instanceId')
      .select(['t.id', 't.assigneeId', 'i.docType'])
      .where('i.docId', '=', docId)
      .where('t.decision', '=', 'PENDING')
      .executeTakeFirstOrThrow();
  let draftId: string;
  let draftCode: string;

  it('§5 DRAFT: a draft is saved without reason or evidence, edited again from its own values, and seen by its supplier only', async () => {
    const now = await values(supplier1);
    expect(now.contacts.map((c) => c.name)).toEqual(['李强']);
    const primary = now.contacts[0]!;
    const first = await draft(supplier1, {
      ...now,
      contacts: [
        { ...primary, mobile: '13900000099' },
        { name: '王芳', mobile: '13700000002', email: '', role: 'FINANCE', isPrimary: false },
      ],
    });
    expect(first.body).toMatchObject({ success: true, message: '草稿已保存' });
    ({ id: draftId, code: draftCode } = first.body.result);
    expect(await request(draftId)).toMatchObject({ status: 'DRAFT', reason: '', files: '' });
    // The edit form starts from what the draft wants.
    const saved = (
      await s.request<Values & { id: string }>('GET', `/supplierChange/draft?id=${draftId}`, { token: supplier1 })
    ).body.result;
    expect(saved.contacts).toEqual([
      { ...primary, mobile: '13900000099' },
      { name: '王芳', mobile: '13700000002', email: '', role: 'FINANCE', isPrimary: false },
    ]);
    const edited = await draft(supplier1, {
      ...saved,
      contacts: [saved.contacts[0], { ...saved.contacts[1], email: 'finance@hdjm.example' }],
      reason: '新增财务联系人',
    });
    expect(edited.body.result).toEqual({ id: draftId, code: draftCode });
    const r = await request(draftId);
    expect(JSON.parse(r.sections)).toEqual(['CONTACT']);
    expect(JSON.parse(r.changes)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          field: 'contact.mobile',
          oldValue: '13900000001',
          newValue: '13900000099',
          entityId: primary.id,
          op: 'UPDATE',
        }),
        expect.objectContaining({
          field: 'contact.email',
          oldValue: '',
          newValue: 'finance@hdjm.example',
          entityId: 'new:1',
          op: 'ADD',
        }),
      ]),
    );
    // Nothing applied; the supplier's list shows the draft unsent, the buyer's list does not show it.
    expect((await contactsOf(sup1)).map((c) => c.mobile)).toEqual(['13900000001']);
    const mine = (
      await s.request<PageResult<ChangeRequestRow>>('GET', '/supplierChange/list?pageSize=50', { token: supplier1 })
    ).body.result;
    expect(mine.records.find((x) => x.id === draftId)).toMatchObject({
      status: 'DRAFT',
      status_dictText: '草稿',
      submittedAt: null,
    });
    const listed = (
      await s.request<PageResult<ChangeRequestRow>>('GET', '/supplierChange/list?pageSize=50', { token: buyer })
    ).body.result;
    expect(listed.records.map((x) => x.id)).not.toContain(draftId);
    expect((await s.request('GET', `/supplierChange/queryById?id=${draftId}`, { token: buyer })).body.success).toBe(
      false,
    );
  });

  it('X-5: another supplier can neither read, edit, submit nor withdraw the draft', async () => {
    const before = await request(draftId);
    expect((await s.request('GET', `/supplierChange/draft?id=${draftId}`, { token: supplier2 })).body).toMatchObject({
      success: false,
      message: '变更申请不存在',
    });
    // A well-formed body (supplier1's own values) so that only the ownership can refuse it.
    const theirs = await values(supplier1);
    expect((await draft(supplier2, { ...theirs, legalPerson: '冒名', id: draftId })).body).toMatchObject({
      success: false,
      message: '变更申请不存在',
    });
    expect(
      (
        await post(supplier2, '/supplierChange/submit', {
          ...theirs,
          legalPerson: '冒名',
          id: draftId,
          reason: 'x',
          files: await evidence('supplier2'),
        })
      ).body,
    ).toMatchObject({ success: false, message: '变更申请不存在' });
    expect((await post(supplier2, '/supplierChange/withdraw', { id: draftId })).body).toMatchObject({
      success: false,
      message: '变更申请不存在',
    });
    expect(await request(draftId)).toEqual(before);
  });

  it('CHG-1: drafts do not count; a draft cannot be submitted while another request is in approval; withdrawing that one cancels its approval', async () => {
    const now = await values(supplier1);
    const critical = await post(supplier1, '/supplierChange/submit', {
      ...now,
      legalPerson: '吴十',
      reason: '法人变更',
      files: await evidence('supplier1'),
    });
    expect(critical.body.success).toBe(true);
    const criticalId = (critical.body.result as { id: string }).id;
    const saved = (await s.request<Values>('GET', `/supplierChange/draft?id=${draftId}`, { token: supplier1 })).body
      .result;
    const refused = await post(supplier1, '/supplierChange/submit', {
      ...saved,
      id: draftId,
      reason: '新增财务联系人',
    });
    expect(refused.body.message).toContain('已有审批中的变更申请');
    expect(await request(draftId)).toMatchObject({ status: 'DRAFT' });

    expect((await post(supplier1, '/supplierChange/withdraw', { id: criticalId })).body).toMatchObject({
      success: true,
      message: '变更申请已撤回',
    });
    expect(await request(criticalId)).toMatchObject({ status: 'WITHDRAWN' });
    const instance = await instanceOf(criticalId);
    expect(instance).toMatchObject({ docType: 'SUPPLIER_CHANGE', status: 'WITHDRAWN' });
    expect(
      (
        await s.ctx.db.selectFrom('approvalTask').select('decision').where('instanceId', '=', instance.id).execute()
      ).map((t) => t.decision),
    ).toEqual(['CANCELLED']);
    expect((await values(supplier1)).legalPerson).toBe('周九');
  });

  it('CHG-3: a contacts-only request needs no evidence and goes to a buyer; CHG-2/CHG-6: approval applies it with field-by-field history', async () => {
    const saved = (await s.request<Values>('GET', `/supplierChange/draft?id=${draftId}`, { token: supplier1 })).body
      .result;
    const res = await post(supplier1, '/supplierChange/submit', {
      ...saved,
      id: draftId,
      reason: '新增财务联系人',
      files: '',
    });
    expect(res.body).toMatchObject({ success: true, result: { id: draftId, code: draftCode } });
    expect(await request(draftId)).toMatchObject({ status: 'SUBMITTED', files: '' });
    const task = await pendingTask(draftId);
    expect(task).toMatchObject({ docType: 'SUPPLIER_CHANGE_GENERAL', assigneeId: 'buyer' });
    expect((await post(buyer, '/approval/task/approve', { taskId: task.id, comment: '同意' })).body.success).toBe(true);
    expect(await request(draftId)).toMatchObject({ status: 'APPROVED' });
    const contacts = await contactsOf(sup1);
    expect(contacts.map((c) => [c.name, c.mobile, c.email, c.role, c.isPrimary])).toEqual([
      ['李强', '13900000099', 'sales@hdjm.example', 'BUSINESS', 1],
      ['王芳', '13700000002', 'finance@hdjm.example', 'FINANCE', 0],
    ]);
    const history = (
      await s.request<ChangeHistoryRow[]>('GET', '/supplierChange/myHistory', { token: supplier1 })
    ).body.result.filter((h) => h.requestCode === draftCode);
    expect(history.map((h) => [h.label, h.oldValue, h.newValue])).toEqual(
      expect.arrayContaining([
        ['联系人「李强」手机', '13900000001', '13900000099'],
        ['新增联系人「王芳」姓名', '', '王芳'],
        ['新增联系人「王芳」职责', '', 'FINANCE'],
      ]),
    );
    const added = await s.ctx.db
      .selectFrom('supplierChangeHistory')
      .select('entityId')
      .where('requestId', '=', draftId)
      .where('label', '=', '新增联系人「王芳」姓名')
      .executeTakeFirstOrThrow();
    expect(added.entityId).toBe(contacts[1]!.id);
    const log = await s.ctx.db
      .selectFrom('supplierStatusLog')
      .select('reason')
      .where('sourceDocId', '=', draftId)
      .executeTakeFirstOrThrow();
    expect(log.reason).toBe(`变更申请 ${draftCode} 已生效：联系人`);
  });

  it('CHG-3: a critical change saved as a draft cannot be submitted without evidence; the draft stays', async () => {
    const now = await values(supplier1);
    const d = (await draft(supplier1, { ...now, legalPerson: '郑十一', reason: '法人变更' })).body.result;
    const res = await post(supplier1, '/supplierChange/submit', {
      ...now,
      legalPerson: '郑十一',
      reason: '法人变更',
      id: d.id,
    });
    expect(res.body).toMatchObject({ success: false, message: EVIDENCE_REQUIRED_MESSAGE });
    expect(await request(d.id)).toMatchObject({ status: 'DRAFT' });
    // §5 withdraw(SA) of a draft: no approval to cancel; a withdrawn draft can neither be withdrawn again nor submitted.
    expect((await post(supplier1, '/supplierChange/withdraw', { id: d.id })).body.success).toBe(true);
    expect(await request(d.id)).toMatchObject({ status: 'WITHDRAWN' });
    expect(await s.ctx.db.selectFrom('approvalInstance').select('id').where('docId', '=', d.id).execute()).toEqual([]);
    expect((await post(supplier1, '/supplierChange/withdraw', { id: d.id })).body).toMatchObject({
      success: false,
      message: workflowRefusal(changeWorkflow, 'withdraw', 'WITHDRAWN'),
    });
    expect(
      (
        await post(supplier1, '/supplierChange/submit', {
          ...now,
          legalPerson: '郑十一',
          reason: '法人变更',
          id: d.id,
          files: await evidence('supplier1'),
        })
      ).body,
    ).toMatchObject({ success: false, message: workflowRefusal(changeWorkflow, 'submit', 'WITHDRAWN') });
  });

  it('CHG-2: a contact removal made against an older profile version is refused at approval; approved against the current one it removes the contact', async () => {
    const now = await values(supplier1);
    const keep = now.contacts.filter((c) => c.name !== '王芳');
    const stale = await post(supplier1, '/supplierChange/submit', { ...now, contacts: keep, reason: '财务联系人离职' });
    const staleId = (stale.body.result as { id: string }).id;
    await s.ctx.db
      .updateTable('supplier')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', sup1)
      .execute();
    const refused = await post(buyer, '/approval/task/approve', {
      taskId: (await pendingTask(staleId)).id,
      comment: '',
    });
    expect(refused.body.rules).toContain('CHG-2');
    expect(await request(staleId)).toMatchObject({ status: 'SUBMITTED' });
    expect(await contactsOf(sup1)).toHaveLength(2);
    await post(supplier1, '/supplierChange/withdraw', { id: staleId });

    // The last contact cannot be removed; the fresh request removes 王芳.
    expect((await post(supplier1, '/supplierChange/submit', { ...now, contacts: [], reason: 'x' })).body).toMatchObject(
      { success: false, message: '请至少保留一个联系人' },
    );
    const fresh = await post(supplier1, '/supplierChange/submit', { ...now, contacts: keep, reason: '财务联系人离职' });
    const freshId = (fresh.body.result as { id: string }).id;
    expect(
      (await post(buyer, '/approval/task/approve', { taskId: (await pendingTask(freshId)).id, comment: '' })).body
        .success,
    ).toBe(true);
    expect((await contactsOf(sup1)).map((c) => c.name)).toEqual(['李强']);
    const removed = await s.ctx.db
      .selectFrom('supplierChangeHistory')
      .select(['label', 'oldValue', 'newValue'])
      .where('requestId', '=', freshId)
      .where('field', '=', 'contact.mobile')
      .executeTakeFirstOrThrow();
    expect(removed).toEqual({ label: '删除联系人「王芳」手机', oldValue: '13700000002', newValue: '' });
  });
});

describe('one workflow path: compare-and-swap, status log and audit chain (issue 17)', () => {
  type LogRow = { action: string; fromStatus: string | null; toStatus: string; actorKind: string };
  const logsOf = async (id: string) =>
    (await s.request<LogRow[]>('GET', `/supplierChange/logs?id=${id}`, { token: admin })).body;

  it('X-4: two concurrent submissions of one draft: exactly one wins; each move is logged and audited once; a refusal names the state', async () => {
    // CHG-1: one request in approval per supplier; an earlier test's may still be open.
    const open = await s.ctx.db
      .selectFrom('supplierChangeRequest')
      .select('id')
      .where('supplierId', '=', sup1)
      .where('status', '=', 'SUBMITTED')
      .execute();
    for (const o of open) await post(supplier1, '/supplierChange/withdraw', { id: o.id });
    const now = await current(supplier1);
    const body = { ...now, legalPerson: '钱十二', reason: '法人变更' };
    const d = await s.request<{ id: string }>('POST', '/supplierChange/saveDraft', { token: supplier1, body });
    expect(d.body).toMatchObject({ success: true });
    const id = d.body.result.id;
    // A draft is the supplier's alone: its timeline is not the buyer's to read yet.
    expect((await logsOf(id)).success).toBe(false);
    const files = await evidence('supplier1');
    const results = await Promise.all([
      post(supplier1, '/supplierChange/submit', { ...body, id, files }),
      post(supplier1, '/supplierChange/submit', { ...body, id, files }),
    ]);
    expect(results.filter((r) => r.body.success)).toHaveLength(1);
    expect([WORKFLOW_STALE, workflowRefusal(changeWorkflow, 'submit', 'SUBMITTED')]).toContain(
      results.find((r) => !r.body.success)!.body.message,
    );
    expect(await s.ctx.db.selectFrom('approvalInstance').select('id').where('docId', '=', id).execute()).toHaveLength(
      1,
    );
    const reject = await post(admin, '/approval/task/reject', { taskId: (await taskOf(id)).id, comment: '材料不全' });
    expect(reject.body.success).toBe(true);
    const logs = (await logsOf(id)).result as LogRow[];
    expect(logs.map((l) => `${l.action}:${l.fromStatus}>${l.toStatus}:${l.actorKind}`)).toEqual([
      'create:null>DRAFT:SUPPLIER',
      'submit:DRAFT>SUBMITTED:SUPPLIER',
      'reject:SUBMITTED>REJECTED:INTERNAL',
    ]);
    const audit = await s.ctx.db
      .selectFrom('sysAuditChain')
      .select(['action', 'docType'])
      .where('docId', '=', id)
      .orderBy('seq')
      .execute();
    expect(audit).toEqual(
      ['create', 'submit', 'reject'].map((action) => ({ action, docType: changeWorkflow.docType })),
    );
    expect((await post(supplier1, '/supplierChange/withdraw', { id })).body).toMatchObject({
      success: false,
      message: workflowRefusal(changeWorkflow, 'withdraw', 'REJECTED'),
    });
    expect(((await logsOf(id)).result as LogRow[]).length).toBe(3);
  });

  it('X-5: a supplier reads the timeline of its own requests only', async () => {
    const own = await s.ctx.db
      .selectFrom('supplierChangeRequest')
      .select('id')
      .where('supplierId', '=', sup1)
      .orderBy('createTime')
      .executeTakeFirstOrThrow();
    const mine = await s.request<LogRow[]>('GET', `/supplierChange/logs?id=${own.id}`, { token: supplier1 });
    expect(mine.body.success).toBe(true);
    expect(mine.body.result.length).toBeGreaterThan(0);
    expect((await s.request('GET', `/supplierChange/logs?id=${own.id}`, { token: supplier2 })).status).toBe(404);
  });
});
