import { lazy, Suspense, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Button, ConfigProvider, Layout, theme, Watermark } from 'antd';
import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useLocation } from 'react-router';
import { useSession } from '../lib/auth-store';
import { effectiveSettings, useLayoutSettings } from '../lib/layout-settings';
import { findRouteChain } from '../lib/menu-routes';
import type { AppRoute } from '../lib/menu-routes';
import { PLATFORM_NAME } from '../lib/platform';
import { useOpenedOnce } from '../lib/use-opened-once';
import { HeaderActions } from './header/header-actions';
import { GlobalFooter } from './layout/global-footer';
import {
  DRAWER_WIDTH,
  FIXED_CONTENT_WIDTH,
  HEADER_HEIGHT,
  SIDER_COLLAPSED_WIDTH,
  SIDER_WIDTH,
  TOP_MENU_RIGHT_MIN_WIDTH,
  WATERMARK,
} from './layout/layout-constants';
import { Logo } from './layout/logo';
import { PageHeader } from './layout/page-header';
import { useAutoHideHeader } from './layout/use-auto-hide-header';
import { useDevice } from './layout/use-device';
import { SideMenu } from './side-menu';
import { KeepAliveOutlet } from './tabs/keep-alive-outlet';
import { TabBar } from './tabs/tab-bar';
import { TabWorkspaceProvider, useTabWorkspace } from './tabs/tab-workspace';

// Opened from the header now and then: its code (radio, select, switch) loads on the first opening.
// The menu drawer of narrow screens likewise, on its first opening.
const Drawer = lazy(() => import('antd/es/drawer'));
const SettingsDrawer = lazy(() => import('./settings/settings-drawer').then((m) => ({ default: m.SettingsDrawer })));

const DARK_BG = '#001529';

/** The routed pages: the active one, plus hidden kept-alive ones. */
function WorkspaceContent() {
  const { tabs } = useTabWorkspace();
  return <KeepAliveOutlet tabs={tabs} />;
}

/** The page header names the page as its tab does: a page may title its tab after its record. */
function TabPageHeader({ routes, showTitle }: { routes: readonly AppRoute[]; showTitle: boolean }) {
  const { tabs } = useTabWorkspace();
  const { pathname } = useLocation();
  const tab = tabs.pages.find((p) => p.fullPath === tabs.activeKey);
  const title = tab?.title ?? findRouteChain(pathname, routes).at(-1)?.meta.title;
  return <PageHeader routes={routes} title={showTitle ? title : undefined} />;
}

/** The browser title is always the platform name; colour-weak mode filters the whole page. */
function usePageChrome(colorWeak: boolean): void {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = PLATFORM_NAME;
  }, [pathname]);
  useEffect(() => {
    document.body.classList.toggle('colorWeak', colorWeak);
    return () => document.body.classList.remove('colorWeak');
  }, [colorWeak]);
}

/**
 * The logged-in workspace (spec part 1 §2.6): side-menu or top-menu layout from the
 * settings, a drawer menu below 1088 px, header with search, notices, account actions and
 * sign-out, multi-tab bar, breadcrumb page header, keep-alive content and footer.
 */
