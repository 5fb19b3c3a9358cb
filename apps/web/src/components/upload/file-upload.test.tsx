import { useState } from 'react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createSessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { persistedSession } from '../../lib/session-persistence';
import { renderWithProviders } from '../../test/render';
import { FileUpload } from './file-upload';
import { UploadModal } from './upload-modal';

type Sent = { biz: FormDataEntryValue | null; file: File; token: string | undefined };

/** A fetch answering uploads: a stored path, or the given failure for files named `bad*`. */
function uploadServer() {
  const sent: Sent[] = [];
  let n = 0;
  const fetch = vi.fn(async (_url: string | URL | Request, init: RequestInit = {}) => {
    const form = init.body as FormData;
    const file = form.get('file') as File;
    sent.push({ biz: form.get('biz'), file, token: (init.headers as Record<string, string>)['X-Access-Token'] });
    if (file.name.startsWith('bad')) {
      return new Response(
        JSON.stringify({
          success: false,
          code: 400,
          message: '上传失败！不支持的文件类型',
          result: null,
          timestamp: 0,
        }),
        { status: 400 },
      );
    }
    n += 1;
    return new Response(
      JSON.stringify({
        success: true,
        code: 200,
        message: `${String(form.get('biz'))}/20260101/${String(n).padStart(32, '0')}.png`,
        result: null,
        timestamp: 0,
      }),
    );
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, sent };
}

function Harness(props: {
  initial?: string;
  mode?: 'file' | 'image';
  maxCount?: number;
  biz?: string;
  onValue: (v: string) => void;
  onFiles?: (f: unknown) => void;
}) {
  const [value, setValue] = useState(props.initial ?? '');
  return (
    <>
      <FileUpload
        value={value}
        mode={props.mode}
        maxCount={props.maxCount}
        biz={props.biz}
        onFilesChange={props.onFiles}
        onChange={(v) => {
          setValue(v);
          props.onValue(v);
        }}
      />
      <output data-testid="value">{value}</output>
      <button type="button" onClick={() => setValue('temp/20250101/reset.png')}>
        external
      </button>
    </>
  );
}

function setup(props: Omit<Parameters<typeof Harness>[0], 'onValue'> = {}) {
  persistedSession.setToken('tok');
  const server = uploadServer();
  const onValue = vi.fn();
  renderWithProviders(<Harness {...props} onValue={onValue} />, { route: '/', store: createSessionStore(http) });
  const input = () => screen.getByTestId('file-upload').querySelector('input[type=file]') as HTMLInputElement;
  const choose = (...files: File[]) => fireEvent.change(input(), { target: { files } });
  return { server, onValue, choose };
}

const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

describe('FileUpload', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('uploads to /sys/common/upload with biz and the token, shows done and emits the stored path', async () => {
    const { server, onValue, choose } = setup({ biz: 'portal' });
    choose(png('logo.png'));
    expect(await screen.findByText('logo.png 文件上传成功')).toBeTruthy();
    expect(server.fetch.mock.calls[0]![0]).toBe('/jeecg-boot/sys/common/upload');
    expect(server.sent[0]).toMatchObject({ biz: 'portal', token: 'tok' });
    expect(server.sent[0]!.file.name).toBe('logo.png');
    await waitFor(() => expect(onValue).toHaveBeenLastCalledWith(`portal/20260101/${'1'.padStart(32, '0')}.png`));
  });

  it('joins several done files with commas and drops a removed one', async () => {
    const { onValue, choose } = setup({ initial: 'temp/20250101/a.png' });
    choose(png('b.png'));
    await waitFor(() =>
      expect(onValue).toHaveBeenLastCalledWith(`temp/20250101/a.png,temp/20260101/${'1'.padStart(32, '0')}.png`),
    );
    fireEvent.click(screen.getAllByRole('button', { name: /delete|删除/ })[0]!);
    await waitFor(() => expect(onValue).toHaveBeenLastCalledWith(`temp/20260101/${'1'.padStart(32, '0')}.png`));
  });

  it('shows a failed upload with the server message as error and emits nothing', async () => {
    const { onValue, choose } = setup();
    choose(png('bad.png'));
    expect(await screen.findByText('bad.png 上传失败！不支持的文件类型.')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('.ant-upload-list-item-error')).not.toBeNull());
    expect(onValue).not.toHaveBeenCalled();
  });

  it('image mode refuses a non-image before uploading (请上传图片)', async () => {
    const { server, choose } = setup({ mode: 'image' });
    choose(new File(['x'], 'a.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('请上传图片')).toBeTruthy();
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it('a documents-only field refuses images (请上传文件)', async () => {
    persistedSession.setToken('tok');
    const server = uploadServer();
    renderWithProviders(<FileUpload filesOnly />, { route: '/', store: createSessionStore(http) });
    fireEvent.change(screen.getByTestId('file-upload').querySelector('input[type=file]') as HTMLInputElement, {
      target: { files: [png('a.png')] },
    });
    expect(await screen.findByText('请上传文件')).toBeTruthy();
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it('refuses a file over 500 MB with the spec message', async () => {
    const { server, choose } = setup();
    const big = png('huge.png');
    Object.defineProperty(big, 'size', { value: 500 * 1024 * 1024 + 1 });
    choose(big);
    expect(await screen.findByText('huge.png 上传失败,文件大小超出500MB限制, 请压缩或降低文件质量!')).toBeTruthy();
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it('with a max count keeps the last n and says 只能上传n个文件', async () => {
    const { onValue, choose } = setup({ maxCount: 2, initial: 'temp/20250101/a.png,temp/20250101/b.png' });
    choose(png('c.png'));
    expect(await screen.findByText('只能上传2个文件')).toBeTruthy();
    await waitFor(() =>
      expect(onValue).toHaveBeenLastCalledWith(`temp/20250101/b.png,temp/20260101/${'1'.padStart(32, '0')}.png`),
    );
  });

  it('follows a value set from outside', async () => {
    setup({ initial: 'temp/20250101/a.png' });
    expect(screen.getByTestId('file-upload').dataset.value).toBe('temp/20250101/a.png');
    fireEvent.click(screen.getByText('external'));
    await waitFor(() => expect(screen.getByTestId('file-upload').dataset.value).toBe('temp/20250101/reset.png'));
    expect(screen.getByText('reset.png')).toBeTruthy();
  });

  it('also emits the done files as objects (fileName, filePath, fileSize)', async () => {
    persistedSession.setToken('tok');
    uploadServer();
    const onFiles = vi.fn();
    renderWithProviders(<Harness onValue={vi.fn()} onFiles={onFiles} />, {
      route: '/',
      store: createSessionStore(http),
    });
    const input = screen.getByTestId('file-upload').querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [png('a.png')] } });
    await waitFor(() =>
      expect(onFiles).toHaveBeenLastCalledWith([
        { fileName: 'a.png', filePath: `temp/20260101/${'1'.padStart(32, '0')}.png`, fileSize: 4 },
      ]),
    );
  });
});

describe('FileUpload previews', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fetches a private stored image with the token for its thumbnail; portal images load directly', async () => {
    persistedSession.setToken('tok');
    const fetch = vi.fn(
      async () => new Response(new Uint8Array([0x89, 0x50]), { headers: { 'Content-Type': 'image/png' } }),
    );
    vi.stubGlobal('fetch', fetch);
    const saved = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    URL.createObjectURL = vi.fn(() => 'blob:preview-1');
    URL.revokeObjectURL = vi.fn();
    onTestFinished(() => {
      Object.assign(URL, saved);
    });
    renderWithProviders(<FileUpload mode="image" value="temp/20250101/a.png,portal/20250101/b.png" />, {
      route: '/',
      store: createSessionStore(http),
    });
    const files = () => fetch.mock.calls.filter((c) => String((c as unknown[])[0]).includes('/sys/common/static/'));
    await waitFor(() => expect(files()).toHaveLength(1));
    const [url, init] = files()[0] as unknown as [string, RequestInit];
    expect(url).toBe('/jeecg-boot/sys/common/static/temp/20250101/a.png');
    expect(init.headers).toEqual({ 'X-Access-Token': 'tok', tenant_id: '0' });
    await waitFor(() => expect(document.querySelector('img[src="blob:preview-1"]')).not.toBeNull());
    expect(document.querySelector('img[src="/jeecg-boot/sys/common/static/portal/20250101/b.png"]')).not.toBeNull();
  });
});

describe('FileUpload read-only downloads (X-11)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('a private stored file is listed and downloads with the token under its original name, not by a bare link', async () => {
    persistedSession.setToken('tok');
    const fetch = vi.fn(async (url: string) =>
      url.includes('/sys/common/fileNames')
        ? new Response(
            JSON.stringify({ success: true, code: 200, result: { 'supplier/20261124/c.pdf': '测试报告.pdf' } }),
            {
              headers: { 'Content-Type': 'application/json' },
            },
          )
        : new Response('%PDF-1.4', {
            headers: {
              'Content-Type': 'application/pdf',
              'Content-Disposition':
                'attachment; filename="_.pdf"; filename*=UTF-8\'\'%E6%B5%8B%E8%AF%95%E6%8A%A5%E5%91%8A.pdf',
            },
          }),
    );
    vi.stubGlobal('fetch', fetch);
    const saved = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    URL.createObjectURL = vi.fn(() => 'blob:file-1');
    URL.revokeObjectURL = vi.fn();
    onTestFinished(() => {
      Object.assign(URL, saved);
    });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderWithProviders(<FileUpload disabled value="supplier/20261124/c.pdf" />, {
      route: '/',
      store: createSessionStore(http),
    });
    // Listed under the uploader's name (issue 19 item 14), not the stored random one.
    fireEvent.click(await screen.findByText('测试报告.pdf'));
    expect(screen.queryByText('c.pdf')).toBeNull();
    await waitFor(() => expect(names).toEqual(['测试报告.pdf']));
    const [url, init] = fetch.mock.calls.find((c) => String(c[0]).includes('/static/')) as unknown as [
      string,
      RequestInit,
    ];
    expect(url).toBe('/jeecg-boot/sys/common/static/supplier/20261124/c.pdf');
    expect((init.headers as Record<string, string>)['X-Access-Token']).toBe('tok');
  });
});

describe('UploadModal', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is 600 wide, says at most 10 files, and hands back the stored paths on 确定', async () => {
    persistedSession.setToken('tok');
    uploadServer();
    const onOk = vi.fn();
    renderWithProviders(<UploadModal open value="temp/20250101/a.png" onOk={onOk} onCancel={vi.fn()} />, {
      route: '/',
      store: createSessionStore(http),
    });
    const modal = await screen.findByTestId('upload-modal');
    expect(screen.getByText('最多可上传10个文件')).toBeTruthy();
    expect((modal.closest('.ant-modal') as HTMLElement).style.width).toBe('600px');
    fireEvent.change(modal.querySelector('input[type=file]') as HTMLInputElement, {
      target: { files: [png('b.png')] },
    });
    await screen.findByText('b.png 文件上传成功');
    fireEvent.click(screen.getByTestId('upload-modal-ok'));
    expect(onOk).toHaveBeenCalledWith(`temp/20250101/a.png,temp/20260101/${'1'.padStart(32, '0')}.png`);
  });
});
