import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { StorageKey } from '@procura/shared';
import type { PortalConfig, PurchaseAnnouncementItem, PurchaseAnnouncementPage } from '@procura/shared';
import { fail, fakeServer, ok } from '../test/fake-server';
import { PortalApp } from './app';
import { clearPortalConfigCache } from './config-store';
import { FALLBACK_CONFIG } from './default-config';
import { headerState } from './layout';
import { clearEnabledTemplateCache } from './template';
import { persistedSession } from '../lib/session-persistence';

function item(id: string, type: PurchaseAnnouncementItem['type'], countdown: number | null): PurchaseAnnouncementItem {
  return {
    id,
    type,
    title: `项目${id}`,
    subtitle: `CG-${id} 采购部`,
    status: '报名中',
    info: [{ label: '采购产品', value: '钢材等2项' }],
    dates: [{ label: '报名截止时间', value: '2026-12-01 10:00:00' }],
    countdown,
    publishTime: '2026-11-01 10:00:00',
  };
}

function page(records: PurchaseAnnouncementItem[]): PurchaseAnnouncementPage {
  return { records, total: records.length, size: 10, current: 1, pages: 1, ongoing: 7 };
}

function config(overrides: Partial<PortalConfig> = {}): PortalConfig {
  return { ...FALLBACK_CONFIG, ...overrides };
}

function at(url: string) {
  window.history.replaceState(null, '', url);
}

let server: ReturnType<typeof fakeServer>;
/** The site's enabled template, as the server keeps it (issue 19 item 7). */
let siteTemplate = 'se';
function serve(routes: Parameters<typeof fakeServer>[0]) {
  server = fakeServer({ 'GET /portal/view/template': () => ok({ template: siteTemplate }), ...routes });
  vi.stubGlobal('fetch', server.fetch);
}

