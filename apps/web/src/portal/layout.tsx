import { PORTAL_LIMITS } from '@procura/shared';
import type { PortalConfig } from '@procura/shared';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { fileUrl } from './api';
import { Link, useLocation } from './router';

/** Header state from the scroll position: immersive (transparent) up to 64 px, hidden when scrolling down past 100 px. */
export function headerState(
  scrollY: number,
  previousY: number,
  immersive: boolean,
): { transparent: boolean; hidden: boolean } {
  return {
    transparent: immersive && scrollY <= PORTAL_LIMITS.immersiveThresholdPx,
    hidden: scrollY > PORTAL_LIMITS.autoHideThresholdPx && scrollY > previousY,
  };
}

function useHeaderState(immersive: boolean) {
  const [state, setState] = useState(() =>
    headerState(typeof window === 'undefined' ? 0 : window.scrollY, 0, immersive),
  );
  useEffect(() => {
    let previous = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      const next = headerState(y, previous, immersive);
      previous = y;
      setState((s) => (s.transparent === next.transparent && s.hidden === next.hidden ? s : next));
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [immersive]);
  return state;
}

export function PortalHeader({ config, immersive }: { config: PortalConfig; immersive: boolean }) {
  const { pathname } = useLocation();
  const { transparent, hidden } = useHeaderState(immersive && config.navs.isImmersed);
  const [open, setOpen] = useState(false);
  const logo = fileUrl(config.logo.image);
  const entries = config.navs.siteMap.filter((entry) => entry.visible !== false);
  return (
    <header
      className={`p-header${transparent ? ' p-header-transparent' : ''}${hidden ? ' p-header-hidden' : ''}`}
      data-testid="portal-header"
      data-immersive={transparent ? 'true' : 'false'}
      data-hidden={hidden ? 'true' : 'false'}
    >
      <div className="p-header-inner">
        <Link to="/portal" className="p-logo" data-testid="portal-logo">
          {logo ? <img src={logo} alt="" width={32} height={32} /> : null}
          <span>{config.logo.text}</span>
        </Link>
        <button
          type="button"
          className="p-nav-toggle"
          aria-label="菜单"
          aria-expanded={open}
          onClick={() => setOpen((v) => !v)}
        >
          ☰
        </button>
        <nav
          className={`p-nav p-nav-${config.navs.justify}${open ? ' p-nav-open' : ''}`}
          aria-label="门户导航"
          data-testid="portal-nav"
        >
          {entries.map((entry) => (
            <Link
              key={entry.url}
              to={entry.url}
              className={samePage(pathname, entry.url) ? 'p-nav-link p-nav-active' : 'p-nav-link'}
              onClick={() => setOpen(false)}
            >
              {entry.title}
            </Link>
          ))}
        </nav>
        <div className="p-header-actions">
          <a href="/user/login" className="p-btn p-btn-ghost" data-testid="portal-login-link">
            登录
          </a>
          <a href="/register" className="p-btn p-btn-primary" data-testid="portal-register-link">
            注册
          </a>
        </div>
      </div>
    </header>
  );
}

function samePage(pathname: string, url: string): boolean {
  const target = url.split('?')[0]!.replace(/^\/pro\//, '/');
  return pathname.replace(/^\/pro\//, '/') === target;
}

export function PortalFooter({ config }: { config: PortalConfig }) {
  const siteMap = config.footer.siteMap.filter((entry) => entry.visible !== false);
  return (
    <footer className="p-footer" data-testid="portal-footer">
      <div className="p-footer-inner">
        {siteMap.length > 0 ? (
          <div className="p-footer-map" data-testid="portal-footer-map">
            {siteMap.map((entry) => (
              <div key={entry.url + entry.title} className="p-footer-col">
                <h3>
                  <Link to={entry.url}>{entry.title}</Link>
                </h3>
                <ul>
                  {(entry.children ?? []).map((child) => (
                    <li key={child.url + child.title}>
                      <Link to={child.url}>{child.title}</Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        ) : null}
        {config.footer.otherLinks.length > 0 ? (
          <div className="p-footer-links">
            {config.footer.otherLinks.map((link) => (
              <Link key={link.url + link.title} to={link.url}>
                {link.title}
              </Link>
            ))}
          </div>
        ) : null}
        <p className="p-copyright">{config.footer.copyright}</p>
      </div>
    </footer>
  );
}

/** Header, main content, footer. */
export function PortalPage({
  config,
  immersive = false,
  children,
  testId,
}: {
  config: PortalConfig;
  immersive?: boolean;
  children: ReactNode;
  testId: string;
}) {
  return (
    <div className="p-page" data-testid={testId} style={{ backgroundColor: config.background.color || undefined }}>
      <PortalHeader config={config} immersive={immersive} />
      <main className={immersive ? 'p-main p-main-immersive' : 'p-main'}>{children}</main>
      <PortalFooter config={config} />
    </div>
  );
}

/** The banner at the top of an inner page. */
export function Banner({
  title,
  height = 240,
  children,
  testId,
  color,
}: {
  title: string;
  height?: number;
  children?: ReactNode;
  testId: string;
  color?: string;
}) {
  return (
    <section
      className="p-banner"
      style={{
        minHeight: height,
        backgroundColor: color,
        backgroundImage: 'linear-gradient(rgba(0, 0, 0, 0.42), rgba(0, 0, 0, 0.42))',
      }}
      data-testid={testId}
    >
      <div className="p-container">
        <h1>{title}</h1>
        {children}
      </div>
    </section>
  );
}
