import { Button, Card, Empty, Flex, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '@procura/shared';
import { useSession } from '../../lib/auth-store';
import { flattenMenu } from '../../lib/menu-routes';
import { fetchSupplierProfile, SUPPLIER_PROFILE_QUERY_KEY } from '../../lib/supplier-api';
import { isSupplierUser, userKindLabel } from '../../lib/user-kind';
import { menuIcon } from '../../shell/menu-icons';

export default function AnalysisPage() {
  const navigate = useNavigate();
  const { userInfo, routes } = useSession();
  // The supplier-info call is the spec's second signal of a supplier; failures stay quiet here.
  const supplier = useQuery({
    queryKey: [...SUPPLIER_PROFILE_QUERY_KEY, 'quiet'],
    queryFn: () => fetchSupplierProfile({ quiet: true }),
  });
  const isSupplier = isSupplierUser(userInfo, supplier.data);
  const links = flattenMenu(routes?.menu ?? []).filter((entry) => entry.path !== HOME_PATH);

  return (
    <Flex vertical gap={16}>
      <Card>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          欢迎, {userInfo?.realname || userInfo?.username}
        </Typography.Title>
        <Flex gap={8} align="center">
          <Tag color={isSupplier ? 'orange' : 'cyan'} data-testid="user-kind">
            {userKindLabel(isSupplier)}
          </Tag>
          <Typography.Text type="secondary">账号：{userInfo?.username}</Typography.Text>
        </Flex>
      </Card>
      <Card title="我的功能">
        {links.length === 0 ? (
          <Empty description="暂无可用功能" />
        ) : (
          <Flex wrap gap={12}>
            {links.map((entry) =>
              entry.externalUrl ? (
                <Button key={entry.key} icon={menuIcon(entry.icon)} href={entry.externalUrl} target="_blank" rel="noopener noreferrer">
                  {entry.title}
                </Button>
              ) : (
                <Button key={entry.key} icon={menuIcon(entry.icon)} onClick={() => navigate(entry.path)}>
                  {entry.title}
                </Button>
              ),
            )}
          </Flex>
        )}
      </Card>
    </Flex>
  );
}
