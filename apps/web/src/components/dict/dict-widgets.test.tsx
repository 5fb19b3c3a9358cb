import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createSessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { persistedSession } from '../../lib/session-persistence';
import { fakeServer, ok } from '../../test/fake-server';
import type { FakeHandler } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { CategorySelect } from './category-select';
import { DICT_MESSAGES, DICT_SEARCH_DEBOUNCE_MS, isConditionValid, parseTableDict } from './dict-api';
import { DictSelect } from './dict-select';
import { LinkedSelect } from './linked-select';
import { SearchSelect } from './search-select';
import { TreeDictSelect } from './tree-dict-select';
import { Valued } from '../../test/valued';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  persistedSession.clear();
});

function serve(routes: Record<string, FakeHandler>) {
  persistedSession.setToken('tok');
  const server = fakeServer(routes);
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

const render = (ui: React.ReactNode) => renderWithProviders(ui, { store: createSessionStore(http) });
const open = (root: HTMLElement) => fireEvent.mouseDown(within(root).getByRole('combobox'));
const pick = async (text: string) =>
  fireEvent.click(await screen.findByText(text, { selector: '.ant-select-item-option-content' }));

describe('dictionary config checks', () => {
  it('needs table, text and code; a condition must be a JSON object', () => {
    expect(parseTableDict('sys_user,realname,username')).toEqual({
      table: 'sys_user',
      text: 'realname',
      code: 'username',
    });
    expect(parseTableDict('sys_user,realname')).toBeNull();
    expect(parseTableDict('')).toBeNull();
    expect(isConditionValid(undefined)).toBe(true);
    expect(isConditionValid('{"status":"1"}')).toBe(true);
    for (const bad of ['status=1', '[1]', '"x"', '1', 'null']) expect(isConditionValid(bad)).toBe(false);
  });
});

describe('DictSelect', () => {
  it("says '字典Code不能为空!' without a code, and asks the server nothing (组件示例 showed its 400 as a toast)", async () => {
    const server = serve({});
    render(<DictSelect code="" />);
    expect(screen.getByTestId('widget-error').textContent).toContain(DICT_MESSAGES.emptyCode);
    await new Promise((r) => setTimeout(r, 50));
    expect(server.requests.map((r) => r.url.pathname)).toEqual([]);
  });

  it('multi mode with joined values takes and emits a comma-joined string', async () => {
    serve({
      'GET /sys/dict/getDictItems/priority': () =>
        ok([
          { value: 'L', text: '一般' },
          { value: 'M', text: '重要' },
          { value: 'H', text: '紧急' },
        ]),
    });
    render(
      <Valued initial="L">
        {(v, set) => (
          <DictSelect code="priority" multiple joined value={v} onChange={(x) => set(x as string)} data-testid="sel" />
        )}
      </Valued>,
    );
    expect(await screen.findByText('一般')).toBeTruthy();
    open(screen.getByTestId('sel'));
    await pick('紧急');
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe('L,H'));
  });
});

describe('SearchSelect', () => {
  it("says '表字典搜索组件参数接收有误,请检查字典配置!' when table, text or code is missing", () => {
    serve({});
    render(<SearchSelect dict="sys_user,realname" />);
    expect(screen.getByTestId('widget-error').textContent).toContain(DICT_MESSAGES.badTableDict);
  });

  it('shows the labels of stored values, and searches 800 ms after the last key', async () => {
    const server = serve({
      'GET /sys/dict/loadDictItem/sys_user%2Crealname%2Cusername': (r) =>
        ok(r.url.searchParams.get('key') === 'admin' ? ['系统管理员'] : []),
      'GET /sys/dict/loadDict/sys_user%2Crealname%2Cusername': (r) =>
        ok(r.url.searchParams.get('keyword') === '采购' ? [{ value: 'buyer', text: '采购员王敏' }] : []),
    });
    render(
      <Valued initial="admin">
        {(v, set) => <SearchSelect dict="sys_user,realname,username" value={v} onChange={set} data-testid="sel" />}
      </Valued>,
    );
    expect(await screen.findByText('系统管理员')).toBeTruthy();
    expect(DICT_SEARCH_DEBOUNCE_MS).toBe(800);

    vi.useFakeTimers({ shouldAdvanceTime: true });
    const input = within(screen.getByTestId('sel')).getByRole('combobox');
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: '采' } });
    fireEvent.change(input, { target: { value: '采购' } });
    await act(async () => vi.advanceTimersByTime(700));
    expect(server.calls('GET /sys/dict/loadDict/sys_user%2Crealname%2Cusername')).toHaveLength(0);
    await act(async () => vi.advanceTimersByTime(150));
    await waitFor(() => expect(server.calls('GET /sys/dict/loadDict/sys_user%2Crealname%2Cusername')).toHaveLength(1));
    expect(
      server.calls('GET /sys/dict/loadDict/sys_user%2Crealname%2Cusername')[0]!.url.searchParams.get('keyword'),
    ).toBe('采购');
    vi.useRealTimers();
    await pick('采购员王敏');
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe('buyer'));
  });
});

