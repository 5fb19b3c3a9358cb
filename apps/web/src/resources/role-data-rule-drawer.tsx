import { useEffect, useState } from 'react';
import { App, Button, Checkbox, Drawer, Empty, Space, Spin } from 'antd';
import { DATA_RULE_CONDITIONS } from '@procura/shared';
import { getAction, postAction } from '../lib/http';

type Rule = {
  id: string;
  ruleName: string;
  ruleColumn: string;
  ruleConditions: string;
  ruleValue: string;
  status: string;
};

const describe = (r: Rule) =>
  `${r.ruleName}（${r.ruleColumn} ${DATA_RULE_CONDITIONS.find((c) => c.value === r.ruleConditions)?.label ?? r.ruleConditions} ${r.ruleValue}）${r.status === '1' ? '' : ' 已停用'}`;

type Props = { roleId: string; permission: { key: string; title: string }; open: boolean; onClose: () => void };

/**
 * 数据规则 of one menu for one role (JeecgBoot's /sys/role/datarule): which of the menu's rules
 * narrow the role's list. The role must hold the menu (saved) first.
 */
export function RoleDataRuleDrawer({ roleId, permission, open, onClose }: Props) {
  const { message } = App.useApp();
  const [rules, setRules] = useState<Rule[] | null>(null);
  const [checked, setChecked] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let alive = true;
    getAction<{ datarule: Rule[]; drChecked?: string }>(`/sys/role/loadDataRule/${permission.key}/${roleId}`).then(
      (answer) => {
        if (!alive) return;
        if (!answer.success) message.warning(answer.message);
        setRules(answer.success ? (answer.result?.datarule ?? []) : []);
        setChecked((answer.result?.drChecked ?? '').split(',').filter(Boolean));
      },
      () => alive && setRules([]),
    );
    return () => {
      alive = false;
    };
  }, [permission.key, roleId, message]);

  const save = async () => {
    setSaving(true);
    try {
      const answer = await postAction('/sys/role/saveDataRule', {
        permissionId: permission.key,
        roleId,
        dataRuleIds: checked.join(','),
      });
      if (!answer.success) {
        message.warning(answer.message);
        return;
      }
      message.success(answer.message);
      onClose();
    } catch {
      // shown by the HTTP client
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open={open}
      title={`数据规则 - ${permission.title}`}
      size={420}
      onClose={onClose}
      data-testid="role-data-rule-drawer"
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>取消</Button>
          <Button
            type="primary"
            loading={saving}
            disabled={!rules?.length}
            onClick={() => void save()}
            data-testid="role-data-rule-save"
          >
            保存
          </Button>
        </Space>
      }
    >
      {rules === null ? (
        <Spin />
      ) : rules.length === 0 ? (
        <Empty description="该菜单没有数据规则" />
      ) : (
        <Checkbox.Group
          value={checked}
          onChange={(values) => setChecked(values.map(String))}
          style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
        >
          {rules.map((r) => (
            <Checkbox key={r.id} value={r.id}>
              {describe(r)}
            </Checkbox>
          ))}
        </Checkbox.Group>
      )}
    </Drawer>
  );
}
