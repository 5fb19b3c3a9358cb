import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createSessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { persistedSession } from '../../lib/session-persistence';
import { VALID_SUPPLIER_INFO } from '../../test/fixtures';
import { fakeServer, ok } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { SupplierDetailDrawer } from './supplier-detail-drawer';

function detail(status: string, infoStatus = 'APPROVED', categoryStatus = 'APPLYING') {
  return {
    supplier: {
      ...VALID_SUPPLIER_INFO,
      id: 's1',
      code: 'SUP-1',
      status,
      infoStatus,
      source: 'SELF_REGISTERED',
      resumeStatus: null,
      version: 1,
      createTime: null,
      returnComments: {},
    },
    contacts: [],
    bankAccounts: [],
    categories: [
      {
        id: 'c1',
        categoryCode: 'steel',
        status: categoryStatus,
        qualifiedAt: null,
        trialLimitAmount: categoryStatus === 'TRIAL' ? '50000.00' : null,
        pendingRequestId: null,
      },
    ],
    qualifications: [],
    pendingRequests: [],
  };
}

function setup(status: string, codes: string, infoStatus?: string, categoryStatus?: string) {
  persistedSession.setToken('tok');
  persistedSession.setButtonAuth([{ action: codes, type: '1' }], []);
  persistedSession.setDict({
    srm_supplier_status: [
      { value: 'PENDING_REVIEW', text: '待审核', title: '待审核', label: '待审核' },
      { value: 'QUALIFIED', text: '合格', title: '合格', label: '合格' },
    ],
    supplier_main_category: [{ value: 'steel', text: '钢材', title: '钢材', label: '钢材' }],
  });
  const server = fakeServer({
    'GET /supplier/queryById': () => ok(detail(status, infoStatus, categoryStatus)),
    'GET /supplier/statusLog': () =>
      ok([
        {
          id: 'l1',
          scope: 'COMPANY',
          categoryCode: null,
          fromStatus: 'PENDING_REVIEW',
          toStatus: status,
          reason: '企业信息审核通过',
          sourceDocType: 'SUPPLIER_INFO',
          sourceDocId: 's1',
          actorName: '采购员王敏',
          actorKind: 'INTERNAL',
          at: '2026-11-22 10:00:00',
        },
      ]),
    'POST /supplier/returnInfo': () => ok(null, '已退回'),
    'POST /supplier/freeze': () => ok(null, '已冻结'),
    'POST /supplier/category/qualify': () => ok(null, '已转正'),
  });
  vi.stubGlobal('fetch', server.fetch);
  const onChanged = vi.fn();
  renderWithProviders(<SupplierDetailDrawer supplierId="s1" onClose={() => undefined} onChanged={onChanged} />, {
    store: createSessionStore(http),
  });
  return { server, onChanged };
}

describe('supplier detail drawer (domain §4.4)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers review actions for a PENDING_REVIEW supplier and returns it with a comment per section', async () => {
    const { server, onChanged } = setup('PENDING_REVIEW', 'supplier:review,supplier:freeze', 'SUBMITTED');
    fireEvent.click(await screen.findByTestId('supplier-return-info'));
    // Freeze does not start from PENDING_REVIEW: no button.
    expect(screen.queryByTestId('supplier-freeze')).toBeNull();
    expect(screen.getByTestId('supplier-approve-info')).toBeTruthy();
    const dialog = (await screen.findByText('退回企业信息')).closest('.ant-modal') as HTMLElement;
    fireEvent.change(within(dialog).getByTestId('return-bank'), { target: { value: '开户行请填写到支行' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '退 回' }));
    await waitFor(() => expect(server.calls('POST /supplier/returnInfo')).toHaveLength(1));
    expect(server.calls('POST /supplier/returnInfo')[0]!.body).toEqual({
      id: 's1',
      comments: { bank: '开户行请填写到支行' },
    });
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
  });

  it('asks for a reason before freezing and sends nothing without one (SST-1)', async () => {
    const { server } = setup('QUALIFIED', 'supplier:freeze');
    fireEvent.click(await screen.findByTestId('supplier-freeze'));
    const dialog = (await screen.findByText(/^冻结：/)).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    expect(await within(dialog).findByText('请填写原因')).toBeTruthy();
    expect(server.calls('POST /supplier/freeze')).toHaveLength(0);
    fireEvent.change(within(dialog).getByTestId('reason-input'), { target: { value: '质量事故' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(server.calls('POST /supplier/freeze')).toHaveLength(1));
    expect(server.calls('POST /supplier/freeze')[0]!.body).toEqual({ id: 's1', reason: '质量事故' });
  });

  it('§4.1: a manager turns a TRIAL category QUALIFIED (转正) with a reason', async () => {
    const { server } = setup('QUALIFIED', 'supplier:category:manage', undefined, 'TRIAL');
    fireEvent.click(await screen.findByRole('tab', { name: '品类准入' }));
    expect(await screen.findByText('50000.00 元')).toBeTruthy();
    fireEvent.click(await screen.findByTestId('category-qualify'));
    const dialog = (await screen.findByText('转正：钢材')).closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByText('转正原因')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    expect(await within(dialog).findByText('请填写原因')).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('reason-input'), { target: { value: '试用期交付良好' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(server.calls('POST /supplier/category/qualify')).toHaveLength(1));
    expect(server.calls('POST /supplier/category/qualify')[0]!.body).toEqual({
      id: 's1',
      categoryCode: 'steel',
      reason: '试用期交付良好',
    });
  });

  it('hides actions the user holds no permission for, and shows the status log', async () => {
    setup('QUALIFIED', 'supplier:list');
    await screen.findByTestId('supplier-status');
    expect(screen.queryByTestId('supplier-freeze')).toBeNull();
    expect(screen.queryByTestId('supplier-blacklist')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: '状态日志' }));
    expect(await screen.findByText('企业信息审核通过')).toBeTruthy();
    expect(screen.getByText('采购员王敏')).toBeTruthy();
  });
});
