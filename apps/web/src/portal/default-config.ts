import type { PortalConfig } from '@procura/shared';

/** What the portal shows while the saved configuration loads or when it cannot be read. */
export const FALLBACK_CONFIG: PortalConfig = {
  hero: {
    primaryColor: '#0b7285',
    height: 488,
    title: { text: '招标采购平台', isBold: true, style: { textAlign: 'left', color: '#ffffff', fontSize: 44 } },
    subTitle: { text: '阳光采购 · 公开透明 · 合作共赢', style: { textAlign: 'left', color: '#ffffff', fontSize: 20 } },
    button: { text: '供应商注册', visible: true, url: '/register' },
    statVisible: true,
    statsData: [],
    shape: 'ellipse',
  },
  background: {},
  logo: { text: '招标采购平台' },
  navs: {
    isImmersed: true,
    justify: 'left',
    siteMap: [
      { title: '首页', url: '/proHome', visible: true },
      { title: '采购公告', url: '/purchaseAnnouncement', visible: true },
      { title: '结果公示', url: '/resultAnnouncement', visible: true },
      { title: '关于我们', url: '/about', visible: true },
      { title: '平台介绍', url: '/feature', visible: false },
      { title: '操作指南', url: '/guide', visible: false },
      { title: '新闻资讯', url: '/news', visible: false },
    ],
  },
  callToAction: { visible: false, title: '', btn: '', url: '/register', bgColor: '#0b7285', height: 168 },
  news: { visible: false, title: '新闻资讯' },
  platformInfo: { visible: false, title: '平台介绍', intro: '', color: '#0b7285', features: [] },
  companyCloud: { visible: false, title: '最新成员', data: [] },
  logoWall: { visible: false, title: '合作企业', subtitle: '', logos: [] },
  footer: { siteMap: [], otherLinks: [], copyright: '© 2024 招标采购平台' },
  about: { intro: '', history: [], offices: [] },
};

/** A saved configuration merged over the fallback block by block (older saves may miss a block). */
export function withFallback(config: Partial<PortalConfig> | null): PortalConfig {
  if (!config) return FALLBACK_CONFIG;
  const merged = { ...FALLBACK_CONFIG } as Record<string, unknown>;
  for (const [key, value] of Object.entries(config)) {
    const base = (FALLBACK_CONFIG as Record<string, unknown>)[key];
    merged[key] =
      value && typeof value === 'object' && !Array.isArray(value) && base && typeof base === 'object'
        ? { ...base, ...value }
        : (value ?? base);
  }
  return merged as PortalConfig;
}
