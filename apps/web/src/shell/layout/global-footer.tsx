import { Layout } from 'antd';
import { SecondaryText } from '../../components/text/plain-text';
import { PLATFORM_NAME } from '../../lib/platform';

export function GlobalFooter() {
  return (
    <Layout.Footer style={{ textAlign: 'center', padding: '16px 24px', background: 'transparent' }}>
      <SecondaryText>
        Copyright © {new Date().getFullYear()} Procura {PLATFORM_NAME}
      </SecondaryText>
    </Layout.Footer>
  );
}
