import { useState } from 'react';
import { App, Button, Card, Form, Input, Space, Tabs, Typography } from 'antd';
import { LockOutlined, MailOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router';
import { MOBILE_MESSAGE, MOBILE_PATTERN } from '@procura/shared';
import { postLoginTarget } from '../../app/guard';
import type { LoginResult } from '@procura/shared';
import { mustPickTenant, useSessionStore } from '../../lib/auth-store';
import { PLATFORM_NAME } from '../../lib/platform';
import { SmsCodeButton } from './sms-code-button';
import { TenantPickerModal } from './tenant-picker-modal';

type LoginValues = { username: string; password: string };
type PhoneValues = { mobile: string; captcha: string };

export default function LoginPage() {
  const store = useSessionStore();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { notification } = App.useApp();
  const [submitting, setSubmitting] = useState(false);
  /** A login with several tenants waits for the tenant choice before entering. */
  const [picking, setPicking] = useState<LoginResult | null>(null);

  const enter = (result: LoginResult) => navigate(postLoginTarget(result.userInfo?.isShow, search), { replace: true });

  const [phoneForm] = Form.useForm<PhoneValues>();

  /** Password and phone login end alike: tenant choice, then the guard's target. */
  const run = async (login: () => Promise<LoginResult>) => {
    setSubmitting(true);
    try {
      const result = await login();
      if (mustPickTenant(result)) setPicking(result);
      else enter(result);
    } catch (error) {
      notification.error({
        title: '登录失败',
        description: error instanceof Error ? error.message : String(error),
        duration: 4,
      });
      setSubmitting(false);
    }
  };

  const onFinish = ({ username, password }: LoginValues) => run(() => store.login(username.trim(), password));
  // JeecgBoot's LoginPhone: the SMS code travels as `captcha`.
  const onPhoneFinish = ({ mobile, captcha }: PhoneValues) =>
    run(() => store.loginBy('/sys/phoneLogin', { mobile: mobile.trim(), captcha: captcha.trim(), remember_me: true }));

  const passwordForm = (
    /* No form name: the inputs' ids stay `username` and `password`. */
    <Form<LoginValues> size="large" onFinish={onFinish} autoComplete="on">
      <Form.Item name="username" rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}>
        <Input prefix={<UserOutlined />} placeholder="用户名" autoComplete="username" />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
        <Input.Password prefix={<LockOutlined />} placeholder="密码" autoComplete="current-password" />
      </Form.Item>
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-submit">
          登录
        </Button>
      </Form.Item>
    </Form>
  );

  const phoneLoginForm = (
    <Form<PhoneValues> form={phoneForm} size="large" onFinish={onPhoneFinish} autoComplete="on">
      <Form.Item name="mobile" rules={[{ required: true, message: '请输入手机号' }, { pattern: MOBILE_PATTERN, message: MOBILE_MESSAGE }]}>
        <Input prefix={<MobileOutlined />} placeholder="手机号" autoComplete="tel" maxLength={11} data-testid="login-mobile" />
      </Form.Item>
      <Form.Item required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="captcha" noStyle rules={[{ required: true, message: '请输入验证码' }]}>
            <Input prefix={<MailOutlined />} placeholder="验证码" autoComplete="one-time-code" maxLength={6} data-testid="login-sms-code" />
          </Form.Item>
          <SmsCodeButton mobile={() => phoneForm.getFieldValue('mobile')} smsmode="0" testId="login-sms-send" />
        </Space.Compact>
      </Form.Item>
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-phone-submit">
          登录
        </Button>
      </Form.Item>
    </Form>
  );

  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'linear-gradient(180deg, #e6fffb 0%, #f5f5f5 100%)',
        padding: 16,
      }}
    >
      <Card style={{ width: 380, maxWidth: '100%' }}>
        <Typography.Title level={3} style={{ textAlign: 'center', marginBottom: 32 }}>
          {PLATFORM_NAME}
        </Typography.Title>
        <Tabs
          centered
          items={[
            { key: 'password', label: <span data-testid="login-tab-password">账号密码登录</span>, children: passwordForm },
            { key: 'phone', label: <span data-testid="login-tab-phone">手机号登录</span>, children: phoneLoginForm },
          ]}
        />
        <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 12 }}>
          <Link to="/alteration" data-testid="login-forgot-link">
            忘记密码
          </Link>
          <Link to="/register" data-testid="login-register-link">
            注册账户
          </Link>
        </div>
        <div style={{ textAlign: 'center', marginTop: 16 }}>
          {/* The public portal is a separate page load (portal.html), not a route of this app. */}
          <a href="/portal" data-testid="login-portal-link">
            门户首页
          </a>
        </div>
      </Card>
      {picking ? (
        <TenantPickerModal
          open
          tenants={picking.tenantList ?? []}
          onPick={(tenantId) => {
            store.selectTenant(tenantId);
            enter(picking);
          }}
        />
      ) : null}
    </div>
  );
}
