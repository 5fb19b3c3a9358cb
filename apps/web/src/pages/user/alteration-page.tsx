import { useState } from 'react';
import { Alert, Button, Form, Input, Result, Space } from 'antd';
import { Link, useNavigate } from 'react-router';
import { MOBILE_MESSAGE, MOBILE_PATTERN } from '@procura/shared';
import { postAction } from '../../lib/http';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { fieldErrorsOf, PublicFrame } from './public-frame';
import { SmsCodeButton } from './sms-code-button';
import { sameAsPasswordRule, strongPasswordRule } from '../../lib/password-form-rules';
import { setFieldErrors } from '../../lib/form-errors';

type Values = { username: string; phone: string; smsCode: string; password: string; confirm: string };

/** `/alteration`: a forgotten password reset with the account's mobile and an SMS code. */
export default function AlterationPage() {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const [dirty, setDirty] = useState(false);
  const [done, setDone] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const release = useUnsavedChanges(dirty && !done);

  const onFinish = async ({ confirm: _confirm, ...body }: Values) => {
    setSubmitting(true);
    setRefusal(null);
    try {
      const res = await postAction<null>(
        '/sys/user/passwordChange',
        { ...body, username: body.username.trim() },
        { quiet: [400] },
      );
      if (!res.success) {
        setRefusal(res.message || '重设密码失败');
        return;
      }
      release();
      setDone(true);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields.length > 0) setFieldErrors(form, fields);
      setRefusal(error instanceof Error ? error.message : '重设密码失败');
    } finally {
      setSubmitting(false);
    }
  };

  if (done) {
    return (
      <PublicFrame title="找回密码" width={460}>
        <Result
          status="success"
          title="密码已重设"
          subTitle="请使用新密码登录"
          extra={
            <Button type="primary" onClick={() => navigate('/user/login')} data-testid="alteration-login">
              登录
            </Button>
          }
        />
      </PublicFrame>
    );
  }

  return (
    <PublicFrame title="找回密码" width={460}>
      {refusal ? (
        <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} data-testid="alteration-error" />
      ) : null}
      <Form<Values>
        form={form}
        name="alteration"
        layout="vertical"
        onFinish={onFinish}
        onValuesChange={() => setDirty(true)}
        autoComplete="off"
      >
        <Form.Item
          name="username"
          label="登录账号"
          rules={[{ required: true, whitespace: true, message: '请输入登录账号' }]}
        >
          <Input autoComplete="username" data-testid="alteration-username" />
        </Form.Item>
        <Form.Item
          name="phone"
          label="手机号"
          rules={[
            { required: true, message: '请输入手机号' },
            { pattern: MOBILE_PATTERN, message: MOBILE_MESSAGE },
          ]}
        >
          <Input maxLength={11} autoComplete="tel" data-testid="alteration-phone" />
        </Form.Item>
        <Form.Item label="短信验证码" required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item
              name="smsCode"
              noStyle
              rules={[
                { required: true, message: '请输入短信验证码' },
                { pattern: /^\d{6}$/, message: '请输入6位短信验证码' },
              ]}
            >
              <Input maxLength={6} autoComplete="one-time-code" data-testid="alteration-sms-code" />
            </Form.Item>
            <SmsCodeButton mobile={() => form.getFieldValue('phone')} smsmode="2" testId="alteration-sms-send" />
          </Space.Compact>
        </Form.Item>
        <Form.Item
          name="password"
          label="新密码"
          rules={[{ required: true, message: '请输入新密码' }, strongPasswordRule]}
        >
          <Input.Password autoComplete="new-password" data-testid="alteration-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="确认新密码"
          dependencies={['password']}
          rules={[{ required: true, message: '请再次输入新密码' }, sameAsPasswordRule('两次输入的密码不一致')]}
        >
          <Input.Password autoComplete="new-password" data-testid="alteration-confirm" />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          block
          size="large"
          loading={submitting}
          data-testid="alteration-submit"
        >
          重设密码
        </Button>
      </Form>
      <div style={{ textAlign: 'center', marginTop: 12 }}>
        <Link to="/user/login">返回登录</Link>
      </div>
    </PublicFrame>
  );
}
