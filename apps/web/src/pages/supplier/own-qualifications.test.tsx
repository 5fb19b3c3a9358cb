import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createSessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { persistedSession } from '../../lib/session-persistence';
import { fakeServer, ok } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { OwnQualifications } from './own-qualifications';

const ROWS = [
  {
    id: 'q1',
    supplierId: 's1',
    typeCode: 'BUSINESS_LICENSE',
    certNo: 'BL-1',
    issuer: null,
    issueDate: null,
    expiryDate: null,
    files: 'supplier/a.pdf',
    status: 'VALID',
    reviewComment: null,
    createTime: '',
  },
  {
    id: 'q2',
    supplierId: 's1',
    typeCode: 'ISO9001',
    certNo: 'ISO-1',
    issuer: null,
    issueDate: null,
    expiryDate: '2027-06-30',
    files: 'supplier/b.pdf',
    status: 'REJECTED',
    reviewComment: '证书模糊',
    createTime: '',
  },
];

function setup() {
  persistedSession.setToken('tok');
  persistedSession.setDict({
    srm_qualification_type: [
      { value: 'BUSINESS_LICENSE', text: '营业执照', title: '营业执照', label: '营业执照' },
      { value: 'ISO9001', text: 'ISO 9001', title: 'ISO 9001', label: 'ISO 9001' },
    ],
    srm_qualification_status: [
      { value: 'VALID', text: '有效', title: '有效', label: '有效' },
      { value: 'REJECTED', text: '已驳回', title: '已驳回', label: '已驳回' },
    ],
  });
  const server = fakeServer({
    'GET /supplierBaseAPI/qualifications': () => ok(ROWS),
    'POST /supplierBaseAPI/qualification/delete': () => ok(null, '删除成功'),
    'POST /supplierBaseAPI/qualification/add': () => ok({ id: 'q3' }, '资质已提交，等待审核'),
  });
  vi.stubGlobal('fetch', server.fetch);
  renderWithProviders(<OwnQualifications />, { store: createSessionStore(http) });
  return server;
}

describe('the supplier’s own qualifications (domain §4.1, CHG-5)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists certificates with validity, state and review comment; only unapproved ones can be deleted, after a confirmation', async () => {
    const server = setup();
    const table = await screen.findByTestId('qualification-table');
    expect(await within(table).findByText('BL-1')).toBeTruthy();
    expect(within(table).getByText('长期')).toBeTruthy();
    expect(within(table).getByText('证书模糊')).toBeTruthy();
    expect(within(table).getByText('已驳回')).toBeTruthy();
    const deletes = within(table).getAllByRole('button', { name: /删\s*除/ });
    expect(deletes).toHaveLength(1);
    fireEvent.click(deletes[0]!);
    const confirm = (await screen.findByText('确定删除资质 ISO-1？')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(server.calls('POST /supplierBaseAPI/qualification/delete')).toHaveLength(1));
    expect(server.calls('POST /supplierBaseAPI/qualification/delete')[0]!.body).toEqual({ id: 'q2' });
  });

  it('checks the upload form before sending: type, number and file are required', async () => {
    const server = setup();
    fireEvent.click(await screen.findByTestId('qualification-add'));
    const form = await screen.findByTestId('qualification-form');
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await within(form).findByText('请选择资质类型')).toBeTruthy();
    expect(await within(form).findByText('请输入证书编号')).toBeTruthy();
    expect(await within(form).findByText('请上传资质文件')).toBeTruthy();
    expect(server.calls('POST /supplierBaseAPI/qualification/add')).toHaveLength(0);
  });
});
