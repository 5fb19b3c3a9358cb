import { apiBase } from './config';

/**
 * Where stored files are served (JeecgBoot's `staticDomainURL`): the server-injected
 * `staticBase` when set, else `<api base>/sys/common/static`.
 */
export function staticBase(): string {
  const injected = typeof window === 'undefined' ? undefined : window.__PROCURA_CONFIG__?.staticBase;
  const base =
    typeof injected === 'string' && injected.trim() !== '' ? injected.trim() : `${apiBase()}/sys/common/static`;
  return base.replace(/\/+$/, '');
}

/**
 * The link of a stored file (spec part 2 §7 "static file link helper", JeecgBoot's
 * `getFileAccessHttpUrl`): absolute links (`http:`, `https:`, `//`, `data:`, `blob:`) are left
 * alone; a relative stored path gets the static host in front. Empty stays empty.
 */
export function staticUrl(path: string | null | undefined, base: string = staticBase()): string {
  const value = (path ?? '').trim().replace(/,$/, '');
  if (value === '') return '';
  if (/^(https?:)?\/\//i.test(value) || /^(data|blob):/i.test(value)) return value;
  return `${base.replace(/\/+$/, '')}/${value.replace(/^\/+/, '')}`;
}
