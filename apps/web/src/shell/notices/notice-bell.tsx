import { useEffect, useRef, useState } from 'react';
import { Badge, Button, Empty, List, Popover, Result, Spin, Tabs, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { NOTICE_LIST_PATH } from '@procura/shared';
import type { Announcement } from '../../components/announcement/announcement-api';
import { PriorityTag } from '../../components/announcement/priority-tag';
import { useAnnouncementReader } from '../../components/announcement/use-announcement-reader';
import { useSession } from '../../lib/auth-store';
import { fetchSupplierProfile, SUPPLIER_PROFILE_QUERY_KEY } from '../../lib/supplier-api';
import { isSupplierUser } from '../../lib/user-kind';
import { useBellNotices } from './use-bell-notices';

/** How long the panel shows its loading indication when opened (spec part 2 §9). */
export const NOTICE_PANEL_LOADING_MS = 200;

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

/** The header bell: unread notices and system messages with counts, each opened in the announcement dialog. */
export function NoticeBell() {
  const navigate = useNavigate();
  const { userInfo } = useSession();
  const notices = useBellNotices();
  const reader = useAnnouncementReader();
  // Suppliers do not get 'view more' (a non-null supplier-info answer means supplier).
  const supplier = useQuery({
    queryKey: [...SUPPLIER_PROFILE_QUERY_KEY, 'quiet'],
    queryFn: () => fetchSupplierProfile({ quiet: true }),
  });
  const showMore = supplier.isSuccess && !isSupplierUser(userInfo, supplier.data);

  const [open, setOpen] = useState(false);
  const [panelLoading, setPanelLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) return;
    setPanelLoading(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setPanelLoading(false), NOTICE_PANEL_LOADING_MS);
  };

  const data = notices.data;
  const total = (data?.anntMsgTotal ?? 0) + (data?.sysMsgTotal ?? 0);
  const openOne = (item: Announcement) => {
    setOpen(false);
    reader.open(item.id, item);
  };

  const panel = (
    <div style={{ width: 336 }} data-testid="notice-panel">
      <Spin spinning={panelLoading}>
        {notices.isError ? (
          <Result
            status="warning"
            subTitle="消息加载失败"
            extra={
              <Button size="small" onClick={() => void notices.refetch()}>
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
                children: <NoticeList items={data?.anntMsgList ?? []} onOpen={openOne} />,
              },
              {
                key: 'sys',
                label: `系统消息(${data?.sysMsgTotal ?? 0})`,
                children: <NoticeList items={data?.sysMsgList ?? []} onOpen={openOne} />,
              },
            ]}
          />
        )}
        {showMore ? (
          <div style={{ textAlign: 'center' }}>
            <Button
              type="link"
              onClick={() => {
                setOpen(false);
                navigate(NOTICE_LIST_PATH);
              }}
            >
              查看更多
            </Button>
          </div>
        ) : null}
      </Spin>
    </div>
  );

  return (
    <>
      <Popover trigger="click" placement="bottomRight" open={open} onOpenChange={onOpenChange} content={panel}>
        <span
          data-testid="notice-bell"
          role="button"
          aria-label="消息通知"
          style={{ cursor: 'pointer', padding: '0 8px', display: 'inline-flex' }}
        >
          <Badge count={total} size="small" data-testid="notice-count">
            <BellOutlined style={{ fontSize: 16 }} />
          </Badge>
        </span>
      </Popover>
      {reader.dialog}
    </>
  );
}
