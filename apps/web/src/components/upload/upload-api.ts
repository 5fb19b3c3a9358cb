import { useQuery } from '@tanstack/react-query';
import type { Envelope } from '@procura/shared';
import { http } from '../../lib/http-client';
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
  let response: Response;
  try {
    response = await http.send('/sys/common/upload', { method: 'POST', body: form, signal });
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

/** A private stored image as an object URL, fetched with the session headers (links cannot carry them). */
export async function fetchPreview(path: string): Promise<string | null> {
  if (typeof URL.createObjectURL !== 'function') return null;
  try {
    const response = await http.sendTo(staticUrl(path));
    if (!response.ok) return null;
    return URL.createObjectURL(await response.blob());
  } catch {
    return null;
  }
}

/**
 * Fetches a private stored file with the session token (a plain link cannot carry the header,
 * so it would answer 401) and saves it under its uploaded name. Resolves false on a refusal.
 */
export async function downloadStored(path: string): Promise<boolean> {
  try {
    const response = await http.sendTo(staticUrl(path));
    if (!response.ok) return false;
    saveBlob(await response.blob(), downloadName(response.headers.get('content-disposition'), path));
    return true;
  } catch {
    return false;
  }
}

/** The uploaders' names of stored files the user may read (`/sys/common/fileNames`), path → name. */
export async function fetchStoredNames(paths: readonly string[]): Promise<Record<string, string>> {
  const body = await http.getAction<Record<string, string>>(
    '/sys/common/fileNames',
    { paths: paths.join(',') },
    { quiet: true },
  );
  return body.success && body.result && typeof body.result === 'object' ? body.result : {};
}

/** Names to list stored files under: the original names once known, else nothing (callers show the stored name). */
export function useStoredNames(paths: readonly string[]): Record<string, string> {
  const stored = paths.filter((p) => !/^(https?:)?\/\//i.test(p));
  const { data } = useQuery({
    queryKey: ['stored-file-names', ...stored],
    queryFn: () => fetchStoredNames(stored),
    enabled: stored.length > 0,
    staleTime: Infinity,
    retry: false,
  });
  return data ?? {};
}
