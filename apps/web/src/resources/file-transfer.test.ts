import { afterEach, describe, expect, it, vi } from 'vitest';
import { persistedSession } from '../lib/session-persistence';
import { downloadFile, importOutcome } from './file-transfer';

describe('importOutcome', () => {
  const envelope = (success: boolean, code: number, message: string, result: unknown = null) => ({
    status: 200,
    body: { success, code, message, result, timestamp: 0 },
  });

  it('reads success, partial (201) and refusal as JeecgBoot does', () => {
    expect(importOutcome('a.xlsx', envelope(true, 200, '文件导入成功！数据行数：3'))).toEqual({
      kind: 'success',
      message: '文件导入成功！数据行数：3',
    });
    expect(importOutcome('a.xlsx', envelope(true, 200, ''))).toEqual({
      kind: 'success',
      message: 'a.xlsx 文件上传成功',
    });
    expect(importOutcome('a.xlsx', envelope(true, 201, '部分成功', { msg: 'm', fileUrl: '/f' }))).toEqual({
      kind: 'partial',
      title: '部分成功',
      details: { msg: 'm', fileUrl: '/f' },
    });
    expect(importOutcome('a.xlsx', envelope(false, 400, '表头与导入模板不一致'))).toEqual({
      kind: 'failure',
      message: 'a.xlsx 表头与导入模板不一致.',
    });
  });

  it('reads no envelope (network failure, proxy page) as 文件上传失败', () => {
    expect(importOutcome('a.xlsx', null)).toEqual({ kind: 'failure', message: '文件上传失败' });
    expect(importOutcome('a.xlsx', { status: 502, body: null })).toEqual({ kind: 'failure', message: '文件上传失败' });
  });
});

describe('downloadFile', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('fetches with the session headers and saves the file under the given name', async () => {
    persistedSession.setToken('tok');
    const fetch = vi.fn(
      async () =>
        new Response('PK-xlsx', {
          headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    expect(
      await downloadFile('/sys/position/exportXls', { code: '*CG*', empty: '', none: undefined }, '职务.xlsx'),
    ).toBe(true);
    expect(saved).toEqual(['职务.xlsx']);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/jeecg-boot/sys/position/exportXls?code=*CG*');
    expect(init.headers).toEqual({ 'X-Access-Token': 'tok', tenant_id: '0' });
  });

  it('resolves false for an error status, an envelope instead of a file, or a network failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response('{"success":false}', { status: 403, headers: { 'content-type': 'application/json' } }),
      ),
    );
    expect(await downloadFile('/x', {}, 'x.xlsx')).toBe(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"success":false}', { headers: { 'content-type': 'application/json' } })),
    );
    expect(await downloadFile('/x', {}, 'x.xlsx')).toBe(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await downloadFile('/x', {}, 'x.xlsx')).toBe(false);
  });
});
