import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PortalConfig } from '@procura/shared';
import { createSessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { persistedSession } from '../../lib/session-persistence';
import { fail, fakeServer, ok } from '../../test/fake-server';
import type { FakeHandler } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import PageDesignerPage, { fieldPath, toSaveBody } from './page-designer-page';

function config(title: string): PortalConfig {
  return {
    hero: {
      primaryColor: '#0b7285',
      height: 488,
      title: { text: title, isBold: true, style: { textAlign: 'left', color: '#ffffff', fontSize: 44 } },
      subTitle: { text: '阳光采购', style: { textAlign: 'left', color: '#ffffff', fontSize: 20 } },
      button: { text: '供应商注册', visible: true, url: '/register' },
      statVisible: true,
      statsData: [{ value: 1200, plus: true, unit: '家', title: '入驻供应商', visible: true, key: 'suppliers' }],
      shape: 'ellipse',
    },
    background: {},
    logo: { text: '采购平台' },
    navs: { isImmersed: true, justify: 'left', siteMap: [{ title: '首页', url: '/proHome', visible: true }] },
    callToAction: { visible: true, title: '立即加入', btn: '注册', url: '/register', bgColor: '#0b7285', height: 168 },
    news: { visible: true, title: '新闻资讯' },
    platformInfo: { visible: false, title: '平台介绍', intro: '', color: '#0b7285', features: [] },
    companyCloud: { visible: false, title: '最新成员', data: [] },
    logoWall: { visible: true, title: '合作企业', subtitle: '', logos: [{ name: '甲公司', img: '', visible: true }] },
    footer: { siteMap: [], otherLinks: [], copyright: '© 2026 采购平台' },
    about: { intro: '', history: [], offices: [] },
  };
}

function setup(routes: Record<string, FakeHandler> = {}, route = '/portal-admin/designer?template=pro') {
  persistedSession.setToken('tok');
  persistedSession.setButtonAuth([{ action: 'portal:config', type: '1' }], []);
  const saved: Record<string, PortalConfig> = { se: config('基础版门户'), pro: config('高级版门户') };
  const server = fakeServer({
    'GET /portal/config/get': (r) => ok(saved[r.url.searchParams.get('template') ?? 'se']),
    // The portal's public views the preview shows (live figures, announcements, news, members).
    'GET /portal/view/stats': () => ok({ suppliers: 17, purchaseAnnouncements: 5, ongoing: 2, results: 3 }),
    'GET /portal/view/purchaseAnnouncement': () =>
      ok([{ id: 'p1', type: 'inquiry', title: '六角螺栓年度询价', subtitle: '', status: '报名中' }]),
    'GET /portal/view/news': () =>
      ok({ records: [{ id: 'n1', title: '平台升级公告', content: '', type: '公司新闻', date: '2026-12-01' }] }),
    'GET /portal/view/members': () => ok([{ name: '华东精密机械有限公司', date: '2026-11-30' }]),
    'PUT /portal/config/save': (r) => {
      const body = r.body as { template: string; config: PortalConfig };
      saved[body.template] = body.config;
      return ok(null, '保存成功');
    },
    ...routes,
  });
  vi.stubGlobal('fetch', server.fetch);
  const view = renderWithProviders(<PageDesignerPage />, { route, store: createSessionStore(http) });
  return { server, saved, view };
}

const previewTitle = () => screen.getByTestId('preview-hero-title').textContent;
const editMode = () => fireEvent.click(screen.getByTestId('designer-edit-mode'));
/** Lookups by id: role queries are slow over a form this size. */
const byId = (id: string) =>
  waitFor(() => {
    const el = document.getElementById(id);
    if (!el) throw new Error(`#${id} not rendered`);
    return el as HTMLInputElement;
  });
const titleInput = () => byId('designer_hero_title_text');
const confirmOk = () =>
  waitFor(() => {
    const el = document.querySelector('.ant-modal-confirm .ant-btn-primary');
    if (!el) throw new Error('no confirmation');
    fireEvent.click(el);
  });

// A form this size is slow under jsdom on a busy machine.
describe('门户设计 (page designer)', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('loads the template named in the URL and only previews until edit mode is on', async () => {
    const { server } = setup();
    await waitFor(() => expect(previewTitle()).toBe('高级版门户'));
    expect(server.calls('GET /portal/config/get')[0]!.url.searchParams.get('template')).toBe('pro');
    expect(screen.queryByTestId('designer-form')).toBeNull();
    expect((screen.getByTestId('designer-save') as HTMLButtonElement).disabled).toBe(true);
    editMode();
    expect(await screen.findByTestId('designer-form')).toBeTruthy();
    expect((screen.getByTestId('designer-save') as HTMLButtonElement).disabled).toBe(false);
    // The preview renders the saved blocks: stats, visible logos, CTA.
    expect(within(screen.getByTestId('preview-stats')).getByText('入驻供应商')).toBeTruthy();
    expect(screen.getByTestId('preview-cta')).toBeTruthy();
    expect(within(screen.getByTestId('preview-logo-wall')).getByText('甲公司')).toBeTruthy();
  });

  it('changing the hero title updates the preview at once, marks the page dirty, and 保存 sends the config', async () => {
    const { server } = setup();
    await waitFor(() => expect(previewTitle()).toBe('高级版门户'));
    editMode();
    const input = await titleInput();
    expect(input.closest('.ant-form-item')?.querySelector('label')?.textContent).toBe('标题');
    fireEvent.change(input, { target: { value: '新一代采购门户' } });
    await waitFor(() => expect(previewTitle()).toBe('新一代采购门户'));
    expect(screen.getByTestId('page-designer').dataset.dirty).toBe('true');
    fireEvent.click(screen.getByTestId('designer-save'));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    const sent = server.calls('PUT /portal/config/save')[0]!.body as { template: string; config: PortalConfig };
    expect(sent.template).toBe('pro');
    expect(sent.config.hero.title.text).toBe('新一代采购门户');
    // Everything else goes back as loaded (the server takes the whole shape).
    expect(sent.config.hero.statsData).toEqual(config('').hero.statsData);
    expect(sent.config.logoWall.logos).toEqual([{ name: '甲公司', img: '', visible: true }]);
    await waitFor(() => expect(server.calls('GET /portal/config/get')).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId('page-designer').dataset.dirty).toBe('false'));
  });

  it('hides a block: 行动号召 off leaves the preview and is saved as not visible', async () => {
    const { server } = setup();
    await waitFor(() => expect(previewTitle()).toBe('高级版门户'));
    editMode();
    fireEvent.click(await screen.findByText('行动号召'));
    const toggle = await byId('designer_callToAction_visible');
    expect(screen.getByTestId('preview-cta')).toBeTruthy();
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.queryByTestId('preview-cta')).toBeNull());
    fireEvent.click(screen.getByTestId('designer-save'));
    await screen.findByText('保存成功');
    expect(
      (server.calls('PUT /portal/config/save')[0]!.body as { config: PortalConfig }).config.callToAction.visible,
    ).toBe(false);
  });

  it('edits the footer site map with links under a column and saves them nested', async () => {
    const { server } = setup();
    await waitFor(() => expect(previewTitle()).toBe('高级版门户'));
    editMode();
    fireEvent.click(await screen.findByText('页脚'));
    const list = await waitFor(() => screen.getByTestId('designer-list-footer-siteMap'));
    fireEvent.click(within(list).getByText('添加'));
    fireEvent.change(await byId('designer_footer_siteMap_0_title'), { target: { value: '服务' } });
    fireEvent.click(within(await waitFor(() => screen.getByTestId('designer-list-0-children'))).getByText('添加'));
    fireEvent.change(await byId('designer_footer_siteMap_0_children_0_title'), { target: { value: '帮助中心' } });
    fireEvent.change(await byId('designer_footer_siteMap_0_children_0_url'), { target: { value: '/guide' } });
    await waitFor(() => expect(within(screen.getByTestId('preview-footer')).getByText('帮助中心')).toBeTruthy());
    fireEvent.click(screen.getByTestId('designer-save'));
    await screen.findByText('保存成功');
    const sent = (server.calls('PUT /portal/config/save')[0]!.body as { config: PortalConfig }).config;
    expect(sent.footer.siteMap).toEqual([
      { title: '服务', url: '/', visible: true, children: [{ title: '帮助中心', url: '/guide' }] },
    ]);
  });

  it('shows the server field errors of a refused save on the fields', async () => {
    setup({
      'PUT /portal/config/save': () =>
        fail(400, '文字不能包含HTML标签', 400, { errors: { 'config.hero.title.text': '文字不能包含HTML标签' } }),
    });
    await waitFor(() => expect(previewTitle()).toBe('高级版门户'));
    editMode();
    fireEvent.change(await titleInput(), { target: { value: '<b>x</b>' } });
    fireEvent.click(screen.getByTestId('designer-save'));
    await waitFor(() => expect(screen.getAllByText('文字不能包含HTML标签').length).toBeGreaterThanOrEqual(1));
    await waitFor(() =>
      expect(document.querySelector('.ant-form-item-has-error #designer_hero_title_text')).not.toBeNull(),
    );
  });

  it('重置 reloads the saved configuration after asking', async () => {
    const { server } = setup();
    await waitFor(() => expect(previewTitle()).toBe('高级版门户'));
    editMode();
    fireEvent.change(await titleInput(), { target: { value: '草稿' } });
    await waitFor(() => expect(previewTitle()).toBe('草稿'));
    fireEvent.click(screen.getByTestId('designer-reset'));
    expect(await screen.findByText('当前页面有未保存的数据，确定离开吗？')).toBeTruthy();
    await confirmOk();
    await waitFor(() => expect(server.calls('GET /portal/config/get')).toHaveLength(2));
    await waitFor(() => expect(previewTitle()).toBe('高级版门户'));
    expect(server.calls('GET /portal/config/get')).toHaveLength(2);
    expect((await titleInput()).value).toBe('高级版门户');
  });

  it('switches template (基础版) and opens the portal of the template in a new tab', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { view } = setup();
    await waitFor(() => expect(previewTitle()).toBe('高级版门户'));
    fireEvent.click(screen.getByTestId('designer-open-portal'));
    expect(open).toHaveBeenCalledWith('/proHome', '_blank', 'noopener');
    fireEvent.click(screen.getByText('基础版'));
    await waitFor(() => expect(previewTitle()).toBe('基础版门户'));
    expect(view.router.state.location.search).toBe('?template=se');
    fireEvent.click(screen.getByTestId('designer-open-portal'));
    expect(open).toHaveBeenLastCalledWith('/seHome', '_blank', 'noopener');
    open.mockRestore();
  });

  it('shows a load failure with 重试', async () => {
    let failNext = true;
    setup({
      'GET /portal/config/get': () => {
        if (failNext) {
          failNext = false;
          return fail(500, '服务器开小差了');
        }
        return ok(config('恢复了'));
      },
    });
    expect(await screen.findByText('页面配置加载失败')).toBeTruthy();
    fireEvent.click(screen.getByTestId('designer-retry'));
    await waitFor(() => expect(previewTitle()).toBe('恢复了'));
  });
});

