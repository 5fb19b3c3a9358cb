import type { Envelope } from '@procura/shared';
import { http } from '../lib/http';
import type { QueryParams } from '../lib/http';
import { persistedSession } from '../lib/session-persistence';

export const TRANSFER_MESSAGES = {
  downloadFailed: '文件下载失败',
  uploadFailed: '文件上传失败',
  uploaded: (file: string) => `${file} 文件上传成功`,
  refused: (file: string, message: string) => `${file} ${message}.`,
} as const;

/** The headers every call carries (as the HTTP client's): the session token and the tenant. */
function sessionHeaders(): Record<string, string> {
  const headers: Record<string, string> = { tenant_id: persistedSession.tenantId() };
  const token = persistedSession.token();
  if (token) headers['X-Access-Token'] = token;
  return headers;
}

function urlWith(path: string, params: QueryParams = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const url = http.url(path);
  const query = search.toString();
  return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
}

/** Hands a blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/**
 * GETs a file (an export, a template, an import's error details) with the session headers
 * and saves it as `fileName`. Resolves false when no file came back: an error status, an
 * envelope instead of a file, an empty body or a network failure.
 */
export async function downloadFile(path: string, params: QueryParams, fileName: string): Promise<boolean> {
  try {
    const response = await fetch(urlWith(path, params), { headers: sessionHeaders() });
    if (!response.ok || (response.headers.get('content-type') ?? '').includes('application/json')) return false;
    const blob = await response.blob();
    if (blob.size === 0) return false;
    saveBlob(blob, fileName);
    return true;
  } catch {
    return false;
  }
}

export type UploadAnswer = { status: number; body: Envelope | null };

/**
 * POSTs `file` as multipart field `file`, reporting upload progress in percent. XHR rather
 * than fetch because only XHR reports upload progress in every browser. Rejects on a
 * network failure; any HTTP answer resolves, with its envelope when it has one.
 */
export function uploadFile(
  path: string,
  file: Blob & { name?: string },
  onProgress: (percent: number) => void,
): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', urlWith(path));
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(sessionHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: Envelope | null = null;
      try {
        const parsed: unknown = JSON.parse(xhr.responseText);
        if (typeof parsed === 'object' && parsed !== null && 'success' in parsed) body = parsed as Envelope;
      } catch {
        body = null;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new Error(TRANSFER_MESSAGES.uploadFailed));
    xhr.onabort = () => reject(new Error(TRANSFER_MESSAGES.uploadFailed));
    const form = new FormData();
    form.append('file', file, file.name ?? 'file.xlsx');
    xhr.send(form);
  });
}

/** The partial-import details (code 201) of JeecgBoot's importExcel. */
export type ImportPartial = {
  msg?: string;
  fileUrl?: string;
  fileName?: string;
  totalCount?: number;
  errorCount?: number;
  successCount?: number;
};

export type ImportOutcome =
  | { kind: 'success'; message: string }
  | { kind: 'partial'; title: string; details: ImportPartial }
  | { kind: 'failure'; message: string };

/** How an import answer is presented (spec part 2 §8): success, partial with details file, or refusal. */
export function importOutcome(fileName: string, answer: UploadAnswer | null): ImportOutcome {
  const body = answer?.body;
  if (!body) return { kind: 'failure', message: TRANSFER_MESSAGES.uploadFailed };
  if (!body.success) return { kind: 'failure', message: TRANSFER_MESSAGES.refused(fileName, body.message) };
  if (body.code === 201) return { kind: 'partial', title: body.message, details: (body.result ?? {}) as ImportPartial };
  return { kind: 'success', message: body.message || TRANSFER_MESSAGES.uploaded(fileName) };
}
