import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { positionResource } from '@procura/shared';
import { ok } from '../test/fake-server';
import { button, FakeXhr, page, POSITIONS, setup } from './resource-page-harness';

describe('<ResourcePage> import and export', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    FakeXhr.sent = [];
  });

  const upload = (name: string) => {
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    fireEvent.change(input, { target: { files: [new File(['xlsx'], name)] } });
  };

  it('uploads with the session headers and shows a partial import (201) as a warning with the details link', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.answer = {
      success: true,
      code: 201,
      message: '文件导入成功，但有错误。',
      result: {
        totalCount: 2,
        successCount: 1,
        errorCount: 1,
        msg: '总上传行数：2，已导入行数：1，错误行数：1',
        fileUrl: '/sys/common/importLog/sysPositionImportErrorLog20260101.txt',
        fileName: 'sysPositionImportErrorLog20260101.txt',
      },
      timestamp: 0,
    };
    const { server } = setup(positionResource, { 'GET /sys/position/list': () => page(POSITIONS) });
    await screen.findByText('采购经理');
    // The details file is per user: it is fetched with the token, then saved under its name.
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:log'), revokeObjectURL: vi.fn() }));
    const serverFetch = server.fetch;
    const logFetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) =>
      String(input).includes('/sys/common/importLog/')
        ? new Response('第3行: 请输入职务名称', { headers: { 'content-type': 'text/plain' } })
        : serverFetch(input, init),
    );
    vi.stubGlobal('fetch', logFetch);

    upload('positions.xlsx');
    expect(await screen.findByTestId('import-partial')).toBeTruthy();
    expect(document.querySelector('.ant-modal-confirm-title')!.textContent).toBe('文件导入成功，但有错误。');
    expect(screen.getByText('总上传行数：2，已导入行数：1，错误行数：1')).toBeTruthy();
    const xhr = FakeXhr.sent[0]!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/jeecg-boot/sys/position/importExcel?progress=1');
    expect(xhr.headers).toMatchObject({ 'X-Access-Token': 'tok', tenant_id: '0' });
    expect((xhr.body!.get('file') as File).name).toBe('positions.xlsx');
    // The list reloads: the good rows were added.
    await waitFor(() => expect(server.calls('GET /sys/position/list').length).toBeGreaterThan(1));

    fireEvent.click(screen.getByTestId('import-error-log'));
    await waitFor(() => expect(saved).toEqual(['sysPositionImportErrorLog20260101.txt']));
    const [url, init] = logFetch.mock.calls.find(([u]) => String(u).includes('importLog'))!;
    expect(String(url)).toBe('/jeecg-boot/sys/common/importLog/sysPositionImportErrorLog20260101.txt');
    expect((init as RequestInit).headers).toMatchObject({ 'X-Access-Token': 'tok' });
  });

  it('follows a long import (issue 15): the progress bar shows its phase and rows, then the error report link', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const jobId = 'a'.repeat(32);
    FakeXhr.answer = { success: true, code: 200, message: '导入已开始', result: { jobId }, timestamp: 0 };
    let polls = 0;
    const running = {
      done: false,
      phase: 'check',
      phaseText: '校验数据',
      processed: 40000,
      total: 100000,
      percent: 34,
    };
    const finished = {
      ...running,
      done: true,
      phase: 'write',
      phaseText: '写入数据',
      percent: 100,
      answer: {
        success: true,
        code: 201,
        message: '文件导入成功，但有错误。',
        result: {
          msg: '总上传行数：100000，已导入行数：99998，错误行数：2',
          fileUrl: '/sys/common/importLog/sysPositionImportErrorLog20260101.txt',
          fileName: 'sysPositionImportErrorLog20260101.txt',
        },
        timestamp: 0,
      },
    };
    setup(positionResource, {
      'GET /sys/position/list': () => page(POSITIONS),
      [`GET /sys/common/importJob/${jobId}`]: () => ok(++polls < 2 ? running : finished),
    });
    await screen.findByText('采购经理');
    upload('big.xlsx');
    // The server's phase and rows, with the bar at the server's percent.
    await waitFor(
      () => expect(screen.getByTestId('import-progress-text').textContent).toBe('校验数据 40,000/100,000'),
      { timeout: 5000 },
    );
    expect(screen.getByTestId('import-progress').textContent).toContain('34%');
    expect(await screen.findByTestId('import-partial', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('总上传行数：100000，已导入行数：99998，错误行数：2')).toBeTruthy();
    expect(screen.getByTestId('import-error-log').textContent).toBe('点击下载');
    expect(screen.queryByTestId('import-progress')).toBeNull();
    expect(polls).toBe(2);
  });

  it('reports a full import with the server message and a refused one with the file name', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.answer = { success: true, code: 200, message: '文件导入成功！数据行数：3', result: {}, timestamp: 0 };
    setup(positionResource, { 'GET /sys/position/list': () => page(POSITIONS) });
    await screen.findByText('采购经理');
    upload('a.xlsx');
    expect(await screen.findByText('文件导入成功！数据行数：3')).toBeTruthy();
    FakeXhr.answer = { success: false, code: 400, message: 'b.xlsx 不是有效的 xlsx 文件', result: null, timestamp: 0 };
    upload('b.xlsx');
    expect(await screen.findByText('b.xlsx b.xlsx 不是有效的 xlsx 文件.')).toBeTruthy();
  });

  it('exports the current search and selection as <label>.xlsx, and says 文件下载失败 when no file comes', async () => {
    const { server, lastList } = setup(positionResource, { 'GET /sys/position/list': () => page(POSITIONS) });
    await screen.findByText('采购经理');
    fireEvent.change(screen.getByPlaceholderText('请输入职务编码'), { target: { value: 'CG' } });
    fireEvent.click(button(/查\s*询/));
    await waitFor(() => expect(lastList().get('code')).toBe('*CG*'));
    // The fake server answers JSON: no file.
    fireEvent.click(button(/导\s*出/));
    expect(await screen.findByText('文件下载失败')).toBeTruthy();
    const exported = server.calls('GET /sys/position/exportXls')[0]!.url.searchParams;
    expect(exported.get('code')).toBe('*CG*');
    expect(exported.has('pageNo')).toBe(false);
    expect(exported.has('selections')).toBe(false);
  });
});
