import type { CSSProperties } from 'react';
import type { PortalConfig, StyledText } from '@procura/shared';
import { staticUrl } from '../../lib/static-url';
import { usePreviewData } from './preview-data';

/** The CSS of a styled text (bold, colour, size, alignment). */
export function styledTextCss(t: StyledText | undefined, scale = 1): CSSProperties {
  return {
    fontWeight: t?.isBold ? 700 : 400,
    color: t?.style?.color,
    fontSize: t?.style?.fontSize ? Math.round(t.style.fontSize * scale) : undefined,
    textAlign: t?.style?.textAlign,
    margin: 0,
  };
}

/** The portal's dark veil over the hero colour or image, so its white text keeps its contrast (WCAG AA). */
const SHADE = 'linear-gradient(rgba(0, 0, 0, 0.42), rgba(0, 0, 0, 0.42))';
const sample: CSSProperties = { color: '#666', fontSize: 12 };
const block: CSSProperties = { padding: '16px 20px', borderBottom: '1px solid #f0f0f0' };
const h3: CSSProperties = { margin: '0 0 8px', fontSize: 16 };

/**
 * A simplified render of the portal page from the designer's current values: each optional
 * block only when its visible flag is on, as the portal does. Not the portal's own code (the
 * portal is a separate bundle); sizes are scaled down to fit beside the form. Figures,
 * announcements, news and members are the portal's live data (its public views), as the portal shows them.
 */
