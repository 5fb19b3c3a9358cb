import { PORTAL_TYPE_LABELS } from '@procura/shared';
import type { NewsItem, PurchaseAnnouncementItem, ResultAnnouncementItem } from '@procura/shared';
import { recordsOf, usePortalView } from './api';
import { usePortalConfig } from './config-store';
import { SHADE, SectionHead } from './home-pro';
import { Countdown, Pending } from './widgets';
import { PortalPage } from './layout';
import { Link } from './router';

type List<T> = T[] | { records?: T[] };
const SE_ITEMS = 8;
// Each list keeps the height of its full length (p-se-slot-*) while it loads and after, so the
// sections below it do not move when it arrives (Lighthouse: cumulative layout shift 0.14).

/** The basic template's home: header, purchase list, result list, news, footer. */
export function SeHome() {
  const { config } = usePortalConfig('se');
  const purchases = usePortalView<List<PurchaseAnnouncementItem>>('/portal/view/purchaseAnnouncement', { type: '' });
  const results = usePortalView<List<ResultAnnouncementItem>>('/portal/view/resultAnnouncement', { type: '' });
  const news = usePortalView<List<NewsItem>>('/portal/view/news', { pageNo: 1, pageSize: 6 });
  return (
    <PortalPage config={config} testId="portal-se-home">
      <section className="p-se-hero" style={{ backgroundColor: config.hero.primaryColor, backgroundImage: SHADE }}>
        <div className="p-container">
          <h1>{config.hero.title.text}</h1>
          <p>{config.hero.subTitle.text}</p>
        </div>
      </section>
      <div className="p-container p-se-grid">
        <section className="p-section" data-testid="portal-se-purchases">
          <SectionHead title="采购公告" more="/purchaseAnnouncement" />
          <div className="p-se-slot p-se-slot-8">
            <Pending loading={purchases.loading} empty={recordsOf(purchases.data).length === 0}>
              <ul className="p-simple-list">
                {recordsOf(purchases.data)
                  .slice(0, SE_ITEMS)
                  .map((item) => (
                    <li key={item.id} data-testid="portal-purchase-item">
                      <span className={`p-type p-type-${item.type}`}>{PORTAL_TYPE_LABELS[item.type]}</span>
                      <a href={`/detail?id=${encodeURIComponent(item.id)}`} target="_blank" rel="noopener noreferrer">
                        {item.title}
                      </a>
                      <Countdown days={item.countdown} />
                    </li>
                  ))}
              </ul>
            </Pending>
          </div>
        </section>
        <section className="p-section" data-testid="portal-se-results">
          <SectionHead title="结果公示" more="/resultAnnouncement" />
          <div className="p-se-slot p-se-slot-8">
            <Pending loading={results.loading} empty={recordsOf(results.data).length === 0}>
              <ul className="p-simple-list">
                {recordsOf(results.data)
                  .slice(0, SE_ITEMS)
                  .map((item) => (
                    <li key={item.id}>
                      <span className={`p-type p-type-${item.type}`}>{PORTAL_TYPE_LABELS[item.type]}</span>
                      <Link to={`/resultAnnouncement?type=${item.type}&open=${encodeURIComponent(item.id)}`}>
                        {item.title}
                      </Link>
                      <span className="p-date">{item.date}</span>
                    </li>
                  ))}
              </ul>
            </Pending>
          </div>
        </section>
        <section className="p-section" data-testid="portal-se-news">
          <SectionHead title="新闻资讯" more="/news" newTab />
          <div className="p-se-slot p-se-slot-6">
            <Pending loading={news.loading} empty={recordsOf(news.data).length === 0}>
              <ul className="p-simple-list">
                {recordsOf(news.data).map((item) => (
                  <li key={item.id}>
                    <span
                      className={item.type === '行业新闻' ? 'p-news-type p-news-orange' : 'p-news-type p-news-blue'}
                    >
                      {item.type}
                    </span>
                    <a href={`/news?id=${encodeURIComponent(item.id)}`}>{item.title}</a>
                    <span className="p-date">{item.date}</span>
                  </li>
                ))}
              </ul>
            </Pending>
          </div>
        </section>
      </div>
    </PortalPage>
  );
}
