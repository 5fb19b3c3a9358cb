import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createSessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { persistedSession } from '../../lib/session-persistence';
import { changeWorkflow, supplierChangeResource } from '@procura/shared';
import { fakeServer, ok } from '../../test/fake-server';
import { codes, page, setup as setupPage } from '../../resources/resource-page-harness';
import { renderWithProviders } from '../../test/render';
import MyChangeRequestsPage from './my-change-requests-page';
import { SupplierChangeTab } from './supplier-change-tab';

const CONTACT = {
  id: 'c1',
  name: '李强',
  mobile: '13900000001',
  email: 'sales@hdjm.example',
  role: 'BUSINESS',
  isPrimary: true,
};
const CURRENT = {
  name: '华东精密机械有限公司',
  uscc: '91320594MA25K8RT4D',
  legalPerson: '张伟',
  bankName: '工商银行',
  bankAccountName: '华东精密机械有限公司',
  bankAccountNo: '6222000011112222',
  contacts: [CONTACT],
};
const DRAFT = {
  ...rowBase(),
  sectionsText: '联系人',
  id: 'd1',
  code: 'CR-20261123-0003',
  sections: ['CONTACT'],
  changes: [
    {
      section: 'CONTACT',
      field: 'contact.role',
      label: '联系人「李强」职责',
      oldValue: 'BUSINESS',
      newValue: 'FINANCE',
      entityId: 'c1',
      op: 'UPDATE',
    },
  ],
  reason: '',
  files: '',
  status: 'DRAFT',
  status_dictText: '草稿',
  submittedAt: null,
};
function rowBase() {
  return {
    supplierId: 's1',
    supplierName: '华东精密机械有限公司',
    updatedAt: '2026-11-23 08:00:00',
    decidedAt: null,
    decisionComment: null,
  };
}
const SUBMITTED = {
  id: 'r1',
  code: 'CR-20261123-0001',
  supplierId: 's1',
  supplierName: CURRENT.name,
  sections: ['BANK'],
  sectionsText: '银行账户',
  changes: [
    {
      section: 'BANK',
      field: 'bankAccountNo',
      label: '银行账号',
      oldValue: '6222000011112222',
      newValue: '6214830000001234',
    },
  ],
  reason: '开户行变更',
  files: 'supplier/a.pdf',
  status: 'SUBMITTED',
  status_dictText: '审批中',
  submittedAt: '2026-11-23 09:00:00',
  updatedAt: '2026-11-23 09:00:00',
  decidedAt: null,
  decisionComment: null,
};

const WITHDRAW_CONFIRM = changeWorkflow.transitions.withdraw.confirm!;
const listOf = (records: { status: string }[]) => ({ records, total: records.length, size: 23, current: 1, pages: 1 });

/** The supplier's page: the generic document list of its own requests (the server scopes it, X-5). */
function setup(records: { status: string }[]) {
  persistedSession.setToken('tok');
  persistedSession.setButtonAuth(codes('supplierChange', ['list', 'mine']), []);
  const server = fakeServer({
    'GET /supplierChange/current': () => ok(CURRENT),
    'GET /supplierChange/list': (req) => {
      const status = req.url.searchParams.get('status');
      return ok(listOf(status ? records.filter((r) => r.status === status) : records));
    },
    'GET /supplierChange/statusCount': () => ok({}),
    'GET /supplierChange/myHistory': () => ok([]),
    'POST /supplierChange/withdraw': () => ok(null, '变更申请已撤回'),
    'POST /supplierChange/submit': () => ok({ id: 'r2', code: 'CR-20261123-0002' }, '变更申请已提交，等待审批'),
    'POST /supplierChange/saveDraft': () => ok({ id: 'd1', code: 'CR-20261123-0003' }, '草稿已保存'),
    'GET /supplierChange/draft': () =>
      ok({ ...CURRENT, contacts: [{ ...CONTACT, role: 'FINANCE' }], id: 'd1', reason: '', files: '' }),
  });
  vi.stubGlobal('fetch', server.fetch);
  renderWithProviders(<MyChangeRequestsPage />, { store: createSessionStore(http) });
  return server;
}