describe('designer helpers', () => {
  it('maps server field keys to form paths and drops empty optional links', () => {
    expect(fieldPath('config.logoWall.logos.3.img')).toEqual(['logoWall', 'logos', 3, 'img']);
    expect(fieldPath('template')).toBeNull();
    const c = config('x');
    c.hero.button.url = '';
    c.logo.image = '';
    const body = toSaveBody(c);
    expect('url' in body.hero.button).toBe(false);
    expect('image' in body.logo).toBe(false);
  });

  it("the preview shows the portal's live figures and data, and its hero text on the shaded hero colour", async () => {
    const { server } = setup();
    await waitFor(() => expect(previewTitle()).toBe('高级版门户'));
    const stat = await screen.findByTestId('preview-stat');
    // The configured 1200 is replaced by the live count of suppliers (key `suppliers`).
    await waitFor(() => expect(stat.getAttribute('data-live')).toBe('true'));
    expect(stat.textContent).toContain('17');
    expect(stat.textContent).not.toContain('1200');
    expect(screen.getByTestId('preview-announcements').textContent).toContain('六角螺栓年度询价');
    expect(screen.getByTestId('preview-news').textContent).toContain('平台升级公告');
    expect(server.calls('GET /portal/view/stats')).toHaveLength(1);
    // White title text sits on the hero colour under the dark shade, never on a light page background.
    const hero = screen.getByTestId('preview-hero');
    expect(hero.style.backgroundColor).toBe('rgb(11, 114, 133)');
    expect(hero.style.backgroundImage).toContain('rgba(0, 0, 0, 0.42)');
  });
});
