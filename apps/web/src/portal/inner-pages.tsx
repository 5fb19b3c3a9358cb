import { PORTAL_LIMITS, PORTAL_TYPE_LABELS } from '@procura/shared';
import type {
  NewsItem,
  PortalSourcingType,
  PurchaseAnnouncementDetail,
  PurchaseAnnouncementPage,
  ResultAnnouncementItem,
} from '@procura/shared';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { SafeHtml } from '../components/safe-html';
import { recordsOf, usePortalView } from './api';
import { usePortalConfig } from './config-store';
import { Features } from './home-pro';
import { InvitationDialog, NewsCard, PurchaseCard, ResultCard, ResultModal } from './items';
import { Banner, PortalPage } from './layout';
import { Link, navigate, useLocation } from './router';
import { Slider, chunk } from './slider';
import { enabledTemplate } from './template';
import { Countdown, Loading, Pending, Tabs, isSourcingType } from './widgets';
import type { TabItem, TypeTab } from './widgets';

const PAGE_SIZE = 10;

const PURCHASE_TABS: TabItem<TypeTab>[] = [
  { key: 'all', label: '全部' },
  { key: 'tender', label: '招标' },
  { key: 'inquiry', label: '询价' },
  { key: 'bidding', label: '竞价' },
];
const RESULT_TABS: TabItem<PortalSourcingType>[] = [
  { key: 'tender', label: '招标' },
  { key: 'inquiry', label: '询价' },
  { key: 'bidding', label: '竞价' },
];

function useInnerConfig() {
  return usePortalConfig(enabledTemplate()).config;
}

function withQuery(pathname: string, query: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `${pathname}?${text}` : pathname;
}

function Pager({ current, pages, onChange }: { current: number; pages: number; onChange: (page: number) => void }) {
  if (pages <= 1) return null;
  return (
    <nav className="p-pager" aria-label="分页" data-testid="portal-pager">
      <button type="button" className="p-btn" disabled={current <= 1} onClick={() => onChange(current - 1)}>
        上一页
      </button>
      <span data-testid="portal-pager-current">
        {current} / {pages}
      </span>
      <button type="button" className="p-btn" disabled={current >= pages} onClick={() => onChange(current + 1)}>
        下一页
      </button>
    </nav>
  );
}

function SearchForm({ initial, onSearch }: { initial: string; onSearch: (value: string) => void }) {
  const [keyword, setKeyword] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(keyword.trim());
  };
  return (
    <form className="p-search" role="search" onSubmit={submit}>
      <label htmlFor="portal-search" className="sr-only">
        搜索采购公告
      </label>
      <input
        id="portal-search"
        type="search"
        placeholder="输入项目名称搜索"
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        data-testid="portal-search-input"
      />
      <button type="submit" className="p-btn p-btn-primary" data-testid="portal-search-submit">
        搜索
      </button>
    </form>
  );
}

/** 采购公告: ongoing count, keyword search (likeName), tabs, paged items. */
export function PurchasePage() {
  const config = useInnerConfig();
  const { pathname, query } = useLocation();
  const type = query.get('type');
  const tab: TypeTab = isSourcingType(type) ? type : 'all';
  const likeName = query.get('likeName') ?? '';
  const pageNo = Math.max(1, Number(query.get('pageNo')) || 1);
  const page = usePortalView<PurchaseAnnouncementPage>('/portal/view/purchaseAnnouncements', {
    likeName,
    type: tab === 'all' ? '' : tab,
    pageNo,
    pageSize: PAGE_SIZE,
  });
  const go = (next: { type?: TypeTab; likeName?: string; pageNo?: number }) =>
    navigate(
      withQuery(pathname, {
        type: (next.type ?? tab) === 'all' ? undefined : (next.type ?? tab),
        likeName: next.likeName ?? likeName,
        pageNo: next.pageNo && next.pageNo > 1 ? next.pageNo : undefined,
      }),
      { replace: true },
    );
  const records = page.data?.records ?? [];
  return (
    <PortalPage config={config} testId="portal-purchase-page">
      <Banner title="采购公告" testId="portal-purchase-banner" color={config.hero.primaryColor}>
        <p className="p-banner-text">
          正在进行的采购机会 <strong data-testid="portal-ongoing">{page.data ? page.data.ongoing : '—'}</strong> 个
        </p>
        <SearchForm key={likeName} initial={likeName} onSearch={(value) => go({ likeName: value, pageNo: 1 })} />
      </Banner>
      <div className="p-container p-section">
        <h2 className="sr-only">公告列表</h2>
        <Tabs
          items={PURCHASE_TABS}
          active={tab}
          onChange={(key) => go({ type: key, pageNo: 1 })}
          testId="portal-purchase-tab"
        />
        <Pending loading={page.loading} empty={records.length === 0}>
          <div className="p-list" data-testid="portal-purchase-list" data-total={page.data?.total ?? 0}>
            {records.map((item) => (
              <PurchaseCard key={item.id} item={item} />
            ))}
          </div>
          <Pager
            current={page.data?.current ?? pageNo}
            pages={page.data?.pages ?? 1}
            onChange={(p) => go({ pageNo: p })}
          />
        </Pending>
      </div>
    </PortalPage>
  );
}

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

