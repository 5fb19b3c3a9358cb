import { useState } from 'react';
import type { FocusEvent } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { updatePassword } from './account-api';
import { newPasswordBlurWarning, passwordFormErrors } from './password-rules';
import type { PasswordField, PasswordValues } from './password-rules';

/** An antd rule backed by the pure rules, so the form and its tests share one definition. */
function ruleFor(field: PasswordField) {
  return ({ getFieldsValue }: { getFieldsValue: () => PasswordValues }) => ({
    validator: (_: unknown, value: string | undefined) => {
      const message = passwordFormErrors({ ...getFieldsValue(), [field]: value })[field];
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  });
}

const REQUIRED_MARK = { required: true } as const;

/** Changing one's own password (spec part 2 §4, §5). Open while `username` is set. */
export function PasswordModal({ username, onClose }: { username: string | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordValues>();
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);
  const open = username !== null;
  const release = useUnsavedChanges(open && dirty);

  const close = () => {
    release();
    setDirty(false);
    form.resetFields();
    onClose();
  };

  const onNewPasswordBlur = (event: FocusEvent<HTMLInputElement>) => {
    const warning = newPasswordBlurWarning(event.target.value);
    if (!warning) return;
    message.warning(warning);
    form.setFieldValue('password', '');
  };

  const submit = async () => {
    let values: PasswordValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // The fields show their messages.
    }
    if (!username) return;
    setSaving(true);
    try {
      const body = await updatePassword({
        username,
        oldpassword: values.oldpassword ?? '',
        password: values.password ?? '',
        confirmpassword: values.confirmpassword ?? '',
      });
      if (body.success) {
        message.success(body.message || '密码重置成功!');
        close();
      } else {
        message.warning(body.message || '修改密码失败');
      }
    } catch {
      // The HTTP client already reported it; the typed values stay.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title="修改密码"
      open={open}
      width={520}
      confirmLoading={saving}
      onOk={submit}
      onCancel={close}
      okText="确定"
      cancelText="取消"
      forceRender
    >
      <Form<PasswordValues>
        form={form}
        name="passwordForm"
        labelCol={{ span: 6 }}
        wrapperCol={{ span: 16 }}
        data-testid="password-form"
        onValuesChange={(_, all) => setDirty(Object.values(all).some(Boolean))}
      >
        <Form.Item label="旧密码" name="oldpassword" {...REQUIRED_MARK} rules={[ruleFor('oldpassword')]}>
          <Input.Password placeholder="请输入旧密码" autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label="新密码"
          name="password"
          {...REQUIRED_MARK}
          rules={[ruleFor('password')]}
          extra="须包含字母、数字和特殊字符，长度8到16位"
        >
          <Input.Password placeholder="请输入新密码" autoComplete="new-password" onBlur={onNewPasswordBlur} />
        </Form.Item>
        <Form.Item
          label="确认新密码"
          name="confirmpassword"
          dependencies={['password']}
          {...REQUIRED_MARK}
          rules={[ruleFor('confirmpassword')]}
        >
          <Input.Password placeholder="请确认新密码" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