describe('变更申请 (domain §5)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('the new request shows the current values and refuses to send without evidence (CHG-3) or with an account name unlike the company name (SUP-4)', async () => {
    const server = setup([]);
    expect(await screen.findByText('暂无变更申请')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('change-new').className).not.toContain('loading'));
    fireEvent.click(screen.getByTestId('change-new'));
    const current = await screen.findByTestId('change-current');
    expect(within(current).getByText('6222000011112222')).toBeTruthy();
    const form = screen.getByTestId('change-form');
    const accountNo = within(form).getByLabelText('新银行账号') as HTMLInputElement;
    expect(accountNo.value).toBe('6222000011112222');
    fireEvent.change(accountNo, { target: { value: '6214830000001234' } });
    fireEvent.change(within(form).getByLabelText('新账户名称'), { target: { value: '别的公司' } });
    fireEvent.change(within(form).getByLabelText('变更原因'), { target: { value: '开户行变更' } });
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await within(form).findByText('请上传证明材料（如新营业执照、银行开户证明）')).toBeTruthy();
    // Each field's rules resolve on their own: under load the second message can come a moment later.
    expect(await within(form).findByText('账户名称必须与企业名称一致')).toBeTruthy();
    expect(server.calls('POST /supplierChange/submit')).toHaveLength(0);
  });

  it('lists my requests with status and the changed sections; withdraw asks first and sends the id; a second request is refused while one is in approval (CHG-1)', async () => {
    const server = setup([SUBMITTED]);
    const table = await screen.findByTestId('resource-table');
    const row = within((await within(table).findByText('CR-20261123-0001')).closest('tr')!);
    expect(row.getByText('审批中')).toBeTruthy();
    expect(row.getByText('银行账户')).toBeTruthy();
    fireEvent.click(row.getByText('撤回'));
    const pop = await screen.findByText(WITHDRAW_CONFIRM);
    fireEvent.click(within(pop.closest('.ant-popover') as HTMLElement).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(server.calls('POST /supplierChange/withdraw')).toHaveLength(1));
    expect(server.calls('POST /supplierChange/withdraw')[0]!.body).toEqual({ id: 'r1' });
    fireEvent.click(screen.getByTestId('change-new'));
    expect((await screen.findAllByText('已有审批中的变更申请')).length).toBeGreaterThan(0);
    expect(screen.queryByTestId('change-form')).toBeNull();
  });
});

describe('drafts and contacts (§5 DRAFT, CHG-1, CHG-3)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a draft is listed as 草稿 (saved, not submitted) with 提交 and 撤回; 提交 opens its values, 保存草稿 sends its id; a contacts-only change is submitted without evidence', async () => {
    const server = setup([DRAFT]);
    const table = await screen.findByTestId('resource-table');
    const row = () => within(within(table).getByText('CR-20261123-0003').closest('tr')!);
    expect(await within(table).findByText('草稿')).toBeTruthy();
    expect(row().getByText('2026-11-23 08:00:00 保存')).toBeTruthy();
    fireEvent.click(row().getByText('提交'));
    const form = await screen.findByTestId('change-form');
    await waitFor(() => expect(within(form).getByText('财务')).toBeTruthy());
    fireEvent.change(within(form).getByLabelText('手机'), { target: { value: '13900000099' } });
    fireEvent.click(screen.getByTestId('change-save-draft'));
    await waitFor(() => expect(server.calls('POST /supplierChange/saveDraft')).toHaveLength(1));
    expect(server.calls('POST /supplierChange/saveDraft')[0]!.body).toMatchObject({
      id: 'd1',
      contacts: [{ id: 'c1', mobile: '13900000099', role: 'FINANCE', isPrimary: true }],
    });

    await waitFor(() => expect(screen.queryByTestId('change-form')).toBeNull());
    fireEvent.click(row().getByText('提交'));
    const again = await screen.findByTestId('change-form');
    await waitFor(() => expect(within(again).getByText('财务')).toBeTruthy());
    fireEvent.change(within(again).getByLabelText('变更原因'), { target: { value: '财务对接人' } });
    fireEvent.click(screen.getByTestId('change-submit'));
    await waitFor(() => expect(server.calls('POST /supplierChange/submit')).toHaveLength(1));
    expect(server.calls('POST /supplierChange/submit')[0]!.body).toMatchObject({
      id: 'd1',
      files: '',
      reason: '财务对接人',
    });
  });

  it('撤回 of a draft asks first', async () => {
    const server = setup([DRAFT]);
    const table = await screen.findByTestId('resource-table');
    fireEvent.click(within((await within(table).findByText('CR-20261123-0003')).closest('tr')!).getByText('撤回'));
    const pop = await screen.findByText(WITHDRAW_CONFIRM);
    expect(server.calls('POST /supplierChange/withdraw')).toHaveLength(0);
    fireEvent.click(within(pop.closest('.ant-popover') as HTMLElement).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(server.calls('POST /supplierChange/withdraw')[0]!.body).toEqual({ id: 'd1' }));
  });
});

