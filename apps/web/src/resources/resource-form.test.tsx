import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { dictResource, positionResource, roleResource } from '@procura/shared';
import { button, page, POSITIONS, setup } from './resource-page-harness';
import { LEAVE_CONFIRM_MESSAGE } from '../lib/unsaved-changes';
import { fail, ok } from '../test/fake-server';

describe('<ResourcePage> add, edit and detail', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the shared schema messages, then the server field errors, keeping what was typed', async () => {
    const { server } = setup(positionResource, {
      'GET /sys/position/list': () => page(POSITIONS),
      'POST /sys/position/add': () => fail(400, '职务编码已存在', 400, { errors: { code: '职务编码已存在' } }),
    });
    await screen.findByText('采购经理');
    fireEvent.click(button(/新\s*增/));
    expect(await screen.findByText('新增职务')).toBeTruthy();
    fireEvent.click(screen.getByTestId('resource-form-submit'));
    expect(await screen.findByText('请输入职务编码')).toBeTruthy();
    expect(screen.getByText('请输入职务名称')).toBeTruthy();

    const form = within(screen.getByTestId('resource-form'));
    fireEvent.change(form.getByPlaceholderText('请输入职务编码'), { target: { value: 'bad code' } });
    expect(await screen.findByText('职务编码只能包含字母、数字、下划线和横线')).toBeTruthy();
    expect(server.calls('POST /sys/position/add')).toHaveLength(0);

    fireEvent.change(form.getByPlaceholderText('请输入职务编码'), { target: { value: 'CGJL' } });
    fireEvent.change(form.getByPlaceholderText('请输入职务名称'), { target: { value: '采购总监' } });
    fireEvent.click(screen.getByTestId('resource-form-submit'));
    expect(await screen.findByText('职务编码已存在')).toBeTruthy();
    expect(server.calls('POST /sys/position/add')[0]!.body).toEqual({
      code: 'CGJL',
      name: '采购总监',
      postRank: null,
      description: null,
    });
    expect(form.getByPlaceholderText<HTMLInputElement>('请输入职务编码').value).toBe('CGJL');
    expect(form.getByPlaceholderText<HTMLInputElement>('请输入职务名称').value).toBe('采购总监');
  });

  it('asks before dropping unsaved edits, on leaving the page and on closing the form', async () => {
    const { router } = setup(positionResource, { 'GET /sys/position/list': () => page(POSITIONS) });
    await screen.findByText('采购经理');
    fireEvent.click(button(/新\s*增/));
    const form = within(await screen.findByTestId('resource-form'));
    fireEvent.change(form.getByPlaceholderText('请输入职务名称'), { target: { value: '未保存' } });
    // The latest confirmation (a cancelled one may linger hidden while it animates out).
    const confirm = () => within([...document.querySelectorAll<HTMLElement>('.ant-modal-confirm')].at(-1)!);
    const blocker = () => [...router.state.blockers.values()][0]?.state;

    act(() => void router.navigate('/elsewhere'));
    expect(await screen.findByText(LEAVE_CONFIRM_MESSAGE)).toBeTruthy();
    fireEvent.click(confirm().getByText(/^取\s*消$/));
    await waitFor(() => expect(blocker()).toBe('unblocked'));
    expect(screen.getByTestId('location').textContent).toBe('/isystem/page');

    fireEvent.click(document.querySelector<HTMLElement>('.ant-drawer-close')!);
    await waitFor(() => expect(document.querySelectorAll('.ant-modal-confirm').length).toBe(2));
    fireEvent.click(confirm().getByText(/^确\s*定$/));
    await waitFor(() => expect(screen.queryByTestId('resource-form')).toBeNull());
    act(() => void router.navigate('/elsewhere'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/elsewhere'));
  });

  it('adds a row and reloads the list', async () => {
    const { server } = setup(positionResource, {
      'GET /sys/position/list': () => page(POSITIONS),
      'POST /sys/position/add': () => ok({ id: 'p3' }, '添加成功！'),
    });
    await screen.findByText('采购经理');
    fireEvent.click(button(/新\s*增/));
    const form = within(await screen.findByTestId('resource-form'));
    fireEvent.change(form.getByPlaceholderText('请输入职务编码'), { target: { value: 'ZJ' } });
    fireEvent.change(form.getByPlaceholderText('请输入职务名称'), { target: { value: '总监' } });
    fireEvent.change(form.getByPlaceholderText('请输入描述'), { target: { value: '管理' } });
    fireEvent.click(screen.getByTestId('resource-form-submit'));
    expect(await screen.findByText('添加成功！')).toBeTruthy();
    expect(server.calls('POST /sys/position/add')[0]!.body).toEqual({
      code: 'ZJ',
      name: '总监',
      postRank: null,
      description: '管理',
    });
    await waitFor(() => expect(server.calls('GET /sys/position/list')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByTestId('resource-form')).toBeNull());
  });

  it('edits a row with its immutable fields read-only and left out of the body', async () => {
    const role = {
      id: 'r1',
      roleName: '采购员',
      roleCode: 'buyer',
      description: null,
      createBy: 'admin',
      createTime: '2026-01-01 09:00:00',
    };
    const { server } = setup(roleResource, {
      'GET /sys/role/list': () => page([role]),
      'PUT /sys/role/edit': () => ok(null, '修改成功!'),
    });
    await screen.findByText('采购员');
    fireEvent.click(within(screen.getByText('采购员').closest('tr')!).getByText('编辑'));
    const form = within(await screen.findByTestId('resource-form'));
    expect(screen.getByText('编辑角色')).toBeTruthy();
    expect(form.getByPlaceholderText<HTMLInputElement>('请输入角色编码').disabled).toBe(true);
    fireEvent.change(form.getByPlaceholderText('请输入角色名称'), { target: { value: '高级采购员' } });
    fireEvent.click(screen.getByTestId('resource-form-submit'));
    expect(await screen.findByText('修改成功!')).toBeTruthy();
    expect(server.calls('PUT /sys/role/edit')[0]!.body).toEqual({
      id: 'r1',
      roleName: '高级采购员',
      description: null,
    });
  });

  it('shows the detail read from the server with dictionary texts and audit fields', async () => {
    const { server } = setup(positionResource, {
      'GET /sys/position/list': () => page(POSITIONS),
      'GET /sys/position/queryById': () => ok(POSITIONS[0]),
    });
    await screen.findByText('采购经理');
    fireEvent.click(within(screen.getByText('采购经理').closest('tr')!).getByText('详情'));
    const detail = within(await screen.findByTestId('resource-detail'));
    expect(screen.getByText('职务详情')).toBeTruthy();
    expect(detail.getByText('副高级')).toBeTruthy();
    expect(detail.getByText('负责采购')).toBeTruthy();
    expect(detail.getByText('创建人')).toBeTruthy();
    expect(detail.getByText('2026-01-02 09:00:00')).toBeTruthy();
    expect(server.calls('GET /sys/position/queryById')[0]!.url.searchParams.get('id')).toBe('p1');
  });
});

