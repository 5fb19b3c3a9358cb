import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '@procura/shared';

export type ExceptionStatus = '403' | '404' | '500';

const SUBTITLES: Record<ExceptionStatus, string> = {
  '403': '抱歉，您无权访问此页面',
  '404': '抱歉，您访问的页面不存在',
  '500': '抱歉，服务器出错了',
};

export function ExceptionResult({ status }: { status: ExceptionStatus }) {
  const navigate = useNavigate();
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Result
        status={status}
        title={status}
        subTitle={SUBTITLES[status]}
        extra={
          <Button type="primary" onClick={() => navigate(HOME_PATH)}>
            返回首页
          </Button>
        }
      />
    </div>
  );
}
