import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { dictItemResource, positionResource } from '@procura/shared';
import { ALL_ACTIONS, button, queryButton, codes, page, POSITIONS, setup } from './resource-page-harness';
import { fail, ok } from '../test/fake-server';

describe('<ResourcePage> lists and searches', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the list fields with dictionary texts, sorted by the default sort, 23 per page', async () => {
    const { lastList } = setup(positionResource, { 'GET /sys/position/list': () => page(POSITIONS, 2) });
    expect(await screen.findByText('采购经理')).toBeTruthy();
    expect(screen.getByText('副高级')).toBeTruthy();
    for (const title of ['职务编码', '职务名称', '职级', '创建时间', '操作'])
      expect(within(document.querySelector('thead')!).getByText(title)).toBeTruthy();
    // 描述 is not a list field.
    expect(screen.queryByText('负责采购')).toBeNull();
    expect(Object.fromEntries(lastList())).toMatchObject({
      pageNo: '1',
      pageSize: '23',
      column: 'createTime',
      order: 'desc',
    });
    expect(screen.getByText('1-2 共 2 条')).toBeTruthy();
  });

  it('wraps like values as *x* and sends dictionary (eq) values exactly', async () => {
    const { lastList, server } = setup(positionResource, { 'GET /sys/position/list': () => page(POSITIONS) });
    await screen.findByText('采购经理');
    fireEvent.change(screen.getByPlaceholderText('请输入职务名称'), { target: { value: '采购' } });
    fireEvent.mouseDown(within(screen.getByTestId('resource-search')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('副高级'));
    fireEvent.click(button(/查\s*询/));
    await waitFor(() => expect(lastList().get('name')).toBe('*采购*'));
    expect(lastList().get('postRank')).toBe('P4');
    expect(lastList().has('code')).toBe(false);

    const before = server.calls('GET /sys/position/list').length;
    fireEvent.click(button(/重\s*置/));
    await waitFor(() => expect(server.calls('GET /sys/position/list').length).toBeGreaterThan(before));
    expect(lastList().has('name')).toBe(false);
    expect(lastList().has('postRank')).toBe(false);
  });

  it('sorts on the server by the column field and pages', async () => {
    const { lastList } = setup(positionResource, {
      'GET /sys/position/list': (request) => {
        const no = Number(request.url.searchParams.get('pageNo'));
        const rows = Array.from({ length: 23 }, (_, i) => ({
          ...POSITIONS[1],
          id: `r${(no - 1) * 23 + i}`,
          name: `职务${(no - 1) * 23 + i}`,
        }));
        return ok({ records: rows, total: 40, size: 23, current: no, pages: 2 });
      },
    });
    await screen.findByText('职务0');
    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('职务23')).toBeTruthy();
    expect(lastList().get('pageNo')).toBe('2');
    // A dictionary column sorts by its field, not by its text.
    fireEvent.click(within(document.querySelector('thead')!).getByText('职级'));
    await waitFor(() => expect(lastList().get('column')).toBe('postRank'));
    expect(lastList().get('order')).toBe('asc');
    expect(lastList().get('pageNo')).toBe('1');
  });

  it('shows a refused load (code 510) as a warning with an empty table', async () => {
    setup(positionResource, { 'GET /sys/position/list': () => fail(200, '没有权限，请联系管理员授权', 510) });
    expect(await screen.findByText('没有权限，请联系管理员授权')).toBeTruthy();
    expect(screen.getAllByText('暂无数据').length).toBeGreaterThan(0);
  });
});

describe('<ResourcePage> deletes', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('batch delete with nothing selected says 请选择一条记录！ and calls nothing', async () => {
    const { server } = setup(positionResource, { 'GET /sys/position/list': () => page(POSITIONS) });
    await screen.findByText('采购经理');
    fireEvent.click(button(/批量删除/));
    expect(await screen.findByText('请选择一条记录！')).toBeTruthy();
    expect(server.calls('DELETE /sys/position/deleteBatch')).toHaveLength(0);
  });

  it('batch deletes the selected rows after a confirmation', async () => {
    const { server } = setup(positionResource, {
      'GET /sys/position/list': () => page(POSITIONS),
      'DELETE /sys/position/deleteBatch': () => ok(null, '批量删除成功!'),
    });
    await screen.findByText('采购经理');
    for (const name of ['采购经理', '采购员'])
      fireEvent.click(within(screen.getByText(name).closest('tr')!).getByRole('checkbox'));
    expect(await screen.findByText(/已选择 2 项/)).toBeTruthy();
    fireEvent.click(button(/批量删除/));
    fireEvent.click((await screen.findByText(/^确\s*定$/)).closest('button')!);
    expect(await screen.findByText('批量删除成功!')).toBeTruthy();
    expect(server.calls('DELETE /sys/position/deleteBatch')[0]!.url.searchParams.get('ids')).toBe('p1,p2,');
  });

  it('deletes one row after the pop-up confirmation', async () => {
    const { server } = setup(positionResource, {
      'GET /sys/position/list': () => page(POSITIONS),
      'DELETE /sys/position/delete': () => ok(null, '删除成功!'),
    });
    await screen.findByText('采购经理');
    const row = screen.getByText('采购经理').closest('tr')!;
    fireEvent.click(within(row).getByText('删除'));
    fireEvent.click((await screen.findByText(/^确\s*定$/)).closest('button')!);
    expect(await screen.findByText('删除成功!')).toBeTruthy();
    expect(server.calls('DELETE /sys/position/delete')[0]!.url.searchParams.get('id')).toBe('p1');
  });
});

describe('<ResourcePage> permissions', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('hides every action the user holds no code for', async () => {
    setup(positionResource, { 'GET /sys/position/list': () => page(POSITIONS) }, codes('position', ['list']));
    await screen.findByText('采购经理');
    for (const name of [/新\s*增/, /导\s*出/, /导\s*入/, /下载模板/, /批量删除/]) expect(queryButton(name)).toBeNull();
    const row = within(screen.getByText('采购经理').closest('tr')!);
    expect(row.getByText('详情')).toBeTruthy();
    expect(row.queryByText('编辑')).toBeNull();
    expect(row.queryByText('删除')).toBeNull();
  });

  it('shows the actions the user holds codes for, and never those the definition lacks', async () => {
    setup(
      dictItemResource,
      {
        'GET /sys/dictItem/list': () =>
          page([{ id: 'i1', itemText: 'i-one', itemValue: '1', status: 1, status_dictText: '启用', sortOrder: 1 }]),
      },
      codes('dict', ALL_ACTIONS),
    );
    await screen.findByText('i-one');
    expect(button(/新\s*增/)).toBeTruthy();
    expect(button(/批量删除/)).toBeTruthy();
    expect(queryButton(/导\s*出/)).toBeNull();
    expect(queryButton(/导\s*入/)).toBeNull();
  });
});
