import { dictResource, permissionCode, roleResource } from '@procura/shared';
import { DictItemsDrawer } from './dict-items-drawer';
import type { ResourceOverride } from './resource-types';
import { RolePermissionDrawer } from './role-permission-drawer';

/** Where a resource's page needs more than its definition gives, by resource key. */
export const resourceOverrides: Readonly<Record<string, ResourceOverride>> = {
  [dictResource.key]: {
    rowActions: [{ key: 'dictItems', label: '字典配置', permission: permissionCode(dictResource, 'list'), Panel: DictItemsDrawer }],
  },
  [roleResource.key]: {
    rowActions: [{ key: 'rolePermission', label: '授权', permission: permissionCode(roleResource, 'edit'), Panel: RolePermissionDrawer }],
  },
};
