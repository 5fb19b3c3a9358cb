import { useState } from 'react';
import { App, Button, Card, Form, Input, Typography } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { postLoginTarget } from '../../app/guard';
import type { LoginResult } from '@procura/shared';
import { mustPickTenant, useSessionStore } from '../../lib/auth-store';
import { PLATFORM_NAME } from '../../lib/platform';
import { TenantPickerModal } from './tenant-picker-modal';

type LoginValues = { username: string; password: string };

export default function LoginPage() {
  const store = useSessionStore();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { notification } = App.useApp();
  const [submitting, setSubmitting] = useState(false);
  /** A login with several tenants waits for the tenant choice before entering. */
  const [picking, setPicking] = useState<LoginResult | null>(null);

  const enter = (result: LoginResult) => navigate(postLoginTarget(result.userInfo?.isShow, search), { replace: true });

  const onFinish = async ({ username, password }: LoginValues) => {
    setSubmitting(true);
    try {
      const result = await store.login(username.trim(), password);
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
        {/* No form name: the inputs' ids stay `username` and `password`. */}
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