describe('TreeDictSelect and CategorySelect', () => {
  it("says '组件JTreeSelect-condition传值有误，需要一个json字符串!' for a condition that is not a JSON object", () => {
    const server = serve({});
    render(
      <>
        <TreeDictSelect dict="sys_depart,depart_name,org_code" pidField="parent_id" condition="status=1" />
        <CategorySelect condition="[1]" />
      </>,
    );
    expect(screen.getAllByTestId('widget-error').map((e) => e.textContent)).toEqual([
      DICT_MESSAGES.badCondition,
      DICT_MESSAGES.badCondition,
    ]);
    expect(server.requests).toHaveLength(0);
  });

  it('loads the roots of the table tree, then a level when opened, and emits ids', async () => {
    const server = serve({
      'GET /sys/dict/loadTreeData': (r) =>
        ok(
          r.url.searchParams.get('pid')
            ? [{ key: 'd2', title: '采购部', code: 'A01A01', leaf: true, parentId: 'd1' }]
            : [{ key: 'd1', title: '总公司', code: 'A01', leaf: false, parentId: null }],
        ),
    });
    render(
      <Valued initial="">
        {(v, set) => (
          <TreeDictSelect
            dict="sys_depart,depart_name,org_code"
            pidField="parent_id"
            condition='{"status":"1"}'
            value={v}
            onChange={set}
            data-testid="tree"
          />
        )}
      </Valued>,
    );
    await waitFor(() => expect(server.calls('GET /sys/dict/loadTreeData')).toHaveLength(1));
    const first = server.calls('GET /sys/dict/loadTreeData')[0]!.url.searchParams;
    expect(Object.fromEntries(first)).toMatchObject({
      tableName: 'sys_depart',
      text: 'depart_name',
      code: 'org_code',
      pidField: 'parent_id',
      pid: '',
      condition: '{"status":"1"}',
    });
    open(screen.getByTestId('tree'));
    fireEvent.click(await screen.findByText('总公司'));
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe('d1'));
  });

  it('category select starts at pcode 0 and names stored ids', async () => {
    const server = serve({
      'GET /sys/category/loadTreeData': () =>
        ok([{ key: 'c1', title: '生产物资', code: 'A01', leaf: false, parentId: null }]),
      'GET /sys/category/loadDictItem': () => ok(['钢材']),
    });
    render(<CategorySelect value="c9" data-testid="cat" />);
    expect(await screen.findByText('钢材')).toBeTruthy();
    expect(server.calls('GET /sys/category/loadTreeData')[0]!.url.searchParams.get('pcode')).toBe('0');
    expect(server.calls('GET /sys/category/loadDictItem')[0]!.url.searchParams.get('ids')).toBe('c9');
  });
});

describe('LinkedSelect', () => {
  const config = { table: 'sys_category', txt: 'name', key: 'code', idField: 'id', pidField: 'pid' };
  const levels: Record<string, { id: string; store: string; label: string }[]> = {
    '': [
      { id: 'c1', store: 'A01', label: '生产物资' },
      { id: 'c2', store: 'A02', label: '非生产物资' },
    ],
    c1: [{ id: 'c11', store: 'A01A01', label: '原材料' }],
    c2: [{ id: 'c21', store: 'A02A01', label: '办公用品' }],
    c11: [{ id: 'c111', store: 'A01A01A01', label: '钢材' }],
  };

  it('choosing a level loads the next by the parent id and clears the levels after it', async () => {
    const server = serve({
      'GET /online/cgform/api/querySelectOptions': (r) => ok(levels[r.url.searchParams.get('pidValue') ?? ''] ?? []),
    });
    render(
      <Valued initial={[] as string[]}>
        {(v, set) => <LinkedSelect config={config} levels={['一级', '二级', '三级']} value={v} onChange={set} />}
      </Valued>,
    );
    await waitFor(() => expect(server.requests).toHaveLength(1));
    expect(server.requests[0]!.url.searchParams.get('pidValue')).toBeNull();
    expect(server.requests[0]!.url.searchParams.get('table')).toBe('sys_category');

    open(screen.getByTestId('linked-select-0'));
    await pick('生产物资');
    await waitFor(() => expect(server.requests.at(-1)!.url.searchParams.get('pidValue')).toBe('c1'));
    open(screen.getByTestId('linked-select-1'));
    await pick('原材料');
    open(screen.getByTestId('linked-select-2'));
    await pick('钢材');
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe('["A01","A01A01","A01A01A01"]'));

    // Another first level: the second and third are cleared and the second reloads.
    open(screen.getByTestId('linked-select-0'));
    await pick('非生产物资');
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe('["A02"]'));
    await waitFor(() => expect(server.requests.at(-1)!.url.searchParams.get('pidValue')).toBe('c2'));
    open(screen.getByTestId('linked-select-1'));
    expect(await screen.findByText('办公用品', { selector: '.ant-select-item-option-content' })).toBeTruthy();
  });
});
