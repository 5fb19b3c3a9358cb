import type { ReactNode } from 'react';
import { Button, Card, Empty, Tag, theme } from 'antd';
import { useNavigate } from 'react-router';
import type { DeadlineItem, WaitingDocument } from './workbench-api';

/**
 * The lists of a supplier's home. Rows are plain markup: antd's List brings Pagination and
 * Select (about 30 kB gzip) for short lists that never page.
 */
function HomeList<T>({
  title,
  testId,
  empty,
  items,
  row,
}: {
  title: string;
  testId: string;
  empty: string;
  items: readonly T[];
  row: (item: T) => { key: string; testId?: string; main: ReactNode; extra?: ReactNode; action: ReactNode };
}) {
  const { token } = theme.useToken();
  return (
    <Card title={title} size="small" style={{ marginTop: 16 }} data-testid={testId}>
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
      ) : (
        <ul role="list" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((item, i) => {
            const r = row(item);
            return (
              <li
                key={r.key}
                data-testid={r.testId}
                style={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 16,
                  padding: '8px 0',
                  borderTop: i === 0 ? undefined : `1px solid ${token.colorSplit}`,
                }}
              >
                <span style={{ flex: 1, minWidth: 0 }}>{r.main}</span>
                {r.extra}
                {r.action}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

/** A supplier's open events, soonest deadline first; a click opens the page that answers it. */
export function Deadlines({ items }: { items: DeadlineItem[] }) {
  const navigate = useNavigate();
  const { token } = theme.useToken();
  return (
    <HomeList
      title="近期截止"
      testId="home-deadlines"
      empty="暂无即将截止的项目"
      items={items}
      row={(d) => ({
        key: `${d.path}-${d.code}`,
        main: (
          <>
            <Tag>{d.kind}</Tag>
            {d.code} {d.title}
          </>
        ),
        extra: <span style={{ color: token.colorWarning }}>截止 {d.deadline ?? '-'}</span>,
        action: (
          <Button type="link" style={{ padding: 0 }} onClick={() => navigate(d.path)}>
            去处理
          </Button>
        ),
      })}
    />
  );
}

/** A supplier's orders and contracts waiting for its confirmation; a click opens the document. */
export function Waiting({ items }: { items: WaitingDocument[] }) {
  const navigate = useNavigate();
  return (
    <HomeList
      title="待确认单据"
      testId="home-waiting"
      empty="暂无待确认的订单或合同"
      items={items}
      row={(d) => ({
        key: d.id,
        testId: `waiting-${d.id}`,
        main: (
          <>
            <Tag color="orange">{d.kind}</Tag>
            {d.code} {d.title}
          </>
        ),
        action: (
          <Button type="link" style={{ padding: 0 }} onClick={() => navigate(d.path)}>
            去确认
          </Button>
        ),
      })}
    />
  );
}
