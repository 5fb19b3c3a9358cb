import { PORTAL_LIMITS } from '@procura/shared';
import type { PortalSourcingType, ResultAnnouncementItem } from '@procura/shared';
import { useState } from 'react';
import { recordsOf, usePortalView } from './api';
import { ResultCard, ResultModal } from './items';
import { Banner, PortalPage } from './layout';
import { navigate, useLocation } from './router';
import { Slider } from './slider';
import { Pending, Tabs, isSourcingType } from './widgets';
import type { TabItem } from './widgets';
import { useInnerConfig, withQuery } from './inner-common';

const RESULT_TABS: TabItem<PortalSourcingType>[] = [
  { key: 'tender', label: '招标' },
  { key: 'inquiry', label: '询价' },
  { key: 'bidding', label: '竞价' },
];

/** 结果公示: banner (240), tabs 招标/询价/竞价, carousel 4 per slide, result modal. */
export function ResultPage() {
  const config = useInnerConfig();
  const { pathname, query } = useLocation();
  const type = query.get('type');
  const tab: PortalSourcingType = isSourcingType(type) ? type : 'tender';
  const list = usePortalView<ResultAnnouncementItem[] | { records?: ResultAnnouncementItem[] }>(
    '/portal/view/resultAnnouncement',
    { type: tab },
  );
  const items = recordsOf(list.data).filter((item) => item.type === tab);
  const openId = query.get('open');
  const [picked, setOpen] = useState<ResultAnnouncementItem | null>(null);
  // `?open=<id>` (from a home-page result) opens that result's modal.
  const open = picked ?? (openId ? (recordsOf(list.data).find((item) => item.id === openId) ?? null) : null);
  const close = () => {
    setOpen(null);
    if (openId) navigate(withQuery(pathname, { type: tab }), { replace: true });
  };
  return (
    <PortalPage config={config} testId="portal-result-page">
      <Banner
        title="结果公示"
        height={PORTAL_LIMITS.resultBannerHeight}
        testId="portal-result-banner"
        color={config.hero.primaryColor}
      />
      <div className="p-container p-section">
        <Tabs
          items={RESULT_TABS}
          active={tab}
          onChange={(key) => navigate(withQuery(pathname, { type: key }), { replace: true })}
          testId="portal-result-tab"
        />
        <Pending loading={list.loading} empty={items.length === 0}>
          <Slider
            items={items}
            perSlide={PORTAL_LIMITS.resultPerSlide}
            speedMs={PORTAL_LIMITS.sliderSpeedMs}
            testId="portal-result-carousel"
            label="结果公示"
            render={(item) => <ResultCard item={item} onOpen={setOpen} />}
          />
        </Pending>
      </div>
      {open ? <ResultModal item={open} onClose={close} /> : null}
    </PortalPage>
  );
}
