import { useEffect, useRef, useState } from 'react';
import { Button, Result, Spin } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { postLoginTarget } from '../../lib/login-target';
import { useSessionStore } from '../../lib/auth-store';
import { PublicFrame } from './public-frame';

/**
 * `/user/ssoLogin?token=`: the identity provider sends the browser here with its one-time
 * token; the page trades it at `/sys/ssoLogin` and enters the app.
 */
export default function SsoLoginPage() {
  const store = useSessionStore();
  const navigate = useNavigate();
  const { search } = useLocation();
  const token = new URLSearchParams(search).get('token');
  const [failure, setError] = useState<string | null>(null);
  const error = token ? failure : '缺少单点登录令牌';
  // The token is single use: never post it twice (StrictMode runs effects twice).
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    store
      .loginBy('/sys/ssoLogin', { token })
      .then((result) => navigate(postLoginTarget(result.userInfo?.isShow, ''), { replace: true }))
      .catch((e: unknown) => setError(e instanceof Error ? e.message : '单点登录失败'));
  }, [token, store, navigate]);

  return (
    <PublicFrame title="单点登录" width={460}>
      {error ? (
        <Result
          status="warning"
          title="单点登录失败"
          subTitle={<span data-testid="sso-error">{error}</span>}
          extra={
            <Button type="primary" onClick={() => navigate('/user/login', { replace: true })}>
              账号密码登录
            </Button>
          }
        />
      ) : (
        <div style={{ textAlign: 'center', padding: 32 }}>
          <Spin description="正在登录…" data-testid="sso-pending">
            <div style={{ height: 48 }} />
          </Spin>
        </div>
      )}
    </PublicFrame>
  );
}