beforeEach(() => {
  clearPortalConfigCache();
  clearEnabledTemplateCache();
  siteTemplate = 'se';
  window.localStorage.clear();
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('采购公告 (spec part 1 §2.5, domain §23)', () => {
  it('shows the ongoing count, colours the countdown (≥10 green, 5–<10 orange) and opens details in a new tab', async () => {
    serve({
      'GET /portal/view/config': () => ok(config()),
      'GET /portal/view/purchaseAnnouncements': () =>
        ok(page([item('a1', 'tender', 12), item('a2', 'inquiry', 7), item('a3', 'bidding', 3)])),
    });
    at('/purchaseAnnouncement');
    render(<PortalApp />);
    const items = await screen.findAllByTestId('portal-purchase-item');
    expect(items).toHaveLength(3);
    expect(screen.getByTestId('portal-ongoing').textContent).toContain('7');
    expect(screen.getAllByTestId('portal-countdown').map((el) => el.getAttribute('data-color'))).toEqual([
      'green',
      'orange',
      'none',
    ]);
    const detail = within(items[0]!).getByTestId('portal-detail-link');
    expect(detail.getAttribute('target')).toBe('_blank');
    expect(detail.getAttribute('href')).toBe('/detail?id=a1');
    expect(within(items[0]!).getByText('报名截止时间：2026-12-01 10:00:00')).toBeTruthy();
  });

  it('sends the keyword as likeName and the tab as type', async () => {
    serve({
      'GET /portal/view/config': () => ok(config()),
      'GET /portal/view/purchaseAnnouncements': () => ok(page([item('a1', 'tender', 12)])),
    });
    at('/purchaseAnnouncement');
    render(<PortalApp />);
    await screen.findAllByTestId('portal-purchase-item');
    fireEvent.click(screen.getByTestId('portal-purchase-tab-inquiry'));
    await waitFor(() =>
      expect(server.calls('GET /portal/view/purchaseAnnouncements').at(-1)!.url.searchParams.get('type')).toBe(
        'inquiry',
      ),
    );
    fireEvent.change(screen.getByTestId('portal-search-input'), { target: { value: '钢材' } });
    fireEvent.click(screen.getByTestId('portal-search-submit'));
    await waitFor(() => {
      const last = server.calls('GET /portal/view/purchaseAnnouncements').at(-1)!.url.searchParams;
      expect([last.get('likeName'), last.get('type')]).toEqual(['钢材', 'inquiry']);
    });
    expect(window.location.search).toContain('type=inquiry');
  });

  it('shows the server message as a warning when the list fails, and the empty state', async () => {
    serve({
      'GET /portal/view/config': () => ok(config()),
      'GET /portal/view/purchaseAnnouncements': () => fail(200, '服务繁忙，请稍后再试', 500),
    });
    at('/purchaseAnnouncement');
    render(<PortalApp />);
    expect((await screen.findByText('服务繁忙，请稍后再试'))?.getAttribute('data-type')).toBe('warning');
    expect((await screen.findByTestId('portal-empty')).textContent).toContain('暂无数据');
  });
});

describe('the invitation dialog', () => {
  const detail = {
    ...item('a1', 'tender', 12),
    content: '<p>公告正文</p><script>alert(1)</script>',
    contact: '张三',
    signupOpen: true,
    signupStart: null,
    signupDeadline: '2026-12-01 10:00:00',
  };
  const routes = () => ({
    'GET /portal/view/config': () => ok(config()),
    'GET /portal/view/purchaseAnnouncementDetail': () => ok(detail),
    'GET /portal/view/invitation': () => ok(detail),
    'POST /portal/view/signUp': () => ok({ announcementId: 'a1' }, '报名成功'),
    'GET /portal/view/signUpCheck': () => ok({ refusal: null }),
  });

  it('a signed-in supplier whose admission is pending sees 报名 disabled with the reason and sends nothing', async () => {
    window.localStorage.setItem(StorageKey.TOKEN, JSON.stringify({ value: 'tok-1', expire: null }));
    serve({ ...routes(), 'GET /portal/view/signUpCheck': () => ok({ refusal: '供应商准入审核通过后方可报名' }) });
    at('/detail?id=a1');
    render(<PortalApp />);
    fireEvent.click(await screen.findByTestId('portal-signup-open'));
    expect((await screen.findByTestId('portal-invitation-blocked')).textContent).toBe('供应商准入审核通过后方可报名');
    const button = screen.getByTestId<HTMLButtonElement>('portal-invitation-signup');
    expect(button.disabled).toBe(true);
    expect(button.title).toBe('供应商准入审核通过后方可报名');
    fireEvent.click(button);
    expect(server.calls('POST /portal/view/signUp')).toHaveLength(0);
  });

  it('without a login token prompts 请先登录或注册 and sends nothing', async () => {
    serve(routes());
    at('/detail?id=a1');
    render(<PortalApp />);
    expect((await screen.findByTestId('portal-detail-content')).textContent).toContain('公告正文');
    expect(screen.getByTestId('portal-detail-content').innerHTML).not.toContain('script');
    fireEvent.click(screen.getByTestId('portal-signup-open'));
    fireEvent.click(await screen.findByTestId('portal-invitation-signup'));
    expect((await screen.findByTestId('portal-invitation-message')).textContent).toContain('请先登录或注册');
    expect(server.calls('POST /portal/view/signUp')).toHaveLength(0);
    // The prompt links to sign-in (coming back here) and to registration.
    expect(screen.getByTestId('portal-invitation-login').getAttribute('href')).toBe(
      `/user/login?redirect=${encodeURIComponent('/detail?id=a1')}`,
    );
    expect(screen.getByTestId('portal-invitation-register').getAttribute('href')).toBe('/register');
  });

  it('with a login posts the sign-up with the token and shows the answer; a refusal is a warning', async () => {
    window.localStorage.setItem(StorageKey.TOKEN, JSON.stringify({ value: 'tok-1', expire: null }));
    let first = true;
    serve({
      ...routes(),
      'POST /portal/view/signUp': () => {
        const answer = first ? ok({ announcementId: 'a1' }, '报名成功') : fail(200, '您已报名', 500);
        first = false;
        return answer;
      },
    });
    at('/detail?id=a1');
    render(<PortalApp />);
    fireEvent.click(await screen.findByTestId('portal-signup-open'));
    fireEvent.click(await screen.findByTestId('portal-invitation-signup'));
    expect((await screen.findByTestId('portal-invitation-message')).textContent).toContain('报名成功');
    const call = server.calls('POST /portal/view/signUp')[0]!;
    expect(call.body).toEqual({ id: 'a1' });
    expect(call.headers['X-Access-Token']).toBe('tok-1');
    fireEvent.click(screen.getByTestId('portal-invitation-signup'));
    await waitFor(() => expect(screen.getByTestId('portal-invitation-message').textContent).toContain('您已报名'));
    expect(
      screen
        .getAllByTestId('portal-toast')
        .find((t) => t.textContent === '您已报名')
        ?.getAttribute('data-type'),
    ).toBe('warning');
  });
});

describe('结果公示', () => {
  it('filters by tab, shows 暂无数据 when empty and the 结果公告 modal with the winning-bid card', async () => {
    serve({
      'GET /portal/view/config': () => ok(config()),
      'GET /portal/view/resultAnnouncement': (r) =>
        ok(
          r.url.searchParams.get('type') === 'tender'
            ? [{ id: 'r1', type: 'tender', title: '钢材采购 结果公示', content: '中标公示', date: '2026-11-01' }]
            : [],
        ),
      'GET /portal/view/portalResult': () =>
        ok({
          title: '钢材采购 结果公示',
          bidCode: 'ZB-20261101-0001',
          projectName: '钢材采购',
          company: '甲公司',
          updateTime: '2026-11-01 10:00:00',
          supplierList: [{ title: '第一名', name: '甲公司' }],
        }),
    });
    at('/resultAnnouncement');
    render(<PortalApp />);
    expect(screen.getByTestId('portal-result-banner').textContent).toContain('结果公示');
    fireEvent.click(await screen.findByTestId('portal-result-item'));
    const modal = await screen.findByTestId('portal-result-modal');
    expect(modal.getAttribute('aria-label')).toBe('结果公告');
    expect((await within(modal).findByTestId('portal-win-company')).textContent).toContain('甲公司');
    expect(within(modal).getByTestId('portal-win-code').textContent).toContain('ZB-20261101-0001');
    expect(within(modal).getByTestId('portal-supplier-list').textContent).toContain('第一名甲公司');
    expect(within(modal).getByTestId('portal-win-label').textContent).toBe('中标单位');
    fireEvent.click(within(modal).getByLabelText('关闭'));
    fireEvent.click(screen.getByTestId('portal-result-tab-bidding'));
    expect((await screen.findByTestId('portal-empty')).textContent).toContain('暂无数据');
  });
});

describe('中标候选人公示', () => {
  it('labels the candidates of a publicity 中标候选人, not 中标单位', async () => {
    serve({
      'GET /portal/view/config': () => ok(config()),
      'GET /portal/view/resultAnnouncement': () =>
        ok([{ id: 'r2', type: 'tender', title: '轴承招标 中标候选人公示', content: '公示', date: '2026-11-01' }]),
      'GET /portal/view/portalResult': () =>
        ok({
          title: '轴承招标 中标候选人公示',
          bidCode: 'ZB-20261101-0002',
          projectName: '轴承招标',
          company: '',
          updateTime: '2026-11-01 10:00:00',
          supplierList: [
            { title: '第一中标候选人', name: '甲公司' },
            { title: '第二中标候选人', name: '乙公司' },
          ],
        }),
    });
    at('/resultAnnouncement');
    render(<PortalApp />);
    fireEvent.click(await screen.findByTestId('portal-result-item'));
    const modal = await screen.findByTestId('portal-result-modal');
    expect((await within(modal).findByTestId('portal-win-label')).textContent).toBe('中标候选人');
    expect(within(modal).getByTestId('portal-win-company').textContent).toBe('甲公司、乙公司');
  });
});

describe('隐私政策 and 企业文化 (issue 19 item 13)', () => {
  const about = {
    ...FALLBACK_CONFIG.about,
    culture: '使命：阳光采购。\n\n价值观：诚信。',
    privacy: '第一条。\n\n第二条。',
  };
  it('/privacy shows the configured policy as paragraphs; /about has the culture section', async () => {
    serve({ 'GET /portal/view/config': () => ok(config({ about })) });
    at('/privacy');
    const first = render(<PortalApp />);
    const text = await screen.findByTestId('portal-privacy-text');
    await waitFor(() =>
      expect([...text.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['第一条。', '第二条。']),
    );
    expect(document.title).toBe('隐私政策 - 招标采购平台');
    first.unmount();
    at('/about#culture');
    render(<PortalApp />);
    const culture = await screen.findByTestId('portal-about-culture');
    expect(culture.id).toBe('culture');
    await waitFor(() => expect(within(culture).getByText('价值观：诚信。')).toBeTruthy());
  });
});

describe('templates and the advanced home', () => {
  it('/portal renders the basic template by default and the one the site enabled for every visitor', async () => {
    serve({ 'GET /portal/view/config': () => ok(config()) });
    at('/portal');
    const first = render(<PortalApp />);
    expect(await screen.findByTestId('portal-se-home')).toBeTruthy();
    first.unmount();
    // Another visitor, after an administrator enabled the advanced template on the server.
    siteTemplate = 'pro';
    clearEnabledTemplateCache();
    clearPortalConfigCache();
    render(<PortalApp />);
    expect(await screen.findByTestId('portal-pro-home')).toBeTruthy();
    expect(window.localStorage.getItem('PORTAL_TEMPLATE')).toBeNull();
  });

  it('启用 on /portal/templates sets the site template on the server; a second browser gets it', async () => {
    persistedSession.setToken('admin-token');
    serve({
      'GET /portal/view/config': () => ok(config()),
      'POST /portal/config/enableTemplate': (r) => {
        siteTemplate = (r.body as { template: string }).template;
        return ok(null, '已启用');
      },
    });
    at('/portal/templates');
    const admin = render(<PortalApp />);
    const pro = await screen.findByTestId('portal-template-pro');
    await waitFor(() => expect(screen.getByTestId('portal-template-se').getAttribute('data-enabled')).toBe('true'));
    fireEvent.click(within(pro).getByTestId('portal-template-enable-pro'));
    await waitFor(() => expect(pro.getAttribute('data-enabled')).toBe('true'));
    expect(server.calls('POST /portal/config/enableTemplate')[0]?.body).toEqual({ template: 'pro' });
    expect(server.calls('POST /portal/config/enableTemplate')[0]?.headers['X-Access-Token']).toBe('admin-token');
    admin.unmount();
    // A second browser: nothing shared but the server.
    persistedSession.clear();
    window.localStorage.clear();
    clearEnabledTemplateCache();
    clearPortalConfigCache();
    at('/portal');
    render(<PortalApp />);
    expect(await screen.findByTestId('portal-pro-home')).toBeTruthy();
  });

  it('a visitor who is not signed in cannot enable a template and is told to sign in', async () => {
    serve({ 'GET /portal/view/config': () => ok(config()) });
    at('/portal/templates');
    render(<PortalApp />);
    expect((await screen.findByTestId('portal-templates-sign-in')).textContent).toContain('登录');
    const button = await screen.findByTestId('portal-template-enable-pro');
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows an optional block only when its visible flag is true; news type colours', async () => {
    const news = [
      { id: 'n1', title: '行业动态', content: '…', type: '行业新闻', date: '2026-11-01' },
      { id: 'n2', title: '公司动态', content: '…', type: '公司新闻', date: '2026-11-02' },
    ];
    serve({
      'GET /portal/view/config': (r) =>
        ok(
          config({
            news: { visible: r.url.searchParams.get('template') === 'pro', title: '新闻资讯' },
            logoWall: { ...FALLBACK_CONFIG.logoWall, visible: false },
          }),
        ),
      'GET /portal/view/news': () => ok({ records: news, total: 2, size: 4, current: 1, pages: 1 }),
      'GET /portal/view/purchaseAnnouncement': () => ok([item('h1', 'inquiry', 6)]),
    });
    at('/proHome');
    render(<PortalApp />);
    const block = await screen.findByTestId('portal-news-block');
    expect(await within(block).findAllByTestId('portal-news-card')).toHaveLength(2);
    expect(
      within(block)
        .getAllByTestId('portal-news-type')
        .map((el) => el.getAttribute('data-color')),
    ).toEqual(['orange', 'blue']);
    expect(within(block).getByTestId('portal-news-more').getAttribute('target')).toBe('_blank');
    expect(screen.queryByTestId('portal-logo-wall')).toBeNull();
    // 详情 on a home purchase item opens the purchase tab on its sub-tab (spec part 1 §2.5).
    const detail = (await screen.findAllByTestId('portal-home-detail-link'))[0]!;
    expect(detail.getAttribute('href')).toBe('/purchaseAnnouncement?type=inquiry');
    expect(screen.queryByTestId('portal-cta')).toBeNull();
    // The login box is closable.
    fireEvent.click(screen.getByTestId('portal-login-box-close'));
    expect(screen.queryByTestId('portal-login-box')).toBeNull();
    expect(screen.getByTestId('portal-login-link').getAttribute('href')).toBe('/user/login');
    expect(screen.getByTestId('portal-register-link').getAttribute('href')).toBe('/register');
  });

  it('header: immersive up to 64 px, hidden when scrolling down past 100 px', () => {
    expect(headerState(0, 0, true)).toEqual({ transparent: true, hidden: false });
    expect(headerState(64, 0, true)).toEqual({ transparent: true, hidden: false });
    expect(headerState(65, 0, true)).toEqual({ transparent: false, hidden: false });
    expect(headerState(101, 90, true)).toEqual({ transparent: false, hidden: true });
    expect(headerState(150, 200, true)).toEqual({ transparent: false, hidden: false });
    expect(headerState(0, 0, false).transparent).toBe(false);
  });

  it('counts the hero stats up to the live figure of their key', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'performance'] });
    try {
      serve({
        'GET /portal/view/config': () =>
          ok(
            config({
              hero: {
                ...FALLBACK_CONFIG.hero,
                statVisible: true,
                statsData: [
                  { value: 1, title: '入驻供应商', key: 'suppliers', unit: '家' },
                  { value: 99, title: '服务年限', plus: true },
                ],
              },
            }),
          ),
        'GET /portal/view/stats': () => ok({ suppliers: 42, purchaseAnnouncements: 1, ongoing: 1, results: 1 }),
      });
      at('/proHome');
      render(<PortalApp />);
      await vi.waitFor(() =>
        expect(screen.getAllByTestId('portal-count-up').map((el) => el.getAttribute('data-end'))).toEqual(['42', '99']),
      );
      await act(async () => {
        vi.advanceTimersByTime(1100);
      });
      expect(screen.getAllByTestId('portal-stat').map((el) => el.textContent)).toEqual([
        '42家入驻供应商',
        '99+服务年限',
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the portal loads no back-office code', () => {
  it('imports nothing from the shell, pages, resources, the back-office HTTP client or antd', () => {
    const dir = path.resolve(__dirname);
    for (const file of fs.readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && !f.includes('.test.'))) {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      const imports = [...text.matchAll(/from '([^']+)'/g)].map((m) => m[1]!);
      for (const spec of imports) {
        expect(spec, `${file} imports ${spec}`).not.toMatch(
          /(^|\/)(shell|pages|resources|app)\/|lib\/http$|lib\/feedback|lib\/auth-store|^antd|^@ant-design|^echarts|^react-router|^@tanstack/,
        );
      }
    }
  });
});
