import type { Envelope } from '@procura/shared';
import { apiBase } from '../../lib/config';
import { persistedSession } from '../../lib/session-persistence';
import { staticUrl } from '../../lib/static-url';
import { saveBlob } from '../../resources/file-transfer';

/** The default business folder of an upload (spec part 2 §7). */
export const DEFAULT_BIZ = 'temp';
/** The client-side size limit (spec part 2 §9): 500 MB; the server has tighter per-type limits. */
export const UPLOAD_MAX_BYTES = 500 * 1024 * 1024;

/** An upload that did not store the file: the server's message when it gave one. */
export class UploadError extends Error {
  override readonly name = 'UploadError';
  readonly status: number | undefined;
  constructor(message: string, status: number | null) {
    super(message);
    this.status = status ?? undefined;
  }
}

/**
 * `POST /sys/common/upload` (multipart `biz` then `file`, as JeecgBoot's JUpload sends them):
 * resolves to the stored path the server answers in `message`.
 */
export async function uploadFile(
  file: Blob & { name?: string },
  biz: string = DEFAULT_BIZ,
  signal?: AbortSignal,
): Promise<string> {
  const form = new FormData();
  form.append('biz', biz);
  form.append('isup', '1');
  form.append('file', file, file.name ?? 'file');
  const headers: Record<string, string> = { tenant_id: persistedSession.tenantId() };
  const token = persistedSession.token();
  if (token) headers['X-Access-Token'] = token;
  let response: Response;
  try {
    response = await fetch(`${apiBase()}/sys/common/upload`, { method: 'POST', body: form, headers, signal });
  } catch {
    throw new UploadError('', null);
  }
  let body: Envelope | null = null;
  try {
    body = (await response.json()) as Envelope;
  } catch {
    body = null;
  }
  if (!response.ok || !body?.success || !body.message) throw new UploadError(body?.message ?? '', response.status);
  return body.message;
}

/** The uploader's file name from `Content-Disposition` (RFC 6266 `filename*`), else the stored name. */
export function downloadName(disposition: string | null, path: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed name falls back to the stored one.
    }
  }
  return path.slice(path.lastIndexOf('/') + 1);
}

/**
 * Fetches a private stored file with the session token (a plain link cannot carry the header,
 * so it would answer 401) and saves it under its uploaded name. Resolves false on a refusal.
 */
export async function downloadStored(path: string): Promise<boolean> {
  try {
    const token = persistedSession.token();
    const headers: Record<string, string> = { tenant_id: persistedSession.tenantId() };
    if (token) headers['X-Access-Token'] = token;
    const response = await fetch(staticUrl(path), { headers });
    if (!response.ok) return false;
    saveBlob(await response.blob(), downloadName(response.headers.get('content-disposition'), path));
    return true;
  } catch {
    return false;
  }
}
