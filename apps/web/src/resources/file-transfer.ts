import { http, UPLOAD_FAILED } from '../lib/http';
import type { QueryParams, UploadAnswer } from '../lib/http';
import type { Envelope } from '@procura/shared';

export const TRANSFER_MESSAGES = {
  downloadFailed: '文件下载失败',
  uploadFailed: UPLOAD_FAILED,
  uploaded: (file: string) => `${file} 文件上传成功`,
  refused: (file: string, message: string) => `${file} ${message}.`,
} as const;

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
    const response = await http.send(path, { params });
    if (!response.ok || (response.headers.get('content-type') ?? '').includes('application/json')) return false;
    const blob = await response.blob();
    if (blob.size === 0) return false;
    saveBlob(blob, fileName);
    return true;
  } catch {
    return false;
  }
}

export type { UploadAnswer };

/** POSTs `file` as multipart field `file` through the client, reporting upload progress in percent. */
export function uploadFile(
  path: string,
  file: Blob & { name?: string },
  onProgress: (percent: number) => void,
  params?: QueryParams,
): Promise<UploadAnswer> {
  const form = new FormData();
  form.append('file', file, file.name ?? 'file.xlsx');
  return http.upload(
    params ? `${path}?${new URLSearchParams(params as Record<string, string>)}` : path,
    form,
    onProgress,
  );
}

/** A running import as `GET /sys/common/importJob/{id}` reports it; `answer` is the import's own answer once done. */
export type ImportJobState = {
  done: boolean;
  phaseText: string;
  processed: number;
  total: number;
  percent: number;
  answer: Envelope | null;
};

export const IMPORT_POLL_MS = 1000;

/**
 * Follows an import that answered with a job id until it ends, reporting each state, and
 * resolves with the import's answer in the shape of an upload's (null when polling failed).
 */
export async function followImportJob(
  jobId: string,
  onState: (state: ImportJobState) => void,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<UploadAnswer | null> {
  for (;;) {
    let state: ImportJobState;
    try {
      const body = await http.getAction<ImportJobState>(`/sys/common/importJob/${jobId}`, {}, { quiet: true });
      if (!body.success) return { status: 200, body };
      state = body.result;
    } catch {
      return null;
    }
    onState(state);
    if (state.done) return { status: 200, body: state.answer };
    await wait(IMPORT_POLL_MS);
  }
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
