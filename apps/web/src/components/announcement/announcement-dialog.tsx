import type { MouseEvent } from 'react';
import { Button, Divider, Modal, Result, Space, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { isExternalUrl } from '@procura/shared';
import { SafeHtml } from '../safe-html';
import { fetchAnnouncement, NOTICE_QUERY_KEYS } from './announcement-api';
import type { Announcement } from './announcement-api';
import { announcementLinkTarget } from './announcement-link';

export const SYSTEM_MESSAGE_CATEGORY = '2';

/** '系统公告' for system messages (category 2), '通知公告' otherwise. */
export function announcementDialogTitle(msgCategory: string | null | undefined): string {
  return msgCategory === SYSTEM_MESSAGE_CATEGORY ? '系统公告' : '通知公告';
}

type Props = {
  /** The announcement to show (loaded by id); null keeps the dialog closed. */
  id: string | null;
  /** What the list already knows, shown while the detail loads. */
  preview?: Partial<Announcement> | null;
  onClose: () => void;
};

/** The announcement dialog (spec part 1 §2.6): title, sender, send time, the HTML body, 关闭 and 去处理. */
export function AnnouncementDialog({ id, preview, onClose }: Props) {
  const navigate = useNavigate();
  const detail = useQuery({
    queryKey: NOTICE_QUERY_KEYS.detail(id ?? ''),
    queryFn: () => fetchAnnouncement(id!),
    enabled: id !== null,
  });
  const shown: Partial<Announcement> | null | undefined = detail.data ?? preview;

  const go = (to: string) => {
    onClose();
    if (isExternalUrl(to)) window.open(to, '_blank', 'noopener,noreferrer');
    else navigate(to);
  };

  const onLinkClick = (anchor: HTMLAnchorElement, event: MouseEvent<HTMLElement>) => {
    event.preventDefault();
    const target = announcementLinkTarget(anchor.getAttribute('href'), anchor.getAttribute('id'));
    if (!target) return;
    if (target.kind === 'external') window.open(target.url, '_blank', 'noopener,noreferrer');
    else go(target.to);
  };

  const openPage = shown?.openType === 'url' ? shown.openPage : null;
  return (
    <Modal
      open={id !== null}
      title={announcementDialogTitle(shown?.msgCategory)}
      width="60%"
      styles={{ body: { height: '70vh', overflowY: 'auto' } }}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>关闭</Button>
          {openPage ? (
            <Button type="primary" onClick={() => go(openPage)}>
              去处理
            </Button>
          ) : null}
        </Space>
      }
    >
      <div data-testid="announcement-dialog">
        {detail.isError && !shown?.msgContent ? (
          <Result status="warning" title="公告加载失败" subTitle={detail.error.message} />
        ) : (
          <Spin spinning={detail.isFetching && !detail.data}>
            <Typography.Title level={4} style={{ textAlign: 'center', marginTop: 8 }}>
              {shown?.titile}
            </Typography.Title>
            <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
              发布人：{shown?.sender || '-'}
              <Divider orientation="vertical" />
              发布时间：{shown?.sendTime || '-'}
            </Typography.Paragraph>
            <Divider />
            <SafeHtml html={shown?.msgContent} onLinkClick={onLinkClick} data-testid="announcement-content" />
          </Spin>
        )}
      </div>
    </Modal>
  );
}
