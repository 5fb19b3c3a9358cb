import { lazy, Suspense } from 'react';
import { Badge, Button, Card, Col, Empty, Row, Skeleton, Statistic } from 'antd';
import { LazyResult as Result } from '../../components/lazy-result';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useSession } from '../../lib/auth-store';
import { fetchTodos, WORKBENCH_QUERY_KEY } from './workbench-api';
import type { TodoCard } from './workbench-api';
import { PlainHeading } from '../../components/text/plain-text';

// Only a supplier's home has these lists: they load with them (antd's List and its Pagination
// and Select stay off everyone's first screen).
const Deadlines = lazy(() => import('./workbench-supplier-lists').then((m) => ({ default: m.Deadlines })));
const Waiting = lazy(() => import('./workbench-supplier-lists').then((m) => ({ default: m.Waiting })));

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

/** The home page of every role: the signed-in user's own to-dos (the figures and charts are 数据分析). */
export default function WorkbenchPage() {
  const { userInfo } = useSession();
  const todos = useQuery({ queryKey: WORKBENCH_QUERY_KEY, queryFn: fetchTodos });

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
      <PlainHeading level={4}>欢迎, {userInfo?.realname || userInfo?.username}</PlainHeading>
      <Card title="我的待办" size="small" data-testid="home-todos">
        {body}
      </Card>
      {todos.data?.waiting || todos.data?.deadlines ? (
        <Suspense fallback={<Skeleton active />}>
          {todos.data.waiting ? <Waiting items={todos.data.waiting} /> : null}
          {todos.data.deadlines ? <Deadlines items={todos.data.deadlines} /> : null}
        </Suspense>
      ) : null}
    </div>
  );
}
