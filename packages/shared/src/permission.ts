/** A button permission entry of `getUserPermissionByToken` (`auth` and `allAuth`). */
export type AuthEntry = {
  action: string;
  type: string;
  describe?: string;
  /** Only on `allAuth`: '1' the rule is active, '0' inactive. */
  status?: string;
};

/** A menu node as the server sends it (jeecg-api.md §3). */
export type MenuNode = {
  id: string;
  route: '0' | '1';
  path: string;
  name: string;
  component: string;
  redirect?: string | null;
  hidden?: true;
  alwaysShow?: true;
  meta: MenuMeta;
  children?: MenuNode[];
};

export type MenuMeta = {
  title: string;
  icon?: string;
  keepAlive: boolean;
  internalOrExternal: boolean;
  componentName?: string;
  url?: string;
  permissionList?: AuthEntry[];
};

export type UserPermissions = {
  menu: MenuNode[];
  auth: AuthEntry[];
  allAuth: AuthEntry[];
};

function actionsOf(entry: AuthEntry): string[] {
  return entry.action
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
}

/**
 * The `v-has` rule (spec part 1 §6): an element guarded by `code` is shown when one of the
 * user's permissions (type other than 2) names it. When the rule for `code` exists in
 * `allAuth` but is inactive (status 0), the element is kept for everyone.
 */
export function hasPermission(code: string, auth: readonly AuthEntry[], allAuth: readonly AuthEntry[]): boolean {
  const inactive = allAuth.some((e) => e.type !== '2' && e.status === '0' && actionsOf(e).includes(code));
  if (inactive) return true;
  return auth.some((e) => e.type !== '2' && actionsOf(e).includes(code));
}

/**
 * A route guarded by a permission list is visible when it needs none or the user holds
 * one of them (spec part 1 §2.3).
 */
export function canSeeRoute(required: readonly AuthEntry[] | undefined, auth: readonly AuthEntry[]): boolean {
  if (!required || required.length === 0) return true;
  const held = new Set(auth.flatMap(actionsOf));
  return required.some((r) => actionsOf(r).some((a) => held.has(a)));
}
