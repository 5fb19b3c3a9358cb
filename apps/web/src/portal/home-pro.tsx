import { PORTAL_LIMITS } from '@procura/shared';
import type {
  NewsItem,
  PortalConfig,
  PortalMember,
  PortalStats,
  PurchaseAnnouncementItem,
  ResultAnnouncementItem,
} from '@procura/shared';
import { useState } from 'react';
import { fileUrl, recordsOf, usePortalView } from './api';
import { usePortalConfig } from './config-store';
import { CountUp } from '../components/text/count-up';
import { NewsCard, PurchaseCard, ResultCard } from './items';
import { PortalPage } from './layout';
import { Link, navigate } from './router';
import { Slider } from './slider';
import { Pending } from './widgets';

type List<T> = T[] | { records?: T[] };

/** A dark veil over configured colours and images so white text keeps its contrast (WCAG AA). */
export const SHADE = 'linear-gradient(rgba(0, 0, 0, 0.42), rgba(0, 0, 0, 0.42))';

function Hero({ config, loaded }: { config: PortalConfig; loaded: boolean }) {
  const { hero, background } = config;
  // background.color is the page's; the hero has its own colour (and the optional image).
  const needsStats = hero.statVisible && hero.statsData.some((stat) => stat.key);
  const stats = usePortalView<PortalStats>(needsStats ? '/portal/view/stats' : null);
  const bg = fileUrl(background.image);
  const titleStyle = { ...hero.title.style, fontWeight: hero.title.isBold ? 700 : 500 };
  const subStyle = { ...hero.subTitle.style, fontWeight: hero.subTitle.isBold ? 700 : 400 };
  return (
    <section
      className={`p-hero p-hero-${hero.shape}`}
      data-testid="portal-hero"
      style={{
        minHeight: hero.height,
        backgroundColor: hero.primaryColor,
        backgroundImage: `${SHADE}${bg ? `, url("${bg}")` : ''}`,
      }}
    >
      {/* Nothing until the saved configuration is in: no flash of the fallback title. */}
      <div className="p-container p-hero-inner" hidden={!loaded}>
        <h1 style={titleStyle}>{hero.title.text}</h1>
        <p style={subStyle}>{hero.subTitle.text}</p>
        {hero.button.visible ? (
          <Link
            to={hero.button.url || '/register'}
            className="p-btn p-btn-light p-hero-btn"
            data-testid="portal-hero-button"
          >
            {hero.button.text}
          </Link>
        ) : null}
        {hero.statVisible ? (
          <ul className="p-stats" data-testid="portal-stats">
            {hero.statsData
              .filter((stat) => stat.visible !== false)
              .map((stat) => {
                const live = stat.key && stats.data ? stats.data[stat.key] : undefined;
                return (
                  <li key={stat.title} data-testid="portal-stat" data-key={stat.key ?? ''}>
                    <span className="p-stat-value">
                      <CountUp end={typeof live === 'number' ? live : stat.value} testId="portal-count-up" />
                      {stat.plus ? '+' : ''}
                      {stat.unit ? <small>{stat.unit}</small> : null}
                    </span>
                    <span className="p-stat-title">{stat.title}</span>
                  </li>
                );
              })}
          </ul>
        ) : null}
      </div>
    </section>
  );
}

function LoginBox({ onClose }: { onClose: () => void }) {
  return (
    <aside className="p-login-box" data-testid="portal-login-box" aria-label="登录">
      <button
        type="button"
        className="p-dialog-x"
        aria-label="关闭登录框"
        data-testid="portal-login-box-close"
        onClick={onClose}
      >
        ×
      </button>
      <h2>欢迎登录</h2>
      <p>供应商与采购人员登录后参与报名、报价与协同。</p>
      <a className="p-btn p-btn-primary p-block" href="/user/login" data-testid="portal-login-box-login">
        登录
      </a>
      <a className="p-btn p-block" href="/register">
        供应商注册
      </a>
    </aside>
  );
}

export function SectionHead({
  title,
  more,
  moreTestId,
  newTab,
}: {
  title: string;
  more?: string;
  moreTestId?: string;
  newTab?: boolean;
}) {
  return (
    <div className="p-section-head">
      <h2>{title}</h2>
      {more ? (
        <Link to={more} target={newTab ? '_blank' : undefined} className="p-more" data-testid={moreTestId}>
          查看更多
        </Link>
      ) : null}
    </div>
  );
}

function PurchaseBlock() {
  const list = usePortalView<List<PurchaseAnnouncementItem>>('/portal/view/purchaseAnnouncement', { type: '' });
  const items = recordsOf(list.data).slice(0, PORTAL_LIMITS.homeSliderItems);
  return (
    <section className="p-section" data-testid="portal-purchase-block">
      <div className="p-container">
        <SectionHead title="采购公告" more="/purchaseAnnouncement" moreTestId="portal-purchase-more" />
        <Pending loading={list.loading} empty={items.length === 0}>
          <Slider
            items={items}
            perSlide={PORTAL_LIMITS.perSlide}
            autoplayMs={PORTAL_LIMITS.sliderAutoplayMs}
            speedMs={PORTAL_LIMITS.sliderSpeedMs}
            testId="portal-purchase-slider"
            label="采购公告"
            render={(item) => <PurchaseCard item={item} compact />}
          />
        </Pending>
      </div>
    </section>
  );
}