export function BasicLayout() {
  const { routes, userInfo } = useSession();
  const settings = useLayoutSettings();
  const effective = effectiveSettings(settings);
  const device = useDevice();
  const mobile = device !== 'desktop';
  const small = device === 'small';
  const { token } = theme.useToken();
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const settingsMounted = useOpenedOnce(settingsOpen);
  const drawerMounted = useOpenedOnce(drawerOpen);
  const headerVisible = useAutoHideHeader(effective.autoHideHeader);
  usePageChrome(settings.colorWeak);

  const menu = routes?.menu ?? [];
  const routeList = routes?.routes ?? [];
  const dark = settings.menuTheme === 'dark';
  const menuTheme = dark ? 'dark' : 'light';
  // Below 1088 px both layouts fall back to the drawer menu.
  const topMenu = settings.layout === 'topmenu' && !mobile;
  const sideBar = !topMenu && !mobile;
  const fixedSider = sideBar && effective.fixedSider;
  const siderWidth = collapsed ? SIDER_COLLAPSED_WIDTH : SIDER_WIDTH;
  const fixedWidth = topMenu && !effective.fluid;

  const headerBackground = topMenu && dark ? DARK_BG : token.colorBgContainer;
  const header = (
    <Layout.Header
      data-testid="global-header"
      style={{
        height: HEADER_HEIGHT,
        lineHeight: `${HEADER_HEIGHT}px`,
        padding: small ? '0 8px' : topMenu ? '0 16px' : '0 16px 0 0',
        background: headerBackground,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        ...(settings.fixedHeader ? { position: 'sticky', top: 0, zIndex: 20, width: '100%' } : {}),
        transform: headerVisible ? undefined : 'translateY(-100%)',
        transition: 'transform 0.2s',
      }}
    >
      {mobile ? (
        <>
          <Button
            type="text"
            icon={<MenuOutlined />}
            aria-label="打开菜单"
            data-testid="menu-toggle"
            onClick={() => setDrawerOpen(true)}
          />
          {small ? null : <Logo dark={false} color={token.colorPrimary} />}
        </>
      ) : null}
      {sideBar ? (
        <Button
          type="text"
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          aria-label={collapsed ? '展开菜单' : '收起菜单'}
          data-testid="sider-toggle"
          onClick={() => setCollapsed((c) => !c)}
          style={{ width: 48, height: HEADER_HEIGHT }}
        />
      ) : null}
      {topMenu ? (
        <>
          <Logo dark={dark} color={token.colorPrimary} minWidth />
          <SideMenu entries={menu} collapsed={false} mode="horizontal" theme={menuTheme} />
        </>
      ) : (
        <div style={{ flex: 1 }} />
      )}
      <div
        className={topMenu && dark ? 'procura-header-dark' : undefined}
        style={{
          display: 'flex',
          justifyContent: 'flex-end',
          minWidth: topMenu ? TOP_MENU_RIGHT_MIN_WIDTH : undefined,
        }}
      >
        <HeaderActions menu={menu} compact={small} onOpenSettings={() => setSettingsOpen(true)} />
      </div>
    </Layout.Header>
  );

  const content: ReactNode = <WorkspaceContent />;
  const watermarked = settings.watermark ? (
    <Watermark
      content={userInfo?.realname || userInfo?.username || PLATFORM_NAME}
      font={{ fontSize: WATERMARK.fontSize }}
      rotate={WATERMARK.rotate}
    >
      <div data-testid="watermark">{content}</div>
    </Watermark>
  ) : (
    content
  );

  return (
    <ConfigProvider theme={{ components: { Menu: { collapsedWidth: SIDER_COLLAPSED_WIDTH } } }}>
      <TabWorkspaceProvider>
        <Layout
          style={{ minHeight: '100vh' }}
          data-testid="shell"
          data-layout={topMenu ? 'topmenu' : 'sidemenu'}
          data-device={device}
        >
          {sideBar ? (
            <Layout.Sider
              theme={menuTheme}
              width={SIDER_WIDTH}
              collapsedWidth={SIDER_COLLAPSED_WIDTH}
              collapsed={collapsed}
              trigger={null}
              data-testid="sider"
              style={{
                boxShadow: '2px 0 8px rgba(0, 21, 41, 0.08)',
                ...(fixedSider
                  ? {
                      position: 'fixed',
                      insetBlock: 0,
                      insetInlineStart: 0,
                      height: '100vh',
                      overflowY: 'auto',
                      zIndex: 30,
                    }
                  : {}),
              }}
            >
              <Logo collapsed={collapsed} dark={dark} color={token.colorPrimary} />
              <SideMenu entries={menu} collapsed={collapsed} theme={menuTheme} />
            </Layout.Sider>
          ) : null}
          {mobile && drawerMounted ? (
            <Suspense fallback={null}>
              <Drawer
                placement="left"
                size={DRAWER_WIDTH}
                open={drawerOpen}
                onClose={() => setDrawerOpen(false)}
                closable={false}
                styles={{ body: { padding: 0, background: dark ? DARK_BG : undefined } }}
                data-testid="menu-drawer"
              >
                <Logo dark={dark} color={token.colorPrimary} />
                <SideMenu entries={menu} collapsed={false} theme={menuTheme} onNavigate={() => setDrawerOpen(false)} />
              </Drawer>
            </Suspense>
          ) : null}
          {/* A fixed side bar is out of the flow: the page keeps clear of it (160 px open, 120 collapsed). */}
          <Layout style={{ paddingInlineStart: fixedSider ? siderWidth : 0, transition: 'padding 0.2s' }}>
            {header}
            {settings.multiTab ? <TabBar /> : null}
            <Layout.Content style={{ margin: 0 }}>
              <div
                style={fixedWidth ? { maxWidth: FIXED_CONTENT_WIDTH, margin: '0 auto' } : undefined}
                data-testid="content"
                data-width={fixedWidth ? 'Fixed' : 'Fluid'}
              >
                <TabPageHeader routes={routeList} showTitle={!small} />
                <div style={{ padding: small ? '0 8px 8px' : '0 16px 16px' }}>{watermarked}</div>
              </div>
            </Layout.Content>
            <GlobalFooter />
          </Layout>
        </Layout>
        {settingsMounted ? (
          <Suspense fallback={null}>
            <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
          </Suspense>
        ) : null}
      </TabWorkspaceProvider>
    </ConfigProvider>
  );
}
