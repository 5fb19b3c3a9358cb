import type { ReactNode } from 'react';
import { Button, Card, Col, Descriptions, Empty, Flex, Result, Row, Statistic, Tag, theme, Typography } from 'antd';
import { BankOutlined, NotificationOutlined, ShopOutlined, TeamOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '@procura/shared';
import { EChart } from '../../components/charts/echart';
import { useSession } from '../../lib/auth-store';
import { flattenMenu } from '../../lib/menu-routes';
import { fetchSupplierProfile, SUPPLIER_PROFILE_QUERY_KEY } from '../../lib/supplier-api';
import { isSupplierUser, userKindLabel } from '../../lib/user-kind';
import { menuIcon } from '../../shell/menu-icons';
import { ANALYSIS_QUERY_KEY, fetchAnalysis } from './analysis-api';
import type { AnalysisFigures } from './analysis-api';
import { hasCounts, registrationsOption, supplierStatusOption } from './analysis-charts';

type PlatformFigures = Extract<AnalysisFigures, { scope: 'platform' }>;
type SupplierFigures = Extract<AnalysisFigures, { scope: 'supplier' }>;

function StatCard({
  title,
  value,
  icon,
  footer,
  testId,
}: {
  title: string;
  value: number;
  icon: ReactNode;
  footer?: ReactNode;
  testId: string;
}) {
  return (
    <Card size="small" data-testid={testId} style={{ height: '100%' }}>
      <Statistic title={title} value={value} prefix={icon} />
      {footer ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {footer}
        </Typography.Text>
      ) : null}
    </Card>
  );
}

function NoticeStats({ notices }: { notices: AnalysisFigures['notices'] }) {
  return (
    <>
      <Col xs={24} sm={12} xl={6}>
        <StatCard
          testId="stat-published"
          title="已发布公告"
          value={notices.published}
          icon={<NotificationOutlined />}
        />
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <StatCard testId="stat-unread" title="未读消息" value={notices.unread} icon={<NotificationOutlined />} />
      </Col>
    </>
  );
}

function PlatformDashboard({ figures }: { figures: PlatformFigures }) {
  const { token } = theme.useToken();
  const { users, suppliers, notices } = figures;
  return (
    <>
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12} xl={6}>
          <StatCard
            testId="stat-users"
            title="用户总数"
            value={users.total}
            icon={<TeamOutlined />}
            footer={`内部 ${users.internal} · 供应商 ${users.supplier} · 冻结 ${users.frozen}`}
          />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <StatCard testId="stat-suppliers" title="供应商总数" value={suppliers.total} icon={<ShopOutlined />} />
        </Col>
        <NoticeStats notices={notices} />
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title="供应商状态分布" size="small">
            {hasCounts(suppliers.byStatus) ? (
              <EChart testId="chart-supplier-status" option={supplierStatusOption(suppliers.byStatus)} />
            ) : (
              <Empty description="暂无供应商数据" style={{ height: 300, paddingTop: 96 }} />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="近6个月新增供应商" size="small">
            <EChart testId="chart-registrations" option={registrationsOption(suppliers.byMonth, token.colorPrimary)} />
          </Card>
        </Col>
      </Row>
    </>
  );
}

function SupplierDashboard({ figures }: { figures: SupplierFigures }) {
  const { supplier, notices } = figures;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card
          title={
            <>
              <BankOutlined /> 我的企业
            </>
          }
          size="small"
          data-testid="company-card"
          style={{ height: '100%' }}
        >
          {supplier ? (
            <Descriptions
              column={1}
              size="small"
              items={[
                { key: 'name', label: '企业名称', children: supplier.name },
                { key: 'status', label: '准入状态', children: <Tag color="cyan">{supplier.statusText}</Tag> },
                { key: 'info', label: '信息状态', children: <Tag color="blue">{supplier.infoStatusText}</Tag> },
              ]}
            />
          ) : (
            <Empty description="暂无企业信息" />
          )}
        </Card>
      </Col>
      <NoticeStats notices={notices} />
    </Row>
  );
}

/** The home page: a welcome, the figures of the platform (or of the supplier's company), charts and quick links. */
export default function AnalysisPage() {
  const navigate = useNavigate();
  const { userInfo, routes } = useSession();
  // The supplier-info call is the spec's second signal of a supplier; failures stay quiet here.
  const supplier = useQuery({
    queryKey: [...SUPPLIER_PROFILE_QUERY_KEY, 'quiet'],
    queryFn: () => fetchSupplierProfile({ quiet: true }),
  });
  const figures = useQuery({ queryKey: ANALYSIS_QUERY_KEY, queryFn: fetchAnalysis });
  const isSupplier = isSupplierUser(userInfo, supplier.data);
  const links = flattenMenu(routes?.menu ?? []).filter((entry) => entry.path !== HOME_PATH);

  let body: ReactNode;
  if (figures.isPending) {
    body = <Card loading data-testid="analysis-loading" />;
  } else if (figures.isError) {
    body = (
      <Card>
        <Result
          status="warning"
          title="首页数据加载失败"
          subTitle={figures.error.message}
          extra={<Button onClick={() => void figures.refetch()}>重试</Button>}
        />
      </Card>
    );
  } else if (figures.data.scope === 'platform') {
    body = <PlatformDashboard figures={figures.data} />;
  } else {
    body = <SupplierDashboard figures={figures.data} />;
  }

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
      {body}
      <Card title="我的功能">
        {links.length === 0 ? (
          <Empty description="暂无可用功能" />
        ) : (
          <Flex wrap gap={12}>
            {links.map((entry) =>
              entry.externalUrl ? (
                <Button
                  key={entry.key}
                  icon={menuIcon(entry.icon)}
                  href={entry.externalUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                >
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
