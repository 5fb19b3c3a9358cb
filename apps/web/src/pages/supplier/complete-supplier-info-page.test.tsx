import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { createSessionStore } from '../../lib/auth-store';
import type { SessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { persistedSession } from '../../lib/session-persistence';
import { userInfo, VALID_SUPPLIER_INFO as VALID_INFO } from '../../test/fixtures';
import { fail, fakeServer, ok } from '../../test/fake-server';
import type { FakeHandler } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import CompleteSupplierInfoPage from './complete-supplier-info-page';

const location = () => screen.getByTestId('location').textContent;
const field = (id: string) => document.getElementById(id) as HTMLInputElement;
const type = (id: string, value: string) => fireEvent.change(field(id), { target: { value } });

// The licence scan is already stored (uploads are covered by the upload widget's own tests).
const DRAFT = {
  id: 's1',
  code: 'S0001',
  status: 'REGISTERED',
  infoStatus: 'INCOMPLETE',
  name: VALID_INFO.name,
  uscc: VALID_INFO.uscc,
  mainCategories: ['steel'],
  businessLicenseFile: VALID_INFO.businessLicenseFile,
};

let store: SessionStore;

function setup(save: FakeHandler, draft: unknown = DRAFT) {
  const server = fakeServer({
    'GET /supplierBaseAPI/getSupplier': () => ok(draft),
    'POST /supplierBaseAPI/saveSupplierInfo': save,
  });
  vi.stubGlobal('fetch', server.fetch);
  renderWithProviders(
    <Routes>
      <Route path="/completeSupInfo" element={<CompleteSupplierInfoPage />} />
      <Route path="*" element={null} />
    </Routes>,
    { route: '/completeSupInfo', store },
  );
  return server;
}

function fillTheRest() {
  type('legalPerson', VALID_INFO.legalPerson);
  type('address', VALID_INFO.address);
  type('contactName', VALID_INFO.contactName);
  type('contactMobile', VALID_INFO.contactMobile);
  type('email', VALID_INFO.email);
  type('bankName', VALID_INFO.bankName);
  type('bankAccountName', VALID_INFO.bankAccountName);
  type('bankAccountNo', VALID_INFO.bankAccountNo);
}

const submit = () => fireEvent.click(screen.getByTestId('supplier-info-submit'));

describe('/completeSupInfo form', () => {
  beforeEach(() => {
    persistedSession.setToken('tok');
    persistedSession.setUserInfo(userInfo({ username: 'supplier2', isShow: 2, userType: 2, supplierId: 's1' }));
    persistedSession.setDict({
      supplier_main_category: [{ value: 'steel', text: '钢材', title: '钢材', label: '钢材' }],
    });
    store = createSessionStore(http);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('prefills from the draft and the category dictionary cache', async () => {
    setup(() => ok(null));
    await screen.findByTestId('supplier-info-form');
    expect(field('name').value).toBe(VALID_INFO.name);
    expect(field('uscc').value).toBe(VALID_INFO.uscc);
    expect(await screen.findByText('钢材')).toBeTruthy();
  });

  it('validates in the browser and shows field errors without calling the server', async () => {
    const server = setup(() => ok(null));
    await screen.findByTestId('supplier-info-form');
    type('contactMobile', '123');
    type('bankAccountName', '别的公司');
    submit();
    expect(await screen.findByText('请输入法定代表人')).toBeTruthy();
    expect(screen.getByText('请输入正确的手机号码')).toBeTruthy();
    expect(screen.getByText('账户名称必须与企业名称一致')).toBeTruthy();
    expect(screen.getByText('请输入正确的电子邮箱')).toBeTruthy();
    expect(server.calls('POST /supplierBaseAPI/saveSupplierInfo')).toHaveLength(0);
    // Editing a field clears its message.
    type('legalPerson', '张三');
    await waitFor(() => expect(screen.queryByText('请输入法定代表人')).toBeNull());
  });

  it('submits exactly the schema keys, stores the new user and goes home', async () => {
    const server = setup(() =>
      ok(
        { userInfo: userInfo({ username: 'supplier2', isShow: 1, userType: 2, supplierId: 's1' }), supplier: DRAFT },
        '企业信息已提交',
      ),
    );
    await screen.findByTestId('supplier-info-form');
    fillTheRest();
    submit();
    await waitFor(() => expect(location()).toBe('/dashboard/workbench'));
    expect(server.calls('POST /supplierBaseAPI/saveSupplierInfo')[0]!.body).toEqual(VALID_INFO);
    expect(store.getState().userInfo?.isShow).toBe(1);
    expect(persistedSession.userInfo()?.isShow).toBe(1);
    expect(await screen.findByText('企业信息已提交')).toBeTruthy();
    // The supplier is told that the information is under review (issue 19 item 14).
    expect((await screen.findAllByText('企业信息已提交，等待审核')).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/审核通过后即可报名参与采购项目/).length).toBeGreaterThan(0);
  });

  it('puts the server field errors of an HTTP 400 on the form and keeps what was typed', async () => {
    setup(() => fail(400, '该统一社会信用代码已注册', 400, { errors: { uscc: '该统一社会信用代码已注册' } }));
    await screen.findByTestId('supplier-info-form');
    fillTheRest();
    submit();
    await waitFor(() => expect(screen.getAllByText('该统一社会信用代码已注册').length).toBeGreaterThanOrEqual(1));
    expect(document.querySelector('.ant-form-item-explain-error')?.textContent).toBe('该统一社会信用代码已注册');
    expect(screen.queryByText('系统提示')).toBeNull();
    expect(field('legalPerson').value).toBe(VALID_INFO.legalPerson);
    expect(location()).toBe('/completeSupInfo');
    expect(screen.getByTestId('supplier-info-submit').textContent).toBe('提 交');
  });

  it('shows a refusal answered with HTTP 200 as an error message', async () => {
    setup(() => fail(200, '请先上传营业执照', 500));
    await screen.findByTestId('supplier-info-form');
    fillTheRest();
    submit();
    expect(await screen.findByText('请先上传营业执照')).toBeTruthy();
    expect(field('bankAccountNo').value).toBe(VALID_INFO.bankAccountNo);
    expect(store.getState().userInfo?.isShow).toBe(2);
  });

  it('shows 保存中 while saving', async () => {
    let release: (value: ReturnType<typeof ok>) => void = () => {};
    setup(() => new Promise((resolve) => (release = resolve)));
    await screen.findByTestId('supplier-info-form');
    fillTheRest();
    submit();
    await waitFor(() => expect(screen.getByTestId('supplier-info-submit').textContent).toContain('保存中'));
    release(fail(200, '稍后再试', 500));
    await waitFor(() => expect(screen.getByTestId('supplier-info-submit').textContent).toBe('提 交'));
  });

  it('§4.2 step 5: a returned form shows the reviewer’s comment above its section; a licence missing is reported (SUP-4)', async () => {
    setup(() => ok(null), {
      ...DRAFT,
      businessLicenseFile: '',
      infoStatus: 'RETURNED',
      returnComments: { bank: '开户行请填写到支行' },
    });
    expect(await screen.findByTestId('return-comment-bank')).toHaveProperty(
      'textContent',
      expect.stringContaining('退回意见（银行账户）：开户行请填写到支行'),
    );
    expect(screen.queryByTestId('return-comment-basic')).toBeNull();
    fillTheRest();
    submit();
    expect(await screen.findByText('请上传营业执照')).toBeTruthy();
  });

  it('an INCOMPLETE draft shows no return comments even when old ones are stored', async () => {
    setup(() => ok(null), { ...DRAFT, returnComments: { bank: '旧意见' } });
    await screen.findByTestId('supplier-info-form');
    expect(screen.queryByTestId('return-comment-bank')).toBeNull();
  });
});
