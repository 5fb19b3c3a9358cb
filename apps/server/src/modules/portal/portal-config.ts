import { z } from 'zod';
import type { PortalConfig, PortalTemplate } from '@procura/shared';
import { DEFAULT_PORTAL_TEMPLATE, PORTAL_LIMITS } from '@procura/shared';
import type { Db } from '../../db/database.js';

/**
 * The portal page configuration (spec part 1 §3): its schema, checked on save (bounded sizes,
 * colours as #hex, links only in-site paths or http(s), images only stored upload paths or
 * http(s)), and the built-in default of each template, answered while none is saved.
 */

// Control and bidirectional-override characters never belong in a label.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/;
/** Plain text shown by the portal (never rendered as HTML); tags are refused, not stripped. */
const portalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `文字不能超过${max}个字符`)
    .refine((v) => !CONTROL.test(v), '文字包含不允许的字符')
    .refine((v) => !/<[a-z!/?]/i.test(v), '文字不能包含HTML标签');
const colour = z.string().regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, '颜色必须是#开头的十六进制值');
/** A link: an in-site path (`/…`, not `//`) or an http(s) URL. */
const url = z
  .string()
  .trim()
  .max(500, '链接不能超过500个字符')
  .refine(
    (v) => (/^\/(?!\/)[^\s\\]*$/.test(v) || /^https?:\/\/[^\s/$.?#][^\s\\]*$/i.test(v)) && !CONTROL.test(v),
    '链接只能是站内路径（/开头）或 http(s) 地址',
  );
/** The upload service's stored path (`<biz>/<yyyyMMdd>/<32 hex>.<ext>`), an in-site path, or an http(s) URL; empty for none. */
const STORED_PATH =
  /^[A-Za-z0-9][A-Za-z0-9_-]{0,31}(\/[A-Za-z0-9][A-Za-z0-9_-]{0,31})?\/\d{8}\/[0-9a-f]{32}\.[a-z]{3,4}$/;
const image = z
  .string()
  .trim()
  .max(500, '图片地址不能超过500个字符')
  .refine(
    (v) =>
      v === '' ||
      STORED_PATH.test(v) ||
      /^\/(?!\/)[A-Za-z0-9/_.-]*$/.test(v) ||
      /^https?:\/\/[^\s/$.?#][^\s\\"'<>]*$/i.test(v),
    '图片只能是上传的文件或 http(s) 地址',
  );

const styledText = z.strictObject({
  text: portalText(200),
  isBold: z.boolean().optional(),
  style: z
    .strictObject({
      textAlign: z.enum(['left', 'center', 'right']).optional(),
      color: colour.optional(),
      fontSize: z.number().int().min(8).max(120).optional(),
    })
    .optional(),
});
const siteMapEntry = z.strictObject({
  title: portalText(50),
  url,
  visible: z.boolean().optional(),
  children: z
    .array(z.strictObject({ title: portalText(50), url }))
    .max(20)
    .optional(),
});
const member = z.strictObject({ name: portalText(100), date: portalText(20) });

export const portalConfigSchema = z.strictObject({
  hero: z.strictObject({
    primaryColor: colour,
    height: z.number().int().min(200).max(1200),
    title: styledText,
    subTitle: styledText,
    button: z.strictObject({ text: portalText(30), visible: z.boolean(), url: url.optional() }),
    statVisible: z.boolean(),
    statsData: z
      .array(
        z.strictObject({
          value: z.number().min(0).max(1e12),
          plus: z.boolean().optional(),
          unit: portalText(10).optional(),
          title: portalText(30),
          visible: z.boolean().optional(),
          key: z.enum(['suppliers', 'purchaseAnnouncements', 'ongoing', 'results']).optional(),
        }),
      )
      .max(8),
    shape: z.enum(['ellipse', 'polygon']),
    deco: z.boolean().optional(),
  }),
  background: z.strictObject({ image: image.optional(), color: colour.optional() }),
  logo: z.strictObject({ image: image.optional(), text: portalText(50) }),
  navs: z.strictObject({
    isImmersed: z.boolean(),
    justify: z.enum(['left', 'center', 'right']),
    siteMap: z.array(siteMapEntry).max(12),
  }),
  callToAction: z.strictObject({
    visible: z.boolean(),
    title: portalText(100),
    btn: portalText(30),
    url,
    bgColor: colour,
    height: z.number().int().min(80).max(600),
  }),
  news: z.strictObject({ visible: z.boolean(), title: portalText(50) }),
  platformInfo: z.strictObject({
    visible: z.boolean(),
    title: portalText(50),
    intro: portalText(1000),
    color: colour,
    features: z
      .array(
        z.strictObject({ visible: z.boolean(), icon: portalText(50), title: portalText(50), content: portalText(500) }),
      )
      .max(12),
  }),
  companyCloud: z.strictObject({ visible: z.boolean(), title: portalText(50), data: z.array(member).max(50) }),
  logoWall: z.strictObject({
    visible: z.boolean(),
    title: portalText(50),
    subtitle: portalText(200),
    logos: z
      .array(z.strictObject({ name: portalText(100), img: image, visible: z.boolean() }))
      .max(PORTAL_LIMITS.logoWall * 2),
  }),
  footer: z.strictObject({
    siteMap: z.array(siteMapEntry).max(12),
    otherLinks: z.array(z.strictObject({ title: portalText(50), url })).max(20),
    copyright: portalText(200),
  }),
  about: z.strictObject({
    intro: portalText(5000),
    history: z
      .array(z.strictObject({ year: portalText(10), month: portalText(10), content: portalText(500) }))
      .max(100),
    offices: z
      .array(z.strictObject({ name: portalText(100), address: portalText(300), phone: portalText(50) }))
      .max(20),
    culture: portalText(5000).optional(),
    privacy: portalText(20000).optional(),
  }),
}) satisfies z.ZodType<PortalConfig>;

/** The largest saved configuration, as JSON text. */
export const MAX_CONFIG_BYTES = 200_000;

const LOGO_NAMES = [
  '中国石化',
  '国家电网',
  '中国中车',
  '三一重工',
  '徐工集团',
  '潍柴动力',
  '海尔智家',
  '美的集团',
  '格力电器',
  '宝武钢铁',
  '中联重科',
  '上汽集团',
  '比亚迪',
  '宁德时代',
  '海康威视',
  '京东方',
  '中国建筑',
  '中国中铁',
  '招商局',
  '华润集团',
  '万华化学',
  '中国铝业',
  '东方电气',
  '中国船舶',
];

const SITE_MAP = [
  { title: '首页', url: '/proHome', visible: true },
  { title: '采购公告', url: '/purchaseAnnouncement', visible: true },
  { title: '结果公告', url: '/resultAnnouncement', visible: true },
  { title: '关于我们', url: '/about', visible: true },
  { title: '平台介绍', url: '/feature', visible: false },
  { title: '操作指南', url: '/guide', visible: false },
  { title: '新闻资讯', url: '/news', visible: false },
];

const FOOTER_SITE_MAP = [
  {
    title: '采购公告',
    url: '/pro/purchaseAnnouncement',
    children: [
      { title: '招标公告', url: '/pro/purchaseAnnouncement?type=tender' },
      { title: '询价公告', url: '/pro/purchaseAnnouncement?type=inquiry' },
      { title: '竞价公告', url: '/pro/purchaseAnnouncement?type=bidding' },
    ],
  },
  {
    title: '结果公告',
    url: '/pro/resultAnnouncement',
    children: [
      { title: '招标结果', url: '/pro/resultAnnouncement?type=tender' },
      { title: '询价结果', url: '/pro/resultAnnouncement?type=inquiry' },
      { title: '竞价结果', url: '/pro/resultAnnouncement?type=bidding' },
    ],
  },
  {
    title: '关于我们',
    url: '/about',
    children: [
      { title: '公司简介', url: '/about#intro' },
      { title: '发展历程', url: '/about#history' },
      { title: '企业文化', url: '/about#culture' },
      { title: '联系我们', url: '/about#contact' },
    ],
  },
  {
    title: '操作指南',
    url: '/guide',
    children: [
      { title: '注册', url: '/guide#register' },
      { title: '登录', url: '/guide#login' },
      { title: '找回密码', url: '/guide#password' },
    ],
  },
];

function baseConfig(template: PortalTemplate): PortalConfig {
  const pro = template === 'pro';
  return {
    hero: {
      primaryColor: pro ? '#0f6fec' : '#13c2c2',
      height: PORTAL_LIMITS.heroHeight,
      title: {
        text: '阳光采购 · 合作共赢',
        isBold: true,
        style: { textAlign: 'left', color: '#ffffff', fontSize: 48 },
      },
      subTitle: {
        text: '公开、公平、公正的一站式招标采购与供应商协同平台',
        style: { textAlign: 'left', color: '#ffffff', fontSize: 20 },
      },
      button: { text: '供应商注册', visible: true, url: '/register' },
      statVisible: true,
      statsData: [
        { value: 3200, plus: true, unit: '家', title: '注册供应商', visible: true, key: 'suppliers' },
        { value: 860, plus: true, unit: '个', title: '累计采购项目', visible: true, key: 'purchaseAnnouncements' },
        { value: 36, unit: '个', title: '正在进行', visible: true, key: 'ongoing' },
        { value: 98, unit: '亿元', title: '累计采购金额', visible: true },
      ],
      shape: pro ? 'polygon' : 'ellipse',
      deco: pro,
    },
    background: { color: '#f5f7fa' },
    logo: { text: 'Procura 招标采购平台' },
    navs: { isImmersed: pro, justify: 'right', siteMap: SITE_MAP },
    callToAction: {
      visible: true,
      title: '成为我们的合作供应商，获取更多商机',
      btn: '立即注册',
      url: '/register',
      bgColor: pro ? '#0f6fec' : '#13c2c2',
      height: PORTAL_LIMITS.ctaHeight,
    },
    news: { visible: true, title: '新闻资讯' },
    platformInfo: {
      visible: true,
      title: '平台特色',
      intro: '覆盖寻源、合同、订单、收货与结算的全流程数字化采购，让每一次采购都有据可查。',
      color: pro ? '#0f6fec' : '#13c2c2',
      features: [
        {
          visible: true,
          icon: 'SafetyCertificateOutlined',
          title: '阳光透明',
          content: '公告公开发布，开标、评标全程留痕，结果依法公示。',
        },
        {
          visible: true,
          icon: 'ThunderboltOutlined',
          title: '高效协同',
          content: '在线报名、报价、竞价，供应商足不出户参与采购。',
        },
        { visible: true, icon: 'TeamOutlined', title: '优质资源', content: '数千家合格供应商，按品类准入与分级管理。' },
        {
          visible: true,
          icon: 'LineChartOutlined',
          title: '数据驱动',
          content: '采购数据实时分析，辅助决策、控制成本。',
        },
      ],
    },
    companyCloud: { visible: true, title: '最新入驻', data: [] },
    logoWall: {
      visible: pro,
      title: '合作伙伴',
      subtitle: '与行业领先企业携手，共建可信赖的采购生态',
      logos: LOGO_NAMES.map((name) => ({ name, img: '', visible: true })),
    },
    footer: {
      siteMap: FOOTER_SITE_MAP,
      otherLinks: [
        { title: '供应商注册', url: '/register' },
        { title: '帮助中心', url: '/guide' },
        { title: '隐私政策', url: '/privacy' },
      ],
      copyright: 'Copyright © 2024 Procura 招标采购平台 版权所有',
    },
    about: {
      intro:
        'Procura 招标采购平台由集团采购中心建设运营，服务集团各成员单位的物资、工程与服务采购。平台坚持阳光采购理念，以公开招标、询比价、竞价等方式引入充分竞争，并与供应商在订单、交付、结算等环节在线协同。',
      history: [
        { year: '2019', month: '03', content: '集团采购中心成立，启动采购数字化规划' },
        { year: '2019', month: '11', content: '电子招标系统上线，首个公开招标项目完成' },
        { year: '2020', month: '06', content: '供应商门户开放自主注册' },
        { year: '2021', month: '04', content: '在线询比价与反向竞价上线' },
        { year: '2022', month: '09', content: '注册供应商突破 2000 家' },
        { year: '2023', month: '05', content: '订单、收货与对账全面线上化' },
        { year: '2024', month: '08', content: '平台升级为一体化采购与供应商关系管理平台' },
        { year: '2025', month: '12', content: '年度采购额突破 90 亿元' },
      ],
      culture: [
        '使命：让每一次采购都阳光、高效、可追溯。',
        '愿景：成为值得信赖的产业协同采购平台，与供应商共同成长。',
        '价值观：诚信为本——公开规则、公平竞争、公正评审；合作共赢——尊重每一家供应商的投入，按约付款、按时反馈；持续改进——用数据发现问题，用流程固化改进。',
      ].join('\n\n'),
      privacy: [
        '本平台重视您的个人信息与商业信息保护。本政策说明我们收集哪些信息、如何使用以及您享有的权利。',
        '一、我们收集的信息：注册与完善企业信息时您提供的企业名称、统一社会信用代码、联系人姓名、手机号、电子邮箱、银行账户及资质文件；您在报名、报价、投标时提交的文件；登录时间、IP 地址等安全日志。',
        '二、信息的使用：仅用于供应商准入审核、采购寻源、合同与结算、消息通知和平台安全。报价与投标文件在开标前密封保存，任何人不得查看。',
        '三、信息的共享：除法律法规要求或经您同意外，我们不会向第三方提供您的信息。结果公示仅公开中标（成交）单位名称与公示要求的内容。',
        '四、信息的保存与保护：信息保存在境内服务器，采用访问控制、加密传输和操作留痕保护；账户注销或合作终止后，按法定期限保存后删除。',
        '五、您的权利：您可以在平台中查询、更正企业信息（关键信息经变更申请审批后生效），也可以联系我们注销账户。',
        '六、联系我们：如对本政策有疑问，请致电集团采购中心 021-50001234。',
      ].join('\n\n'),
      offices: [
        { name: '集团采购中心', address: '上海市浦东新区世纪大道100号 20楼', phone: '021-50001234' },
        { name: '华北办事处', address: '北京市朝阳区建国路88号 B座 12层', phone: '010-65001234' },
        { name: '华南办事处', address: '广州市天河区珠江新城花城大道66号', phone: '020-38001234' },
      ],
    },
  };
}

/** The built-in configuration of a template, answered until an administrator saves one. */
export function defaultPortalConfig(template: PortalTemplate): PortalConfig {
  return baseConfig(template);
}

/** The saved configuration of a template, or its built-in default while none is saved. */
export async function loadPortalConfig(db: Db, template: PortalTemplate): Promise<PortalConfig> {
  const row = await db.selectFrom('portalConfig').select('config').where('template', '=', template).executeTakeFirst();
  if (!row) return defaultPortalConfig(template);
  try {
    const saved = JSON.parse(row.config) as PortalConfig;
    // Sections added after a configuration was saved show the built-in text until an administrator writes their own.
    const builtIn = defaultPortalConfig(template).about;
    return { ...saved, about: { culture: builtIn.culture, privacy: builtIn.privacy, ...saved.about } };
  } catch {
    return defaultPortalConfig(template);
  }
}

const ENABLED_TEMPLATE = 'enabledTemplate';

/** The template every visitor's /portal shows (a site setting; `se` until an administrator enables one). */
export async function loadEnabledTemplate(db: Db): Promise<PortalTemplate> {
  const row = await db
    .selectFrom('portalSetting')
    .select('settingValue')
    .where('settingKey', '=', ENABLED_TEMPLATE)
    .executeTakeFirst();
  return row?.settingValue === 'pro' || row?.settingValue === 'se' ? row.settingValue : DEFAULT_PORTAL_TEMPLATE;
}

/** Enables a template for every visitor. */
export async function saveEnabledTemplate(db: Db, template: PortalTemplate, by: string, at: string): Promise<void> {
  await db
    .insertInto('portalSetting')
    .values({ settingKey: ENABLED_TEMPLATE, settingValue: template, updateBy: by, updateTime: at })
    .onConflict((oc) => oc.column('settingKey').doUpdateSet({ settingValue: template, updateBy: by, updateTime: at }))
    .execute();
}
