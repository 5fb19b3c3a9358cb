import { useState } from 'react';
import { Button, Drawer, Space } from 'antd';
import { PermissionTree, usePermissionGrants } from '../components/permission-tree';
import type { PermissionNode } from '../components/permission-tree';
import { RoleDataRuleDrawer } from './role-data-rule-drawer';
import type { RowActionPanelProps } from './resource-types';

/**
 * 授权: the menus and buttons a role holds, as a checkable tree. Checked and half-checked
 * nodes are saved, so a granted button's menu and its parents are granted too.
 */
export function RolePermissionDrawer({ record, open, onClose }: RowActionPanelProps) {
  const grants = usePermissionGrants('/sys/permission/queryRolePermission', { roleId: record.id });
  // A menu marked 数据规则, clicked: which of its rules this role applies.
  const [rulesOf, setRulesOf] = useState<PermissionNode | null>(null);

  const save = async () => {
    const saved = await grants.save('/sys/permission/saveRolePermission', (ids, previous) => ({
      roleId: record.id,
      permissionIds: ids.join(','),
      lastpermissionIds: previous.join(','),
    }));
    if (saved) onClose();
  };

  const name = typeof record.roleName === 'string' ? record.roleName : '';
  return (
    <Drawer
      open={open}
      title={`角色权限配置${name ? ` - ${name}` : ''}`}
      size={520}
      onClose={onClose}
      data-testid="role-permission-drawer"
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>取消</Button>
          <Button
            type="primary"
            loading={grants.saving}
            disabled={grants.tree === null}
            onClick={() => void save()}
            data-testid="role-permission-save"
          >
            保存
          </Button>
        </Space>
      }
    >
      <PermissionTree grants={grants} onSelectRules={setRulesOf} />
      {rulesOf ? (
        <RoleDataRuleDrawer
          key={rulesOf.key}
          roleId={record.id}
          permission={rulesOf}
          open={open}
          onClose={() => setRulesOf(null)}
        />
      ) : null}
    </Drawer>
  );
}
