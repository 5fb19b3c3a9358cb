import { createElement } from 'react';
import { announcementResource, checkRuleResource, dictResource, permissionCode, roleResource } from '@procura/shared';
import { UserSelect } from '../components/user-select';
import { getAction } from '../lib/http';
import { CheckRuleTestModal } from './check-rule-test-modal';
import { DictItemsDrawer } from './dict-items-drawer';
import type { ResourceOverride } from './resource-types';
import { RolePermissionDrawer } from './role-permission-drawer';

/** Where a resource's page needs more than its definition gives, by resource key. */
export const resourceOverrides: Readonly<Record<string, ResourceOverride>> = {
  [checkRuleResource.key]: {
    rowActions: [{ key: 'checkRuleTest', label: '测试', Panel: CheckRuleTestModal }],
  },
  [dictResource.key]: {
    rowActions: [{ key: 'dictItems', label: '字典配置', permission: permissionCode(dictResource, 'list'), Panel: DictItemsDrawer }],
  },
  [announcementResource.key]: {
    rowActions: [
      // A draft or a revoked notice can be published; a published one revoked (send_status 0 / 1 / 2).
      {
        key: 'release',
        label: '发布',
        permission: permissionCode(announcementResource, 'edit'),
        visible: (r) => r.sendStatus !== '1',
        confirm: '确定发布吗？发布后通告对象将收到此通告',
        run: (r) => getAction('/sys/annountCement/doReleaseData', { id: r.id }),
      },
      {
        key: 'revoke',
        label: '撤销',
        permission: permissionCode(announcementResource, 'edit'),
        visible: (r) => r.sendStatus === '1',
        confirm: '确定撤销吗？',
        run: (r) => getAction('/sys/annountCement/doReovkeData', { id: r.id }),
      },
    ],
    formControls: { userIds: (_field, disabled) => createElement(UserSelect, { disabled }) },
  },
  [roleResource.key]: {
    rowActions: [{ key: 'rolePermission', label: '授权', permission: permissionCode(roleResource, 'edit'), Panel: RolePermissionDrawer }],
  },
};
