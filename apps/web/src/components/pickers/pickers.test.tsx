import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createSessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { fakeServer, ok } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { DepartTreeModal } from './depart-tree-modal';
import { OrgPickerModal } from './org-picker-modal';
import { SelectBizModal } from './select-biz-modal';
import { UserByDepartModal } from './user-by-depart-modal';
import { fakeMatchMedia } from '../../test/match-media';

const tree = [
  {
    id: 'd1',
    key: 'd1',
    title: '总公司',
    departName: '总公司',
    orgCode: 'A01',
    children: [{ id: 'd2', key: 'd2', title: '采购部', departName: '采购部', orgCode: 'A01A01', children: null }],
  },
];
const users = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => ({
    id: `u${from + i}`,
    username: `user${from + i}`,
    realname: `用户${from + i}`,
    phone: null,
    orgCode: 'A01',
  }));

const store = () => createSessionStore(http);
const modalWidth = () => (document.querySelector('.ant-modal') as HTMLElement).style.width;
const okButton = async () => within(await screen.findByRole('dialog')).getByRole('button', { name: /确\s*定/ });
const lastQuery = (server: ReturnType<typeof fakeServer>, key: string) =>
  Object.fromEntries(server.calls(key).at(-1)!.url.searchParams);

describe('pickers', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('department tree modal: picks a department from the tree', async () => {
    vi.stubGlobal('fetch', fakeServer({ 'GET /sys/sysDepart/queryTreeList': () => ok(tree) }).fetch);
    const onOk = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<DepartTreeModal open onOk={onOk} onCancel={vi.fn()} />, { store: store() });
    await user.click(await screen.findByText('采购部'));
    await user.click(await okButton());
    expect(onOk).toHaveBeenCalledWith([{ id: 'd2', departName: '采购部', orgCode: 'A01A01' }]);
  });

  it('user modal: 1250 wide, 10 users a page, searched by account, a department lists its users', async () => {
    const server = fakeServer({
      'GET /sys/sysDepart/queryTreeList': () => ok(tree),
      'GET /sys/user/list': () => ok({ records: users(10), total: 12, size: 10, current: 1, pages: 2 }),
      'GET /sys/user/queryUserByDepId': () => ok(users(2, 50)),
    });
    vi.stubGlobal('fetch', server.fetch);
    const onOk = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<UserByDepartModal open onOk={onOk} onCancel={vi.fn()} />, { store: store() });
    expect(await screen.findByText('user0')).toBeTruthy();
    expect(modalWidth()).toBe('1250px');
    expect(lastQuery(server, 'GET /sys/user/list')).toMatchObject({ pageNo: '1', pageSize: '10' });
    await user.type(screen.getByPlaceholderText('请输入用户账号'), 'zh{Enter}');
    await waitFor(() => expect(lastQuery(server, 'GET /sys/user/list').username).toBe('*zh*'));
    await user.click(await screen.findByText('采购部'));
    await user.click(await screen.findByText('user51'));
    await user.click(await okButton());
    expect(onOk).toHaveBeenCalledWith([expect.objectContaining({ id: 'u51', username: 'user51' })]);
    expect(lastQuery(server, 'GET /sys/user/queryUserByDepId').id).toBe('d2');
  });

  it('user modal: on a screen under 500 px the table scrolls over 800', async () => {
    vi.stubGlobal(
      'fetch',
      fakeServer({
        'GET /sys/sysDepart/queryTreeList': () => ok([]),
        'GET /sys/user/list': () => ok({ records: users(1), total: 1 }),
      }).fetch,
    );
    const matchMedia = window.matchMedia;
    window.matchMedia = fakeMatchMedia((q) => q.includes('499.98'));
    try {
      renderWithProviders(<UserByDepartModal open onOk={vi.fn()} onCancel={vi.fn()} />, { store: store() });
      await screen.findByText('user0');
      expect((document.querySelector('.ant-table-content table') as HTMLElement).style.width).toBe('800px');
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it('organisation picker: 1000 wide, searches /dataorg/bdDataorg/list by name, lists id, code and name', async () => {
    const server = fakeServer({
      'GET /dataorg/bdDataorg/list': () => ok({ records: [{ id: 'o1', code: 'HD', name: '华东' }], total: 1 }),
    });
    vi.stubGlobal('fetch', server.fetch);
    const onOk = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<OrgPickerModal open onOk={onOk} onCancel={vi.fn()} />, { store: store() });
    expect(await screen.findByText('华东')).toBeTruthy();
    expect(modalWidth()).toBe('1000px');
    expect(screen.getByText('ID')).toBeTruthy();
    await user.type(screen.getByPlaceholderText('请输入名称'), '华{Enter}');
    await waitFor(() => expect(lastQuery(server, 'GET /dataorg/bdDataorg/list').name).toBe('*华*'));
    await user.click(screen.getByText('HD'));
    await user.click(await okButton());
    expect(onOk).toHaveBeenCalledWith([{ id: 'o1', code: 'HD', name: '华东' }]);
  });

  it("business selection modal: 900 wide, the caller's URL, 5 a page (5/10/20/30), cells cut at 12, table 240 high, arrays accepted", async () => {
    const server = fakeServer({
      'GET /my/things': () => ok([{ id: 't1', materialNo: 'M1', name: '一二三四五六七八九十甲乙丙丁' }]),
    });
    vi.stubGlobal('fetch', server.fetch);
    const onOk = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <SelectBizModal
        open
        listUrl="/my/things"
        queryParamCode="materialNo"
        queryParamText="物料编码"
        displayKey="name"
        columns={[
          { dataIndex: 'materialNo', title: '物料编码' },
          { dataIndex: 'name', title: '名称' },
        ]}
        onOk={onOk}
        onCancel={vi.fn()}
      />,
      { store: store() },
    );
    expect(await screen.findByText('一二三四五六七八九十甲乙...')).toBeTruthy();
    expect(modalWidth()).toBe('900px');
    expect(lastQuery(server, 'GET /my/things')).toMatchObject({ pageNo: '1', pageSize: '5' });
    expect((document.querySelector('.ant-table-body') as HTMLElement).style.maxHeight).toBe('240px');
    await user.click(document.querySelector('.ant-pagination-options .ant-select')!);
    for (const n of [5, 10, 20, 30]) expect((await screen.findAllByTitle(`${n} 条/页`)).length).toBeGreaterThan(0);
    await user.type(screen.getByPlaceholderText('请输入物料编码'), 'M{Enter}');
    await waitFor(() => expect(lastQuery(server, 'GET /my/things').materialNo).toBe('*M*'));
    await user.click(screen.getByText('M1'));
    expect(within(screen.getByTestId('select-biz-chosen')).getByText('一二三四五六七八九十甲乙丙丁')).toBeTruthy();
    await user.click(await okButton());
    expect(onOk).toHaveBeenCalledWith([{ id: 't1', materialNo: 'M1', name: '一二三四五六七八九十甲乙丙丁' }]);
  });
});
