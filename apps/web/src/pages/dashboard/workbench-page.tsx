import { Badge, Button, Card, Col, Empty, List, Row, Skeleton, Statistic, Tag, Typography } from 'antd';
import { LazyResult as Result } from '../../components/lazy-result';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useSession } from '../../lib/auth-store';
import { fetchTodos, TODOS_QUERY_KEY } from './workbench-api';
import type { DeadlineItem, TodoCard, WaitingDocument } from './workbench-api';

/** One to-do: its count, and a click that opens the page that handles it (in its own tab). */
function TodoItem({ card }: { card: TodoCard }) {
  const navigate = useNavigate();
  return (
    <Card size="small" data-testid={`todo-${card.key}`} style={{ height: '100%' }}>
      <Statistic
        title={
          <Badge dot={card.count > 0} offset={[6, 0]}>
            {card.title}
          </Badge>
        }
        value={card.count}
      />
      <Button type="link" style={{ padding: 0 }} onClick={() => navigate(card.path)}>
        去处理
      </Button>
    </Card>
  );
}

/** A supplier's open events, soonest deadline first; a click opens the page that answers it. */
function Deadlines({ items }: { items: DeadlineItem[] }) {
  const navigate = useNavigate();
  return (
    <Card title="近期截止" size="small" style={{ marginTop: 16 }} data-testid="home-deadlines">
      <List
        size="small"
        dataSource={items}
        locale={{ emptyText: '暂无即将截止的项目' }}
        renderItem={(d) => (
          <List.Item
            extra={<Typography.Text type="warning">截止 {d.deadline ?? '-'}</Typography.Text>}
            actions={[
              <Button key="open" type="link" style={{ padding: 0 }} onClick={() => navigate(d.path)}>
                去处理
              </Button>,
            ]}
          >
            <span style={{ marginRight: 16 }}>
              <Tag>{d.kind}</Tag>
              {d.code} {d.title}
            </span>
          </List.Item>
        )}
      />
    </Card>
  );
}

/** A supplier's orders and contracts waiting for its confirmation; a click opens the document. */
function Waiting({ items }: { items: WaitingDocument[] }) {
  const navigate = useNavigate();
  return (
    <Card title="待确认单据" size="small" style={{ marginTop: 16 }} data-testid="home-waiting">
      <List
        size="small"
        dataSource={items}
        locale={{ emptyText: '暂无待确认的订单或合同' }}
        renderItem={(d) => (
          <List.Item
            data-testid={`waiting-${d.id}`}
            actions={[
              <Button key="open" type="link" style={{ padding: 0 }} onClick={() => navigate(d.path)}>
                去确认
              </Button>,
            ]}
          >
            <span style={{ marginRight: 16 }}>
              <Tag color="orange">{d.kind}</Tag>
              {d.code} {d.title}
            </span>
          </List.Item>
        )}
      />
    </Card>
  );
}

/** The home page of every role: the signed-in user's own to-dos (the figures and charts are 数据分析). */
export default function WorkbenchPage() {
  const { userInfo } = useSession();
  const todos = useQuery({ queryKey: TODOS_QUERY_KEY, queryFn: fetchTodos });

  let body;
  if (todos.isPending) {
    body = <Skeleton active data-testid="todos-loading" />;
  } else if (todos.isError) {
    body = (
      <Result
        status="warning"
        title="待办加载失败"
        subTitle={todos.error.message}
        extra={<Button onClick={() => void todos.refetch()}>重试</Button>}
      />
    );
  } else if (todos.data.cards.length === 0) {
    body = <Empty description="暂无待办" />;
  } else {
    body = (
      <Row gutter={[16, 16]}>
        {todos.data.cards.map((card) => (
          <Col key={card.key} xs={24} sm={12} xl={6}>
            <TodoItem card={card} />
          </Col>
        ))}
      </Row>
    );
  }

  return (
    <div>
      <Typography.Title level={4}>欢迎, {userInfo?.realname || userInfo?.username}</Typography.Title>
      <Card title="我的待办" size="small" data-testid="home-todos">
        {body}
      </Card>
      {todos.data?.waiting ? <Waiting items={todos.data.waiting} /> : null}
      {todos.data?.deadlines ? <Deadlines items={todos.data.deadlines} /> : null}
    </div>
  );
}
