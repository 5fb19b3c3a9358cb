import { useEffect, useRef, useState } from 'react';
import { App, Button, Upload } from 'antd';
import type { UploadFile, UploadProps } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { staticUrl } from '../../lib/static-url';
import { TRANSFER_MESSAGES } from '../../resources/file-transfer';
import {
  DEFAULT_BIZ,
  downloadStored,
  fetchPreview,
  UPLOAD_MAX_BYTES,
  UploadError,
  uploadFile,
  useStoredNames,
} from './upload-api';

export type FileUploadProps = {
  /** Comma-joined stored paths (what forms keep, as JeecgBoot's JUpload). */
  value?: string | null;
  /** Called with the comma-joined stored paths of the done files when one is done or removed. */
  onChange?: (value: string) => void;
  /** The same moment, as file objects (`fileName`, `filePath`, `fileSize`) for callers that keep them. */
  onFilesChange?: (files: UploadedFile[]) => void;
  /** Business folder on the server (default `temp`). */
  biz?: string;
  /** `image`: picture cards and images only ('请上传图片'); `file`: any accepted file. */
  mode?: 'file' | 'image';
  /** File mode only: refuse images ('请上传文件'), for fields that want documents. */
  filesOnly?: boolean;
  /** At most this many files ('只能上传n个文件', the last n kept); 0 = unlimited. */
  maxCount?: number;
  disabled?: boolean;
  /** The button text (default 点击上传). */
  text?: string;
  /** `accept` of the file chooser (a hint; the server checks the content). */
  accept?: string;
  /** An extra pre-check: a message refuses the file. */
  check?: (file: File) => string | null;
  'data-testid'?: string;
};

/** An uploaded file as spec part 2 §3 names it. */
export type UploadedFile = { fileName: string; filePath: string; fileSize: number | null };

/** The done files of a list as file objects. */
export function doneFiles(list: readonly UploadFile[]): UploadedFile[] {
  return list
    .filter((f) => f.status === 'done' && typeof f.response === 'string')
    .map((f) => ({ fileName: f.name, filePath: f.response as string, fileSize: f.size ?? null }));
}

/** Stored paths of a comma-joined value. */
export function splitPaths(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
}

const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** Portal images (and outside links) load without a session; other stored files need the token header. */
export const isPublicPath = (path: string) => path.startsWith('portal/') || /^(https?:)?\/\//i.test(path);
const isLocalPreview = (url: string | undefined) => !!url && /^(data|blob):/.test(url);

function toFileList(value: string | null | undefined): UploadFile[] {
  return splitPaths(value).map((path, i) => ({
    uid: `stored-${i}-${path}`,
    name: nameOf(path),
    status: 'done',
    url: staticUrl(path),
    thumbUrl: isPublicPath(path) ? staticUrl(path) : undefined,
    response: path,
  }));
}

/** The comma-joined stored paths of the done files of a list. */
export function donePaths(list: readonly UploadFile[]): string {
  return list
    .filter((f) => f.status === 'done' && typeof f.response === 'string')
    .map((f) => f.response as string)
    .join(',');
}

/** The spec's messages (part 2 §8): done, failed, too large. */
export const uploadMessages = {
  done: (name: string) => `${name} 文件上传成功`,
  failed: (name: string, reason: string) => `${name} ${reason || '文件上传失败'}.`,
  tooLarge: (name: string) => `${name} 上传失败,文件大小超出500MB限制, 请压缩或降低文件质量!`,
  notImage: '请上传图片',
  notFile: '请上传文件',
  tooMany: (n: number) => `只能上传${n}个文件`,
};

/**
 * The upload widget (spec part 2 §2 "Upload", §7 `/sys/common/upload`): each file is done,
 * error or removed; removed files drop from the list; on done or removed the new value (the
 * comma-joined stored paths) is emitted.
 */
