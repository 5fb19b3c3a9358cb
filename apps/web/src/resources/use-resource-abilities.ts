import { hasPermission, permissionCode } from '@procura/shared';
import type { ResourceAction, ResourceDef } from '@procura/shared';
import { useSession } from '../lib/auth-store';

export type ResourceAbilities = Record<ResourceAction, boolean>;

const ACTIONS: readonly ResourceAction[] = ['list', 'add', 'edit', 'delete', 'deleteBatch', 'export', 'import'];

/**
 * What the user may do on a resource's page: the definition offers the action and the user
 * holds its button code (the `<Has>` rule). Hiding is a courtesy; the server refuses anyway.
 */
export function useResourceAbilities(def: ResourceDef): ResourceAbilities & { holds: (code: string) => boolean } {
  const { permissions } = useSession();
  const holds = (code: string) => hasPermission(code, permissions.auth, permissions.allAuth);
  const abilities = Object.fromEntries(
    ACTIONS.map((action) => [
      action,
      (action === 'list' || def.capabilities[action]) && holds(permissionCode(def, action)),
    ]),
  ) as ResourceAbilities;
  return { ...abilities, holds };
}
