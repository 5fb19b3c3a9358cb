import { Button, Result } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { PublicFrame } from './public-frame';

/** `/register-result`: the registration went through; next step is logging in. */
export default function RegisterResultPage() {
  const username = new URLSearchParams(useLocation().search).get('username') ?? '';
  const navigate = useNavigate();
  return (
    <PublicFrame title="注册结果" width={520}>
      <Result
        status="success"
        title="注册成功"
        subTitle={
          <span data-testid="register-result-text">
            {username ? `您的登录账号为 ${username}。` : ''}登录后请先完善企业信息，提交审核通过后即可参与采购寻源。
          </span>
        }
        extra={
          <Button type="primary" onClick={() => navigate('/user/login')} data-testid="register-result-login">
            登录
          </Button>
        }
      />
    </PublicFrame>
  );
}