export function DesignerPreview({ config }: { config: PortalConfig }) {
  const { hero, logo, navs, background, callToAction, news, platformInfo, companyCloud, logoWall, footer } = config;
  const live = usePreviewData();
  // As the portal: the hero has its own colour (background.color is the page's), under the shade.
  const heroBg: CSSProperties = {
    backgroundColor: hero.primaryColor,
    backgroundImage: `${SHADE}${background?.image ? `, url("${staticUrl(background.image)}")` : ''}`,
    backgroundSize: 'cover',
    backgroundPosition: 'center',
    padding: '24px 20px',
    minHeight: Math.round((hero.height || 488) * 0.5),
    color: '#fff',
    borderRadius: hero.shape === 'ellipse' ? '0 0 40% 40% / 0 0 12% 12%' : undefined,
    clipPath: hero.shape === 'polygon' ? 'polygon(0 0, 100% 0, 100% 88%, 0 100%)' : undefined,
  };
  return (
    <div
      data-testid="designer-preview"
      style={{ border: '1px solid #d9d9d9', borderRadius: 8, overflow: 'hidden', background: '#fff' }}
    >
      <header
        data-testid="preview-navs"
        data-immersed={navs.isImmersed}
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 16,
          padding: '8px 20px',
          background: navs.isImmersed ? hero.primaryColor : '#fff',
          color: navs.isImmersed ? '#fff' : '#333',
        }}
      >
        <span data-testid="preview-logo" style={{ display: 'flex', alignItems: 'center', gap: 8, fontWeight: 600 }}>
          {logo.image ? <img src={staticUrl(logo.image)} alt={logo.text || 'logo'} style={{ height: 28 }} /> : null}
          {logo.text}
        </span>
        <nav
          style={{
            flex: 1,
            display: 'flex',
            gap: 12,
            justifyContent: navs.justify === 'center' ? 'center' : navs.justify === 'right' ? 'flex-end' : 'flex-start',
          }}
        >
          {navs.siteMap
            .filter((n) => n.visible !== false)
            .map((n, i) => (
              <span key={`${n.title}-${i}`}>{n.title}</span>
            ))}
        </nav>
      </header>
      <section data-testid="preview-hero" style={heroBg}>
        <h1 data-testid="preview-hero-title" style={styledTextCss(hero.title, 0.6)}>
          {hero.title.text}
        </h1>
        <p data-testid="preview-hero-subtitle" style={{ ...styledTextCss(hero.subTitle, 0.7), marginTop: 8 }}>
          {hero.subTitle.text}
        </p>
        {hero.button.visible ? (
          <span
            data-testid="preview-hero-button"
            style={{
              display: 'inline-block',
              marginTop: 12,
              padding: '4px 16px',
              borderRadius: 4,
              background: '#fff',
              color: hero.primaryColor,
            }}
          >
            {hero.button.text}
          </span>
        ) : null}
        {hero.statVisible ? (
          <div data-testid="preview-stats" style={{ display: 'flex', gap: 24, marginTop: 16 }}>
            {hero.statsData
              .filter((s) => s.visible !== false)
              .map((s, i) => {
                // A stat with a key shows the portal's live figure; one without shows its configured value.
                const figure = s.key && live.stats ? live.stats[s.key] : undefined;
                return (
                  <div
                    key={`${s.title}-${i}`}
                    data-testid="preview-stat"
                    data-live={figure !== undefined ? 'true' : 'false'}
                    title={figure !== undefined ? '门户实时数据' : '配置的固定值'}
                  >
                    <strong style={{ fontSize: 20 }}>
                      {figure ?? s.value}
                      {s.plus ? '+' : ''}
                    </strong>
                    {s.unit ? <small>{s.unit}</small> : null}
                    <div style={{ fontSize: 12 }}>{s.title}</div>
                  </div>
                );
              })}
          </div>
        ) : null}
      </section>
      <section style={block} data-testid="preview-announcements">
        <h3 style={h3}>采购公告 · 结果公示</h3>
        {live.purchases.length ? (
          <ul style={{ margin: 0, paddingLeft: 18 }}>
            {live.purchases.slice(0, 3).map((p) => (
              <li key={p.id}>{p.title}</li>
            ))}
          </ul>
        ) : (
          <div style={sample}>暂无已发布的采购公告</div>
        )}
      </section>
      {callToAction.visible ? (
        <section
          data-testid="preview-cta"
          style={{
            ...block,
            backgroundColor: callToAction.bgColor,
            backgroundImage: SHADE,
            color: '#fff',
            minHeight: Math.round((callToAction.height || 168) * 0.5),
          }}
        >
          <h3 style={{ ...h3, color: '#fff' }}>{callToAction.title}</h3>
          {callToAction.btn ? (
            <span style={{ border: '1px solid #fff', padding: '2px 12px', borderRadius: 4 }}>{callToAction.btn}</span>
          ) : null}
        </section>
      ) : null}
      {platformInfo.visible ? (
        <section data-testid="preview-platform" style={block}>
          <h3 style={{ ...h3, color: platformInfo.color }}>{platformInfo.title}</h3>
          <p style={{ margin: '0 0 8px', color: '#666' }}>{platformInfo.intro}</p>
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 8 }}>
            {platformInfo.features
              .filter((f) => f.visible)
              .map((f, i) => (
                <div key={`${f.title}-${i}`} style={{ border: '1px solid #f0f0f0', padding: 8, borderRadius: 4 }}>
                  <strong>{f.title}</strong>
                  <div style={{ fontSize: 12, color: '#666' }}>{f.content}</div>
                </div>
              ))}
          </div>
        </section>
      ) : null}
      {news.visible ? (
        <section data-testid="preview-news" style={block}>
          <h3 style={h3}>{news.title}</h3>
          {live.news.length ? (
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {live.news.map((n) => (
                <li key={n.id}>
                  {n.title} <span style={sample}>{n.date}</span>
                </li>
              ))}
            </ul>
          ) : (
            <div style={sample}>暂无已发布的新闻</div>
          )}
        </section>
      ) : null}
      {companyCloud.visible ? (
        <section data-testid="preview-company-cloud" style={block}>
          <h3 style={h3}>{companyCloud.title}</h3>
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
            {/* As the portal: the live members unless the administrator listed some. */}
            {(companyCloud.data.length ? companyCloud.data : live.members).map((m, i) => (
              <span key={`${m.name}-${i}`} style={{ background: '#f5f5f5', padding: '2px 8px', borderRadius: 4 }}>
                {m.name}
              </span>
            ))}
          </div>
        </section>
      ) : null}
      {logoWall.visible ? (
        <section data-testid="preview-logo-wall" style={block}>
          <h3 style={h3}>{logoWall.title}</h3>
          {logoWall.subtitle ? <div style={{ color: '#666', marginBottom: 8 }}>{logoWall.subtitle}</div> : null}
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(6, 1fr)', gap: 6 }}>
            {logoWall.logos
              .filter((l) => l.visible)
              .map((l, i) => (
                <div
                  key={`${l.name}-${i}`}
                  title={l.name}
                  style={{
                    border: '1px solid #f0f0f0',
                    height: 36,
                    display: 'flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                    fontSize: 11,
                  }}
                >
                  {l.img ? (
                    <img src={staticUrl(l.img)} alt={l.name} style={{ maxHeight: 30, maxWidth: '100%' }} />
                  ) : (
                    l.name
                  )}
                </div>
              ))}
          </div>
        </section>
      ) : null}
      <footer
        data-testid="preview-footer"
        style={{ padding: '16px 20px', background: '#1f1f1f', color: '#bbb', fontSize: 12 }}
      >
        <div style={{ display: 'flex', gap: 24, flexWrap: 'wrap' }}>
          {footer.siteMap
            .filter((e) => e.visible !== false)
            .map((e, i) => (
              <div key={`${e.title}-${i}`}>
                <div style={{ color: '#fff' }}>{e.title}</div>
                {(e.children ?? []).map((c, j) => (
                  <div key={`${c.title}-${j}`}>{c.title}</div>
                ))}
              </div>
            ))}
        </div>
        {footer.otherLinks.length ? (
          <div style={{ marginTop: 8 }}>{footer.otherLinks.map((l) => l.title).join(' | ')}</div>
        ) : null}
        <div style={{ marginTop: 8 }}>{footer.copyright}</div>
      </footer>
    </div>
  );
}
