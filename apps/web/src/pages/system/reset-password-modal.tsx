import { useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { putAction } from '../../lib/http';
import { sameAsPasswordRule, strongPasswordRule } from '../../lib/password-form-rules';

type Values = { password?: string; confirmpassword?: string };

/** 重置密码: the administrator sets a user's new password (PUT /sys/user/changePassword). */
export function ResetPasswordModal({
  username,
  open,
  onClose,
}: {
  username: string;
  open: boolean;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const answer = await putAction('/sys/user/changePassword', { username, password: values.password });
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
    <Modal
      open={open}
      title={`重置密码 - ${username}`}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} name="resetPassword" layout="vertical" data-testid="reset-password-form">
        <Form.Item
          name="password"
          label="新密码"
          rules={[{ required: true, message: '请输入新密码' }, strongPasswordRule]}
        >
          <Input.Password placeholder="请输入新密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmpassword"
          label="确认密码"
          dependencies={['password']}
          rules={[{ required: true, message: '请重新输入新密码' }, sameAsPasswordRule()]}
        >
          <Input.Password placeholder="请重新输入新密码" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
