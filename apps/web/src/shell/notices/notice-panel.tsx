import { Button, Empty, List, Result, Spin, Tabs, Typography } from 'antd';
import { PriorityTag } from '../../components/announcement/priority-tag';
import type { Announcement, BellLists } from '../../components/announcement/announcement-api';

function NoticeList({ items, onOpen }: { items: readonly Announcement[]; onOpen: (a: Announcement) => void }) {
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无未读消息" />;
  return (
    <List
      size="small"
      dataSource={items as Announcement[]}
      renderItem={(item) => (
        <List.Item data-testid="notice-item" style={{ cursor: 'pointer' }} onClick={() => onOpen(item)}>
          <List.Item.Meta
            title={
              <Typography.Text ellipsis style={{ maxWidth: 240 }}>
                {item.titile}
              </Typography.Text>
            }
            description={item.sendTime ?? item.createTime}
          />
          <PriorityTag priority={item.priority} />
        </List.Item>
      )}
    />
  );
}

type Props = {
  data: BellLists | undefined;
  failed: boolean;
  loading: boolean;
  showMore: boolean;
  onRetry: () => void;
  onOpen: (item: Announcement) => void;
  onMore: () => void;
};

/** The bell's panel: unread notices and system messages in two tabs (its own chunk, loaded on the first opening). */
export function NoticePanel({ data, failed, loading, showMore, onRetry, onOpen, onMore }: Props) {
  return (
    <div style={{ width: 336 }} data-testid="notice-panel">
      <Spin spinning={loading}>
        {failed ? (
          <Result
            status="warning"
            subTitle="消息加载失败"
            extra={
              <Button size="small" onClick={onRetry}>
                重试
              </Button>
            }
          />
        ) : (
          <Tabs
            centered
            items={[
              {
                key: 'annt',
                label: `通知(${data?.anntMsgTotal ?? 0})`,
                children: <NoticeList items={data?.anntMsgList ?? []} onOpen={onOpen} />,
              },
              {
                key: 'sys',
                label: `系统消息(${data?.sysMsgTotal ?? 0})`,
                children: <NoticeList items={data?.sysMsgList ?? []} onOpen={onOpen} />,
              },
            ]}
          />
        )}
        {showMore ? (
          <div style={{ textAlign: 'center' }}>
            <Button type="link" onClick={onMore}>
              查看更多
            </Button>
          </div>
        ) : null}
      </Spin>
    </div>
  );
}
