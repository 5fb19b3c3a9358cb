import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usccCheckChar, type SupplierInfoInput, type SupplierProfile, type UserInfo } from '@procura/shared';
import { startTestServer, type TestServer } from './harness.js';

let s: TestServer;
/** supplier2's own uploaded business licence (SUP-4). */
let licence = '';
beforeAll(async () => {
  s = await startTestServer();
  const form = new FormData();
  form.append('file', new Blob(['%PDF-1.4\n%%EOF\n'], { type: 'application/pdf' }), '营业执照.pdf');
  const res = await fetch(`${s.base}/sys/common/upload`, {
    method: 'POST',
    body: form,
    headers: { 'X-Access-Token': await s.login('supplier2') },
  });
  licence = ((await res.json()) as { message: string }).message;
});
afterAll(async () => s?.close());

const validInfo = (): SupplierInfoInput => ({
  name: '苏州新材科技有限公司',
  uscc: '91320594MA25K8RT4' + usccCheckChar('91320594MA25K8RT4'),
  legalPerson: '周明',
  contactName: '赵婷',
  contactMobile: '13912345678',
  phone: '0512-66881234',
  email: 'contact@xincai.example',
  address: '江苏省苏州市工业园区星湖街328号',
  bankName: '招商银行苏州分行',
  bankAccountName: '苏州新材科技有限公司',
  bankAccountNo: '512900001234567',
  mainCategories: ['RAW_MATERIAL', 'CHEMICAL'],
  businessLicenseFile: licence,
});

const supplierRow = () =>
  s.ctx.db
    .selectFrom('supplier')
    .select(['status', 'infoStatus', 'legalPerson'])
    .where('name', '=', '苏州新材科技有限公司')
    .executeTakeFirstOrThrow();

describe('GET /supplierBaseAPI/getSupplier', () => {
  it('is null for an internal user', async () => {
    const res = await s.request('GET', '/supplierBaseAPI/getSupplier', { token: await s.login('buyer') });
    expect(res.body).toMatchObject({ success: true, result: null });
  });

  it('gives a supplier user its company', async () => {
    const res = await s.request<SupplierProfile>('GET', '/supplierBaseAPI/getSupplier', {
      token: await s.login('supplier1'),
    });
    expect(res.body.result).toMatchObject({
      name: '华东精密机械有限公司',
      status: 'QUALIFIED',
      infoStatus: 'APPROVED',
      contactName: '李强',
      bankAccountName: '华东精密机械有限公司',
      mainCategories: ['MACHINERY', 'RAW_MATERIAL'],
    });
  });
});

describe('POST /supplierBaseAPI/saveSupplierInfo', () => {
  it('refuses bad input field by field and changes nothing', async () => {
    const token = await s.login('supplier2');
    const bad = {
      ...validInfo(),
      uscc: '91320594MA25K8RT40',
      contactMobile: '123',
      bankAccountName: '别的公司',
      mainCategories: [],
    };
    const res = await s.request<{ errors: Record<string, string> }>('POST', '/supplierBaseAPI/saveSupplierInfo', {
      token,
      body: bad,
    });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.result.errors).toMatchObject({
      uscc: '统一社会信用代码格式不正确',
      contactMobile: '请输入正确的手机号码',
      mainCategories: '请至少选择一个主营品类',
    });
    expect(await supplierRow()).toEqual({ status: 'REGISTERED', infoStatus: 'INCOMPLETE', legalPerson: null });
  });

  it('requires the bank account to be in the company name (SUP-4)', async () => {
    const token = await s.login('supplier2');
    const res = await s.request<{ errors: Record<string, string> }>('POST', '/supplierBaseAPI/saveSupplierInfo', {
      token,
      body: { ...validInfo(), bankAccountName: '个人账户' },
    });
    expect(res.status).toBe(400);
    expect(res.body.result.errors.bankAccountName).toBe('账户名称必须与企业名称一致');
  });

  it('refuses unknown fields (MASS-5) and unknown categories', async () => {
    const token = await s.login('supplier2');
    const extra = await s.request('POST', '/supplierBaseAPI/saveSupplierInfo', {
      token,
      body: { ...validInfo(), status: 'QUALIFIED' },
    });
    expect(extra.status).toBe(400);
    const unknown = await s.request<{ errors: Record<string, string> }>('POST', '/supplierBaseAPI/saveSupplierInfo', {
      token,
      body: { ...validInfo(), mainCategories: ['WEAPONS'] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.result.errors.mainCategories).toBe('主营品类不存在: WEAPONS');
    expect((await supplierRow()).infoStatus).toBe('INCOMPLETE');
  });

  it('refuses a USCC another supplier holds, pointing to recovery (SUP-1)', async () => {
    const token = await s.login('supplier2');
    const taken = (
      await s.ctx.db
        .selectFrom('supplier')
        .select('uscc')
        .where('name', '=', '华东精密机械有限公司')
        .executeTakeFirstOrThrow()
    ).uscc!;
    const res = await s.request<{ errors: Record<string, string> }>('POST', '/supplierBaseAPI/saveSupplierInfo', {
      token,
      body: { ...validInfo(), uscc: taken },
    });
    expect(res.status).toBe(400);
    expect(res.body.result.errors.uscc).toBe('该统一社会信用代码已注册，请找回已有账号');
  });

  it('is not for internal users', async () => {
    const res = await s.request('POST', '/supplierBaseAPI/saveSupplierInfo', {
      token: await s.login('buyer'),
      body: validInfo(),
    });
    expect(res.status).toBe(403);
  });

  it('saves the information, submits it for review and lifts the isShow 2 gate', async () => {
    const token = await s.login('supplier2');
    const res = await s.request<{ userInfo: UserInfo; supplier: SupplierProfile }>(
      'POST',
      '/supplierBaseAPI/saveSupplierInfo',
      { token, body: validInfo() },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: '企业信息已提交' });
    expect(res.body.result.userInfo.isShow).toBe(1);
    expect(res.body.result.supplier).toMatchObject({
      ...validInfo(),
      status: 'PENDING_REVIEW',
      infoStatus: 'SUBMITTED',
    });
    expect(await supplierRow()).toEqual({ status: 'PENDING_REVIEW', infoStatus: 'SUBMITTED', legalPerson: '周明' });

    // SUP-6: the status change is logged in the same transaction.
    const log = await s.ctx.db.selectFrom('supplierStatusLog').selectAll().where('scope', '=', 'COMPANY').execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      fromStatus: 'REGISTERED',
      toStatus: 'PENDING_REVIEW',
      actorKind: 'SUPPLIER',
      scope: 'COMPANY',
    });

    // The next login no longer carries the gate.
    const again = await s.request<{ userInfo: UserInfo }>('POST', '/sys/login', {
      body: { username: 'supplier2', password: 'Procura@2026' },
    });
    expect(again.body.result.userInfo.isShow).toBe(1);
  });

  it('cannot be changed while under review (SUP-5)', async () => {
    const token = await s.login('supplier2');
    const res = await s.request('POST', '/supplierBaseAPI/saveSupplierInfo', {
      token,
      body: { ...validInfo(), legalPerson: '别人' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, message: '企业信息已提交审核，审核期间不能修改' });
    expect((await supplierRow()).legalPerson).toBe('周明');
  });
});