describe('<ResourcePage> dictionary configuration (override)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("字典配置 lists the items of the row's dictionary and adds items to it", async () => {
    const { server } = setup(dictResource, {
      'GET /sys/dict/list': () =>
        page([
          {
            id: 'd1',
            dictName: '职级',
            dictCode: 'position_rank',
            description: null,
            createTime: '2026-01-01 09:00:00',
          },
        ]),
      'GET /sys/dictItem/list': () =>
        page([
          {
            id: 'i1',
            dictId: 'd1',
            itemText: '中级',
            itemValue: 'P3',
            sortOrder: 3,
            status: 1,
            status_dictText: '启用',
          },
        ]),
      'POST /sys/dictItem/add': () => ok({ id: 'i2' }, '添加成功！'),
    });
    await screen.findByText('position_rank');
    fireEvent.click(screen.getByText('字典配置'));
    const items = within(await screen.findByTestId('resource-page-sysDictItem'));
    expect(await items.findByText('P3')).toBeTruthy();
    const query = server.calls('GET /sys/dictItem/list')[0]!.url.searchParams;
    expect(Object.fromEntries(query)).toMatchObject({
      dictId: 'd1',
      pageSize: '10',
      column: 'sortOrder',
      order: 'asc',
    });
    // The dictionary is fixed: no control for it in the search or the form.
    expect(items.queryByText('字典')).toBeNull();

    fireEvent.click(items.getByText(/新\s*增/));
    const form = within(await screen.findByTestId('resource-form'));
    expect(form.queryByText('字典')).toBeNull();
    fireEvent.change(form.getByPlaceholderText('请输入名称'), { target: { value: '正高级' } });
    fireEvent.change(form.getByPlaceholderText('请输入数据值'), { target: { value: 'P5' } });
    fireEvent.click(screen.getByTestId('resource-form-submit'));
    expect(await screen.findByText('添加成功！')).toBeTruthy();
    expect(server.calls('POST /sys/dictItem/add')[0]!.body).toEqual({
      dictId: 'd1',
      itemText: '正高级',
      itemValue: 'P5',
      description: null,
      sortOrder: null,
      status: null,
    });
  });
});