function ResultBlock() {
  const list = usePortalView<List<ResultAnnouncementItem>>('/portal/view/resultAnnouncement', { type: '' });
  const items = recordsOf(list.data).slice(0, PORTAL_LIMITS.homeSliderItems);
  return (
    <section className="p-section p-section-alt" data-testid="portal-result-block">
      <div className="p-container">
        <SectionHead title="结果公示" more="/resultAnnouncement" moreTestId="portal-result-more" />
        <Pending loading={list.loading} empty={items.length === 0}>
          <Slider
            items={items}
            perSlide={PORTAL_LIMITS.perSlide}
            autoplayMs={PORTAL_LIMITS.sliderAutoplayMs}
            speedMs={PORTAL_LIMITS.sliderSpeedMs}
            testId="portal-result-slider"
            label="结果公示"
            render={(item) => (
              <ResultCard
                item={item}
                onOpen={(r) => navigate(`/resultAnnouncement?type=${r.type}&open=${encodeURIComponent(r.id)}`)}
              />
            )}
          />
        </Pending>
      </div>
    </section>
  );
}

export function NewsBlock({ title }: { title: string }) {
  const list = usePortalView<List<NewsItem>>('/portal/view/news', { pageNo: 1, pageSize: PORTAL_LIMITS.newsCards });
  const items = recordsOf(list.data).slice(0, PORTAL_LIMITS.newsCards);
  return (
    <section className="p-section" data-testid="portal-news-block">
      <div className="p-container">
        <SectionHead title={title} more="/news" moreTestId="portal-news-more" newTab />
        <Pending loading={list.loading} empty={items.length === 0}>
          <div className="p-grid p-grid-4">
            {items.map((item) => (
              <NewsCard key={item.id} item={item} />
            ))}
          </div>
        </Pending>
      </div>
    </section>
  );
}

function Members({ config }: { config: PortalConfig }) {
  const list = usePortalView<PortalMember[]>('/portal/view/members');
  const members = list.data && list.data.length > 0 ? list.data : config.companyCloud.data;
  return (
    <section className="p-section p-section-alt" data-testid="portal-members">
      <div className="p-container">
        <SectionHead title={config.companyCloud.title} />
        <Pending loading={list.loading} empty={members.length === 0}>
          <ul className="p-members">
            {members.map((member) => (
              <li key={member.name + member.date}>
                <span>{member.name}</span>
                <span className="p-date">{member.date}</span>
              </li>
            ))}
          </ul>
        </Pending>
      </div>
    </section>
  );
}

function LogoWall({ config }: { config: PortalConfig }) {
  const logos = config.logoWall.logos.filter((logo) => logo.visible !== false).slice(0, PORTAL_LIMITS.logoWall);
  return (
    <section className="p-section" data-testid="portal-logo-wall">
      <div className="p-container">
        <SectionHead title={config.logoWall.title} />
        {config.logoWall.subtitle ? <p className="p-intro">{config.logoWall.subtitle}</p> : null}
        <ul className="p-logos">
          {logos.map((logo, i) => {
            const src = fileUrl(logo.img);
            return (
              <li key={logo.name + i} data-testid="portal-logo">
                {src ? (
                  <img src={src} alt={logo.name} loading="lazy" width={120} height={48} />
                ) : (
                  <span>{logo.name}</span>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

export function Features({ config, testId = 'portal-features' }: { config: PortalConfig; testId?: string }) {
  const info = config.platformInfo;
  return (
    <section className="p-section" data-testid={testId}>
      <div className="p-container">
        <SectionHead title={info.title} />
        {info.intro ? <p className="p-intro">{info.intro}</p> : null}
        <div className="p-grid p-grid-3">
          {info.features
            .filter((f) => f.visible !== false)
            .map((feature) => (
              <article key={feature.title} className="p-card p-feature">
                <span className="p-feature-icon" aria-hidden="true" style={{ background: info.color }}>
                  {feature.title.slice(0, 1)}
                </span>
                <h3>{feature.title}</h3>
                <p>{feature.content}</p>
              </article>
            ))}
        </div>
      </div>
    </section>
  );
}

/** The advanced template's home (spec part 1 §1, §2.5): optional blocks only when their `visible` flag is true. */
export function ProHome() {
  const { config, loaded } = usePortalConfig('pro');
  const [loginOpen, setLoginOpen] = useState(true);
  const cta = config.callToAction;
  return (
    <PortalPage config={config} immersive testId="portal-pro-home">
      <div className="p-hero-wrap">
        <Hero config={config} loaded={loaded} />
        {loginOpen ? <LoginBox onClose={() => setLoginOpen(false)} /> : null}
      </div>
      <PurchaseBlock />
      <ResultBlock />
      {loaded && cta.visible ? (
        <section
          className="p-cta"
          data-testid="portal-cta"
          style={{ backgroundColor: cta.bgColor, backgroundImage: SHADE, minHeight: cta.height }}
        >
          <div className="p-container">
            <h2>{cta.title}</h2>
            <Link to={cta.url || '/register'} className="p-btn p-btn-light">
              {cta.btn}
            </Link>
          </div>
        </section>
      ) : null}
      {loaded && config.platformInfo.visible ? <Features config={config} /> : null}
      {loaded && config.news.visible ? <NewsBlock title={config.news.title} /> : null}
      {loaded && config.companyCloud.visible ? <Members config={config} /> : null}
      {loaded && config.logoWall.visible ? <LogoWall config={config} /> : null}
    </PortalPage>
  );
}
