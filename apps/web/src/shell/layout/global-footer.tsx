import { Layout, Typography } from 'antd';
import { PLATFORM_NAME } from '../../lib/platform';

export function GlobalFooter() {
  return (
    <Layout.Footer style={{ textAlign: 'center', padding: '16px 24px', background: 'transparent' }}>
      <Typography.Text type="secondary">
        Copyright © {new Date().getFullYear()} Procura {PLATFORM_NAME}
      </Typography.Text>
    </Layout.Footer>
  );
}
