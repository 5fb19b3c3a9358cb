import type { ReactNode } from 'react';
import { hasPermission } from '@procura/shared';
import { useSession } from '../lib/auth-store';

/** The `v-has` rule: whether the user may see an element guarded by `code`. */
export function useHasPermission(code: string): boolean {
  const { permissions } = useSession();
  return hasPermission(code, permissions.auth, permissions.allAuth);
}

/** Renders its children only when the user holds the button permission `code`. */
export function Has({ code, children }: { code: string; children: ReactNode }) {
  return useHasPermission(code) ? <>{children}</> : null;
}