describe('变更历史 on the buyer’s supplier drawer (CHG-6, §5 initiatedBy BUYER)', () => {
  afterEach(() => vi.unstubAllGlobals());
  const HISTORY = [
    {
      id: 'h1',
      requestCode: 'CR-20261123-0001',
      field: 'bankAccountNo',
      label: '银行账号',
      oldValue: '6222000011112222',
      newValue: '6214830000001234',
      requestedBy: '供应商管理员',
      approvedBy: '管理员',
      changedAt: '2026-11-23 10:00:00',
    },
  ];
  function render(canAdd: boolean) {
    persistedSession.setToken('tok');
    const server = fakeServer({
      'GET /supplierChange/history': () => ok(HISTORY),
      'GET /supplierChange/currentOf': () => ok(CURRENT),
      'POST /supplierChange/submitFor': () => ok({ id: 'r9', code: 'CR-20261123-0009' }, '变更申请已提交，等待审批'),
    });
    vi.stubGlobal('fetch', server.fetch);
    renderWithProviders(<SupplierChangeTab supplierId="s1" canAdd={canAdd} />, { store: createSessionStore(http) });
    return server;
  }

  it('shows the applied changes with request no., old and new values, requester and approver; no 代供应商发起变更 without the permission', async () => {
    render(false);
    const table = await screen.findByTestId('change-history-table');
    expect(await within(table).findByText('CR-20261123-0001')).toBeTruthy();
    expect(within(table).getByText('6214830000001234')).toBeTruthy();
    expect(within(table).getByText('管理员')).toBeTruthy();
    expect(screen.queryByTestId('change-on-behalf')).toBeNull();
  });

  it('a buyer with the permission asks on the supplier’s behalf: the form starts from that supplier’s current values (read with its id)', async () => {
    const server = render(true);
    fireEvent.click(await screen.findByTestId('change-on-behalf'));
    const form = await screen.findByTestId('change-form');
    expect((within(form).getByLabelText('新法定代表人') as HTMLInputElement).value).toBe('张伟');
    await waitFor(() =>
      expect(server.calls('GET /supplierChange/currentOf')[0]!.url.searchParams.get('supplierId')).toBe('s1'),
    );
  });
});

describe('供应商变更 for a buyer, on the generic document page (§5, X-5)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the suppliers’ requests; the detail shows every old and new value and the evidence; no supplier action and no 发起变更申请', async () => {
    const { server } = setupPage(
      supplierChangeResource,
      {
        'GET /supplierChange/list': () => page([SUBMITTED]),
        'GET /supplierChange/statusCount': () => ok({ SUBMITTED: 1 }),
        'GET /supplierChange/queryById': () => ok(SUBMITTED),
        'GET /supplierChange/logs': () => ok([]),
        'GET /sys/common/fileNames': () => ok({ 'supplier/a.pdf': '开户证明.pdf' }),
      },
      codes('supplierChange', ['list', 'export']),
    );
    const table = await screen.findByTestId('resource-table');
    const row = within((await within(table).findByText('CR-20261123-0001')).closest('tr')!);
    expect(row.getByText('华东精密机械有限公司')).toBeTruthy();
    expect(row.getByText('银行账户')).toBeTruthy();
    expect(row.queryByText('撤回')).toBeNull();
    expect(screen.queryByTestId('change-new')).toBeNull();
    // a supplier's unsent drafts are not the buyer's: no 草稿 tab.
    const tabs = await screen.findByTestId('status-tabs');
    expect(await within(tabs).findByText('审批中 (1)')).toBeTruthy();
    expect(within(tabs).queryByText(/草稿/)).toBeNull();
    fireEvent.click(row.getByText('详情'));
    const diff = await screen.findByTestId('change-diff');
    expect(within(diff).getByText('6222000011112222')).toBeTruthy();
    expect(within(diff).getByText('6214830000001234')).toBeTruthy();
    expect(within(await screen.findByTestId('workflow-attachments')).getByText(/\.pdf/)).toBeTruthy();
    expect(server.calls('GET /supplierChange/queryById')[0]!.url.searchParams.get('id')).toBe('r1');
  });
});
