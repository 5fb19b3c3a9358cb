import { DEFAULT_API_BASE } from '@procura/shared';

function trimTrailingSlash(value: string): string {
  return value.length > 1 ? value.replace(/\/+$/, '') : value;
}

/**
 * The API base: the server-injected runtime config wins (one build serves any deployment),
 * then the build-time VITE_API_BASE, then the JeecgBoot default.
 */
export function apiBase(): string {
  const injected = typeof window === 'undefined' ? undefined : window.__PROCURA_CONFIG__?.apiBase;
  if (typeof injected === 'string' && injected.trim() !== '') return trimTrailingSlash(injected.trim());
  const fromEnv = import.meta.env.VITE_API_BASE;
  if (typeof fromEnv === 'string' && fromEnv.trim() !== '') return trimTrailingSlash(fromEnv.trim());
  return DEFAULT_API_BASE;
}