export function FileUpload({
  value,
  onChange,
  onFilesChange,
  biz = DEFAULT_BIZ,
  mode = 'file',
  filesOnly = false,
  maxCount = 0,
  disabled,
  text,
  accept,
  check,
  ...rest
}: FileUploadProps) {
  const { message } = App.useApp();
  const [list, setList] = useState<UploadFile[]>(() => toFileList(value));
  const emitted = useRef(donePaths(list));

  // A value set from outside (form reset, loaded record) replaces the list.
  useEffect(() => {
    const next = value ?? '';
    if (next !== emitted.current) {
      emitted.current = next;
      setList(toFileList(next));
    }
  }, [value]);

  // Stored files are listed under the uploader's names once the server tells them.
  const names = useStoredNames(splitPaths(value));
  const shown = list.map((f) =>
    typeof f.response === 'string' && names[f.response] && f.name === nameOf(f.response)
      ? { ...f, name: names[f.response]! }
      : f,
  );

  // Thumbnails of private stored images are fetched with the token (image mode only).
  const previews = useRef(new Map<string, string>());
  useEffect(() => {
    if (mode !== 'image') return;
    const wanted = list.filter(
      (f) =>
        f.status === 'done' &&
        typeof f.response === 'string' &&
        !isPublicPath(f.response) &&
        !isLocalPreview(f.thumbUrl),
    );
    let alive = true;
    for (const f of wanted) {
      const path = f.response as string;
      const known = previews.current.get(path);
      const apply = (url: string) =>
        setList((l) => l.map((x) => (x.uid === f.uid && !isLocalPreview(x.thumbUrl) ? { ...x, thumbUrl: url } : x)));
      if (known) {
        apply(known);
        continue;
      }
      void fetchPreview(path).then((url) => {
        if (!url) return;
        previews.current.set(path, url);
        if (alive) apply(url);
      });
    }
    return () => {
      alive = false;
    };
  }, [list, mode]);
  useEffect(() => {
    const urls = previews.current;
    return () => {
      for (const url of urls.values()) URL.revokeObjectURL(url);
    };
  }, []);

  const emit = (next: UploadFile[]) => {
    const paths = donePaths(next);
    if (paths !== emitted.current) {
      emitted.current = paths;
      onChange?.(paths);
      onFilesChange?.(doneFiles(next));
    }
  };

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (mode === 'image' && !(file.type ?? '').includes('image')) {
      void message.warning(uploadMessages.notImage);
      return Upload.LIST_IGNORE;
    }
    if (mode === 'file' && filesOnly && (file.type ?? '').includes('image')) {
      void message.warning(uploadMessages.notFile);
      return Upload.LIST_IGNORE;
    }
    if (file.size > UPLOAD_MAX_BYTES) {
      void message.warning(uploadMessages.tooLarge(file.name));
      return Upload.LIST_IGNORE;
    }
    const refusal = check?.(file);
    if (refusal) {
      void message.warning(refusal);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    uploadFile(file as File, biz).then(
      (path) => onSuccess?.(path),
      (error: unknown) => onError?.(error instanceof Error ? error : new UploadError('', null)),
    );
  };

  const handleChange: UploadProps['onChange'] = ({ file, fileList }) => {
    let next = fileList.map((f) =>
      f.status === 'done' && typeof f.response === 'string'
        ? {
            ...f,
            url: staticUrl(f.response),
            thumbUrl: isLocalPreview(f.thumbUrl)
              ? f.thumbUrl
              : isPublicPath(f.response)
                ? staticUrl(f.response)
                : undefined,
          }
        : f,
    );
    if (maxCount > 0 && next.length > maxCount) {
      void message.warning(uploadMessages.tooMany(maxCount));
      next = next.slice(-maxCount);
    }
    if (file.status === 'done') void message.success(uploadMessages.done(file.name));
    if (file.status === 'error')
      void message.error(uploadMessages.failed(file.name, file.error instanceof Error ? file.error.message : ''));
    setList(next);
    if (file.status === 'done' || file.status === 'removed' || next.length !== fileList.length) emit(next);
  };

  // A stored file's link cannot carry the token: private files download with the session.
  const onPreview: UploadProps['onPreview'] = (file) => {
    const path = typeof file.response === 'string' ? file.response : null;
    if (!path || isPublicPath(path)) {
      if (file.url) window.open(file.url, '_blank', 'noopener,noreferrer');
      return;
    }
    void downloadStored(path).then((done) => {
      if (!done) void message.warning(TRANSFER_MESSAGES.downloadFailed);
    });
  };

  const full = maxCount > 0 && list.length >= maxCount;
  return (
    <div data-testid={rest['data-testid'] ?? 'file-upload'} data-value={donePaths(list)}>
      <Upload
        fileList={shown}
        listType={mode === 'image' ? 'picture-card' : 'text'}
        accept={accept ?? (mode === 'image' ? 'image/*' : undefined)}
        multiple={maxCount !== 1}
        disabled={disabled}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        onChange={handleChange}
        onPreview={onPreview}
      >
        {mode === 'image' ? (
          full || disabled ? null : (
            <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }}>
              <PlusOutlined />
              <div style={{ marginTop: 8 }}>{text ?? '上传'}</div>
            </button>
          )
        ) : (
          <Button icon={<UploadOutlined />} disabled={disabled}>
            {text ?? '点击上传'}
          </Button>
        )}
      </Upload>
    </div>
  );
}
