import { PORTAL_TYPE_LABELS } from '@procura/shared';
import type { PurchaseAnnouncementDetail } from '@procura/shared';
import { useState } from 'react';
import { LazySafeHtml as SafeHtml } from '../components/lazy-safe-html';
import { usePortalView } from './api';
import { InvitationDialog } from './items';
import { PortalPage } from './layout';
import { Link, useLocation } from './router';
import { Countdown, Loading, Pending } from './widgets';
import { useInnerConfig } from './inner-common';

/** The announcement detail (opened in a new tab): sanitised content and the 报名 dialog. */
export function DetailPage() {
  const config = useInnerConfig();
  const { query } = useLocation();
  const id = query.get('id') ?? '';
  const detail = usePortalView<PurchaseAnnouncementDetail>(id ? '/portal/view/purchaseAnnouncementDetail' : null, {
    id,
  });
  const [signing, setSigning] = useState(false);
  const data = detail.data;
  return (
    <PortalPage config={config} testId="portal-detail-page">
      <div className="p-container p-section">
        {!id ? (
          <Pending loading={false} empty>
            {null}
          </Pending>
        ) : detail.loading ? (
          <Loading />
        ) : data ? (
          <article className="p-detail" data-testid="portal-detail">
            <p className="p-crumb">
              <Link to="/purchaseAnnouncement">采购公告</Link> / {PORTAL_TYPE_LABELS[data.type]}
            </p>
            <h1 data-testid="portal-detail-title">{data.title}</h1>
            <p className="p-subtitle">
              {data.subtitle} · <span className="p-status">{data.status}</span> <Countdown days={data.countdown} />
            </p>
            <dl className="p-info">
              {data.info.map((info) => (
                <div key={info.label}>
                  <dt>{info.label}</dt>
                  <dd>{info.value || '—'}</dd>
                </div>
              ))}
              {data.dates.map((date) => (
                <div key={date.label}>
                  <dt>{date.label}</dt>
                  <dd>{date.value ?? '—'}</dd>
                </div>
              ))}
              {data.contact ? (
                <div>
                  <dt>联系方式</dt>
                  <dd>{data.contact}</dd>
                </div>
              ) : null}
            </dl>
            <SafeHtml html={data.content} className="p-content" data-testid="portal-detail-content" />
            <div className="p-detail-actions">
              <button
                type="button"
                className="p-btn p-btn-primary"
                onClick={() => setSigning(true)}
                data-testid="portal-signup-open"
              >
                报名
              </button>
            </div>
            {signing ? <InvitationDialog id={data.id} type={data.type} onClose={() => setSigning(false)} /> : null}
          </article>
        ) : (
          <Pending loading={false} empty>
            {null}
          </Pending>
        )}
      </div>
    </PortalPage>
  );
}
