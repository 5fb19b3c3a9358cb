import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createSessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { fakeServer, ok } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { PICKER_MESSAGES, reportRowKey, reportTotal } from './picker-constants';
import { popupConfigError, popupValues, PopupSelect } from './popup-select';
import { ReportPopupModal } from './report-popup-modal';

const ID = 'a'.repeat(32);
const rows = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => ({ code: `ORG${from + i}`, name: `机构${from + i}` }));

function serve() {
  const server = fakeServer({
    'GET /online/cgreport/api/getRpColumns/orgReport': () =>
      ok({
        cgRpConfigId: ID,
        cgRpConfigName: '机构报表',
        dictOptions: {},
        columns: [
          { title: '编码', dataIndex: 'code' },
          { title: '名称', dataIndex: 'name' },
        ],
      }),
    [`GET /online/cgreport/api/getQueryInfo/${ID}`]: () =>
      ok([{ field: 'name', label: '名称', view: 'string', mode: 'single' }]),
    [`GET /online/cgreport/api/getData/${ID}`]: (r) => {
      const pageNo = Number(r.url.searchParams.get('pageNo'));
      return ok({ records: rows(10, (pageNo - 1) * 10), total: 25 });
    },
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

const store = () => createSessionStore(http);
const dialog = async () => screen.findByRole('dialog');

describe('<ReportPopupModal>', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is 600 wide, scrolls its table over 500, pages by 10 and words the total as from-to, total N', async () => {
    const server = serve();
    renderWithProviders(<ReportPopupModal code="orgReport" open onOk={vi.fn()} onCancel={vi.fn()} />, {
      store: store(),
    });
    expect(await screen.findByText('ORG0')).toBeTruthy();
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('600px');
    expect((document.querySelector('.ant-table-content table, .ant-table-body table') as HTMLElement).style.width).toBe(
      '500px',
    );
    expect(
      Object.fromEntries(server.calls(`GET /online/cgreport/api/getData/${ID}`).at(-1)!.url.searchParams),
    ).toMatchObject({ pageNo: '1', pageSize: '10' });
    expect(screen.getByText('1-10 共25条')).toBeTruthy();
    expect(reportTotal(25, [11, 20])).toBe('11-20 共25条');
  });

  it('single mode: a radio per row; confirming none says please select one record; a clicked row is handed over', async () => {
    serve();
    const onOk = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<ReportPopupModal code="orgReport" open onOk={onOk} onCancel={vi.fn()} />, { store: store() });
    await screen.findByText('ORG0');
    expect(document.querySelectorAll('.ant-radio-input').length).toBe(10);
    await user.click(within(await dialog()).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText(PICKER_MESSAGES.selectOne)).toBeTruthy();
    expect(onOk).not.toHaveBeenCalled();
    await user.click(screen.getByText('ORG1'));
    await user.click(screen.getByText('ORG2'));
    await user.click(within(await dialog()).getByRole('button', { name: /确\s*定/ }));
    expect(onOk).toHaveBeenCalledWith([{ code: 'ORG2', name: '机构2' }]);
  });

  it('multi mode: checkboxes; clicking a row toggles it; all chosen rows are handed over', async () => {
    serve();
    const onOk = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<ReportPopupModal code="orgReport" open multi onOk={onOk} onCancel={vi.fn()} />, {
      store: store(),
    });
    await screen.findByText('ORG0');
    expect(document.querySelectorAll('.ant-table-tbody .ant-checkbox-input').length).toBeGreaterThanOrEqual(10);
    expect(document.querySelectorAll('.ant-radio-input').length).toBe(0);
    await user.click(screen.getByText('ORG1'));
    await user.click(screen.getByText('ORG3'));
    await user.click(screen.getByText('ORG5'));
    await user.click(screen.getByText('ORG5'));
    await user.click(within(await dialog()).getByRole('button', { name: /确\s*定/ }));
    expect(onOk).toHaveBeenCalledWith([
      { code: 'ORG1', name: '机构1' },
      { code: 'ORG3', name: '机构3' },
    ]);
  });

  it("searches by the report's query items", async () => {
    const server = serve();
    const user = userEvent.setup();
    renderWithProviders(<ReportPopupModal code="orgReport" open onOk={vi.fn()} onCancel={vi.fn()} />, {
      store: store(),
    });
    await user.type(await screen.findByPlaceholderText('请输入名称'), '华东');
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(server.calls(`GET /online/cgreport/api/getData/${ID}`).at(-1)!.url.searchParams.get('name')).toBe('华东'),
    );
  });

  it('keys a row by its values joined, cut to 50 characters', () => {
    expect(reportRowKey({ a: 'x'.repeat(40), b: 'y'.repeat(40) })).toBe('x'.repeat(40) + 'y'.repeat(10));
    expect(reportRowKey({ a: 'A', b: null, c: 3 })).toBe('A3');
  });
});

describe('<PopupSelect>', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('needs code, orgFields and destFields, as many of each; otherwise it shows the error instead of the widget', () => {
    expect(popupConfigError({ code: 'r', orgFields: 'code', destFields: '' })).toBe('popup参数未正确配置!');
    expect(popupConfigError({ orgFields: 'code', destFields: 'orgCode' })).toBe('popup参数未正确配置!');
    expect(popupConfigError({ code: 'r', orgFields: 'code,name', destFields: 'orgCode' })).toBe(
      'popup参数未正确配置,原始值和目标值数量不一致!',
    );
    expect(popupConfigError({ code: 'r', orgFields: 'code,name', destFields: 'orgCode,orgName' })).toBeNull();
    renderWithProviders(<PopupSelect code="orgReport" orgFields="code,name" destFields="orgCode" />, {
      store: store(),
    });
    expect(screen.getByText('popup参数未正确配置,原始值和目标值数量不一致!')).toBeTruthy();
    expect(screen.queryByTestId('popup-select-input')).toBeNull();
  });

  it('opens the report 1200 wide and fills the dest fields from the chosen rows', async () => {
    serve();
    const onChange = vi.fn();
    const onCallback = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <PopupSelect
        code="orgReport"
        field="orgName"
        orgFields="code,name"
        destFields="orgCode,orgName"
        multi
        onChange={onChange}
        onCallback={onCallback}
      />,
      { store: store() },
    );
    await user.click(screen.getByRole('button', { name: /选\s*择/ }));
    await screen.findByText('ORG0');
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('1200px');
    await user.click(screen.getByText('ORG1'));
    await user.click(screen.getByText('ORG2'));
    await user.click(within(await dialog()).getByRole('button', { name: /确\s*定/ }));
    expect(onChange).toHaveBeenCalledWith('机构1,机构2');
    expect(onCallback).toHaveBeenCalledWith({ orgCode: 'ORG1,ORG2', orgName: '机构1,机构2' });
    expect(popupValues({ orgFields: 'code', destFields: 'x' }, [{ code: 'A' }])).toEqual({ x: 'A' });
  });
});
