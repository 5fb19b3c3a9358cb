import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Badge, Popover, Spin } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { NOTICE_LIST_PATH } from '@procura/shared';
import type { Announcement } from '../../components/announcement/announcement-api';
import { useAnnouncementReader } from '../../components/announcement/use-announcement-reader';
import { useSession } from '../../lib/auth-store';
import { fetchSupplierProfile, SUPPLIER_PROFILE_QUERY_KEY } from '../../lib/supplier-api';
import { isSupplierUser } from '../../lib/user-kind';
import { useBellNotices } from './use-bell-notices';

const NoticePanel = lazy(() => import('./notice-panel').then((m) => ({ default: m.NoticePanel })));

/** How long the panel shows its loading indication when opened (spec part 2 §9). */
export const NOTICE_PANEL_LOADING_MS = 200;

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
    <Suspense fallback={<Spin style={{ display: 'block', width: 336 }} />}>
      <NoticePanel
        data={data}
        failed={notices.isError}
        loading={panelLoading}
        showMore={showMore}
        onRetry={() => void notices.refetch()}
        onOpen={openOne}
        onMore={() => {
          setOpen(false);
          navigate(NOTICE_LIST_PATH);
        }}
      />
    </Suspense>
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
