import { useEffect, useState } from 'react';
import { App, Form, Modal, Select, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSession, useSessionStore } from '../../lib/auth-store';
import { fetchCurrentUserDeparts, selectDepart } from './account-api';

export const DEPART_MESSAGES = {
  none: '您尚未设置部门信息!',
  required: '请选择一个部门',
  switched: '切换部门成功',
} as const;

type Props = {
  open: boolean;
  /** Right after login for a user of several departments: dismissable only by choosing. */
  forced?: boolean;
  onClose: () => void;
};

/** Choosing the current department (spec part 2 §4): PUT /sys/selectDepart, then the new user info is kept. */
export function DepartModal({ open, forced = false, onClose }: Props) {
  const { message } = App.useApp();
  const store = useSessionStore();
  const { userInfo } = useSession();
  const departs = useQuery({
    queryKey: ['account', 'departs'],
    queryFn: async () => {
      const body = await fetchCurrentUserDeparts();
      if (!body.success) throw new Error(body.message || '部门信息加载失败');
      return body.result;
    },
    enabled: open,
    staleTime: 0,
  });
  const list = departs.data?.list ?? [];
  // null: the user has not touched the choice, so the current department is shown.
  const [picked, setPicked] = useState<string | null>(null);
  const [showError, setShowError] = useState(false);
  const [saving, setSaving] = useState(false);
  const current =
    departs.data && list.some((d) => d.orgCode === departs.data.orgCode) ? departs.data.orgCode : undefined;
  const value = picked ?? current;

  const close = () => {
    setPicked(null);
    setShowError(false);
    onClose();
  };

  // No department at all: say so and drop the question (nothing to choose from).
  const empty = open && departs.isSuccess && list.length === 0;
  useEffect(() => {
    if (!empty) return;
    message.warning(DEPART_MESSAGES.none);
    if (forced && userInfo) store.departSelected(userInfo);
    onClose();
  }, [empty, forced, message, onClose, store, userInfo]);

  const confirm = async () => {
    if (!value) {
      setShowError(true);
      return;
    }
    if (!userInfo) return;
    setSaving(true);
    try {
      const body = await selectDepart(value, userInfo.username);
      if (body.success && body.result?.userInfo) {
        store.departSelected(body.result.userInfo);
        message.success(DEPART_MESSAGES.switched);
        close();
      } else {
        message.warning(body.message || '切换部门失败');
      }
    } catch {
      // Reported by the HTTP client.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={forced ? '请选择登录部门' : '切换部门'}
      open={open && !empty}
      onOk={confirm}
      onCancel={forced ? undefined : close}
      confirmLoading={saving}
      okText="确定"
      cancelText="取消"
      closable={!forced}
      mask={{ closable: !forced }}
      keyboard={!forced}
      cancelButtonProps={forced ? { style: { display: 'none' } } : undefined}
      destroyOnHidden
    >
      <Spin spinning={departs.isFetching}>
        <Form layout="vertical">
          <Form.Item
            label="部门"
            required
            validateStatus={showError && !value ? 'error' : undefined}
            help={showError && !value ? DEPART_MESSAGES.required : undefined}
          >
            <Select
              data-testid="depart-select"
              placeholder="请选择部门"
              value={value}
              onChange={(orgCode: string) => {
                setPicked(orgCode);
                setShowError(false);
              }}
              options={list.map((d) => ({ value: d.orgCode, label: d.departName }))}
            />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
