import { Button, Card, Empty, Tag, theme } from 'antd';
import { useNavigate } from 'react-router';
import type { DeadlineItem } from './workbench-api';

/**
 * A supplier's open events, soonest deadline first; a click opens the page that answers it.
 * Rows are plain markup: antd's List brings Pagination and Select (about 30 kB gzip) to a
 * supplier's first screen for a short list that never pages.
 */
export default function Deadlines({ items }: { items: DeadlineItem[] }) {
  const navigate = useNavigate();
  const { token } = theme.useToken();
  return (
    <Card title="近期截止" size="small" style={{ marginTop: 16 }} data-testid="home-deadlines">
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无即将截止的项目" />
      ) : (
        <ul role="list" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((d, i) => (
            <li
              key={`${d.path}-${d.code}`}
              style={{
                display: 'flex',
                alignItems: 'center',
                gap: 16,
                padding: '8px 0',
                borderTop: i === 0 ? undefined : `1px solid ${token.colorSplit}`,
              }}
            >
              <span style={{ flex: 1, minWidth: 0 }}>
                <Tag>{d.kind}</Tag>
                {d.code} {d.title}
              </span>
              <span style={{ color: token.colorWarning }}>截止 {d.deadline ?? '-'}</span>
              <Button type="link" style={{ padding: 0 }} onClick={() => navigate(d.path)}>
                去处理
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