/** 关于我们: introduction, history timeline 4 per page (autoplay, loop), contact offices. */
export function AboutPage() {
  const config = useInnerConfig();
  const { intro, history, offices } = config.about;
  const pages = chunk(history, PORTAL_LIMITS.timelinePerPage);
  return (
    <PortalPage config={config} testId="portal-about-page">
      <Banner title="关于我们" testId="portal-about-banner" color={config.hero.primaryColor} />
      <div className="p-container">
        <section className="p-section" id="intro" data-testid="portal-about-intro">
          <h2>公司简介</h2>
          <p className="p-intro">{intro || '暂无数据'}</p>
        </section>
        <section className="p-section" id="history" data-testid="portal-about-history">
          <h2>发展历程</h2>
          <Pending loading={false} empty={pages.length === 0}>
            <Slider
              items={history}
              perSlide={PORTAL_LIMITS.timelinePerPage}
              autoplayMs={PORTAL_LIMITS.sliderAutoplayMs}
              speedMs={PORTAL_LIMITS.sliderSpeedMs}
              testId="portal-timeline"
              label="发展历程"
              render={(entry) => (
                <div className="p-timeline-item">
                  <strong>{entry.year}</strong>
                  <span className="p-date">{entry.month}</span>
                  <p>{entry.content}</p>
                </div>
              )}
            />
          </Pending>
        </section>
        <section className="p-section" id="contact" data-testid="portal-about-offices">
          <h2>联系我们</h2>
          <Pending loading={false} empty={offices.length === 0}>
            <div className="p-grid p-grid-3">
              {offices.map((office) => (
                <article key={office.name} className="p-card">
                  <h3>{office.name}</h3>
                  <p>{office.address}</p>
                  <p>{office.phone}</p>
                </article>
              ))}
            </div>
          </Pending>
        </section>
      </div>
    </PortalPage>
  );
}

export function FeaturePage() {
  const config = useInnerConfig();
  return (
    <PortalPage config={config} testId="portal-feature-page">
      <Banner
        title={config.platformInfo.title || '平台介绍'}
        testId="portal-feature-banner"
        color={config.hero.primaryColor}
      />
      <Features config={config} testId="portal-feature-list" />
    </PortalPage>
  );
}

const GUIDE = [
  {
    title: '供应商注册',
    steps: [
      '点击页面右上角「注册」',
      '填写企业名称、统一社会信用代码与联系人信息',
      '设置符合强度要求的密码并提交',
      '首次登录后完善供应商信息，等待审核',
    ],
  },
  { title: '登录', steps: ['点击「登录」进入登录页', '输入用户名和密码', '多租户账号需选择租户后进入工作台'] },
  { title: '找回密码', steps: ['在登录页联系平台管理员重置密码', '使用新密码登录后尽快修改密码'] },
  {
    title: '参与报名',
    steps: ['在「采购公告」中找到项目并打开详情', '登录后点击「报名」', '在工作台中下载文件并按时响应'],
  },
];

export function GuidePage() {
  const config = useInnerConfig();
  return (
    <PortalPage config={config} testId="portal-guide-page">
      <Banner title="操作指南" testId="portal-guide-banner" color={config.hero.primaryColor} />
      <div className="p-container p-section p-grid p-grid-2">
        {GUIDE.map((g) => (
          <article key={g.title} className="p-card">
            <h2>{g.title}</h2>
            <ol>
              {g.steps.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ol>
          </article>
        ))}
      </div>
    </PortalPage>
  );
}

/** 新闻资讯: paged list, or one article with `?id=`. */
export function NewsPage() {
  const config = useInnerConfig();
  const { pathname, query } = useLocation();
  const id = query.get('id');
  const type = query.get('type') ?? '';
  const pageNo = Math.max(1, Number(query.get('pageNo')) || 1);
  const list = usePortalView<{ records: NewsItem[]; pages?: number; current?: number }>(
    id ? null : '/portal/view/news',
    { type, pageNo, pageSize: 12 },
  );
  const detail = usePortalView<NewsItem>(id ? '/portal/view/newsDetail' : null, { id: id ?? '' });
  return (
    <PortalPage config={config} testId="portal-news-page">
      <Banner title="新闻资讯" testId="portal-news-banner" color={config.hero.primaryColor} />
      <div className="p-container p-section">
        {id ? (
          detail.loading ? (
            <Loading />
          ) : detail.data ? (
            <article className="p-detail" data-testid="portal-news-detail">
              <p className="p-crumb">
                <Link to="/news">新闻资讯</Link>
              </p>
              <h1>{detail.data.title}</h1>
              <p className="p-subtitle">
                <span
                  className={detail.data.type === '行业新闻' ? 'p-news-type p-news-orange' : 'p-news-type p-news-blue'}
                >
                  {detail.data.type}
                </span>{' '}
                {detail.data.date}
              </p>
              <SafeHtml html={detail.data.content} className="p-content" />
            </article>
          ) : (
            <Pending loading={false} empty>
              {null}
            </Pending>
          )
        ) : (
          <Pending loading={list.loading} empty={recordsOf(list.data).length === 0}>
            <div className="p-grid p-grid-4" data-testid="portal-news-list">
              {recordsOf(list.data).map((item) => (
                <NewsCard key={item.id} item={item} />
              ))}
            </div>
            <Pager
              current={list.data?.current ?? pageNo}
              pages={list.data?.pages ?? 1}
              onChange={(p) => navigate(withQuery(pathname, { type, pageNo: p }), { replace: true })}
            />
          </Pending>
        )}
      </div>
    </PortalPage>
  );
}
