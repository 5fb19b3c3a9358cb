/**
 * The public portal's wire contract (spec part 1 §2.5, §3, §7; domain §23): what the
 * `/portal/view/*` endpoints answer and what the portal page configuration holds. The server
 * builds these from its records; the portal app renders them. Nothing here is ever sealed
 * data, an estimate, a reserve price or a bidder list before opening (PORTAL-2).
 */

/** The portal's two templates: basic (`se`, the default) and advanced (`pro`). Kept in local storage. */
export type PortalTemplate = 'se' | 'pro';
export const PORTAL_TEMPLATE_KEY = 'PORTAL_TEMPLATE';
export const DEFAULT_PORTAL_TEMPLATE: PortalTemplate = 'se';

/** Sourcing kinds as the portal's tabs show them: 招标 / 询价 / 竞价. */
export type PortalSourcingType = 'tender' | 'inquiry' | 'bidding';
export const PORTAL_SOURCING_TYPES: readonly PortalSourcingType[] = ['tender', 'inquiry', 'bidding'];
export const PORTAL_TYPE_LABELS: Readonly<Record<PortalSourcingType, string>> = {
  tender: '招标',
  inquiry: '询价',
  bidding: '竞价',
};

/** Phase labels, computed from the times (domain §9.2, dictionary srm_portal_phase). */
export const PORTAL_PHASES = ['预告', '报名中', '响应中', '评审中', '公示中', '已结束', '已流标', '已终止'] as const;
export type PortalPhase = (typeof PORTAL_PHASES)[number];

/** Back-office lifecycle of a purchase announcement record. */
export type PurchaseAnnouncementStatus = 'draft' | 'published' | 'closed' | 'withdrawn';

export type PortalInfoItem = { label: string; value: string };
export type PortalDateLabel = { label: string; value: string | null };

/** One purchase announcement as lists and home blocks show it. */
export type PurchaseAnnouncementItem = {
  id: string;
  type: PortalSourcingType;
  title: string;
  /** Event code and purchasing entity. */
  subtitle: string;
  /** Phase label (响应中…), shown as text. */
  status: PortalPhase;
  /** 采购产品, 采购方式, 采购类型. */
  info: PortalInfoItem[];
  /** 报名截止时间, 报价截止时间, 计划开始时间 (`yyyy-MM-dd HH:mm:ss`, GMT+8, or null). */
  dates: PortalDateLabel[];
  /** Whole days to the next relevant deadline; null when none is ahead. Colour: `countdownColor`. */
  countdown: number | null;
  publishTime: string;
};

/** `GET /portal/view/purchaseAnnouncements?likeName=&type=&pageNo=&pageSize=`. */
export type PurchaseAnnouncementPage = {
  records: PurchaseAnnouncementItem[];
  total: number;
  size: number;
  current: number;
  pages: number;
  /** Banner: public events 报名中 or 响应中 (all types, whatever the filter). */
  ongoing: number;
};

/** `GET /portal/view/purchaseAnnouncementDetail?id=` and `/portal/view/invitation?name=<id>&type=`: the detail page and the 报名 dialog. */
export type PurchaseAnnouncementDetail = PurchaseAnnouncementItem & {
  /** Sanitised HTML. */
  content: string;
  contact: string | null;
  /** Whether 报名 is open now (signupStart ≤ now < signupDeadline). */
  signupOpen: boolean;
  signupStart: string | null;
  signupDeadline: string | null;
};

/** One result announcement in lists and carousels. */
export type ResultAnnouncementItem = {
  id: string;
  type: PortalSourcingType;
  title: string;
  content: string;
  date: string;
};

/** `GET /portal/view/portalResult?name=<id>&type=`: the result modal. */
export type PortalResult = {
  title: string;
  bidCode: string;
  projectName: string;
  /** Winning-bid card's company (several joined by '、'). */
  company: string;
  updateTime: string;
  supplierList: { title: string; name: string }[];
};

export type NewsType = '公司新闻' | '行业新闻';
/** `GET /portal/view/news?type=&pageNo=&pageSize=` records and `/portal/view/newsDetail?id=`. */
export type NewsItem = { id: string; title: string; content: string; type: NewsType; date: string };

/** `GET /portal/view/members`: newly admitted suppliers, newest first. */
export type PortalMember = { name: string; date: string };

/** `GET /portal/view/stats`: live figures the hero's stats may show (see `PortalStat.key`). */
export type PortalStats = { suppliers: number; purchaseAnnouncements: number; ongoing: number; results: number };

export type TextStyle = { textAlign?: 'left' | 'center' | 'right'; color?: string; fontSize?: number };
export type StyledText = { text: string; isBold?: boolean; style?: TextStyle };
export type PortalStat = {
  value: number;
  plus?: boolean;
  unit?: string;
  title: string;
  visible?: boolean;
  key?: keyof PortalStats;
};
export type SiteMapEntry = {
  title: string;
  url: string;
  visible?: boolean;
  children?: { title: string; url: string }[];
};

/**
 * The page configuration of a template (spec part 1 §3), edited in the back office page
 * designer and rendered by the portal. Images are stored file paths from the upload service.
 */
export type PortalConfig = {
  hero: {
    primaryColor: string;
    height: number;
    title: StyledText;
    subTitle: StyledText;
    button: { text: string; visible: boolean; url?: string };
    statVisible: boolean;
    statsData: PortalStat[];
    shape: 'ellipse' | 'polygon';
    deco?: boolean;
  };
  background: { image?: string; color?: string };
  logo: { image?: string; text: string };
  navs: { isImmersed: boolean; justify: 'left' | 'center' | 'right'; siteMap: SiteMapEntry[] };
  callToAction: { visible: boolean; title: string; btn: string; url: string; bgColor: string; height: number };
  news: { visible: boolean; title: string };
  platformInfo: {
    visible: boolean;
    title: string;
    intro: string;
    color: string;
    features: { visible: boolean; icon: string; title: string; content: string }[];
  };
  companyCloud: { visible: boolean; title: string; data: PortalMember[] };
  logoWall: {
    visible: boolean;
    title: string;
    subtitle: string;
    logos: { name: string; img: string; visible: boolean }[];
  };
  footer: { siteMap: SiteMapEntry[]; otherLinks: { title: string; url: string }[]; copyright: string };
  about: {
    intro: string;
    history: { year: string; month: string; content: string }[];
    offices: { name: string; address: string; phone: string }[];
    /** 企业文化 on 关于我们 (paragraphs split by blank lines); configurations saved before it lack it. */
    culture?: string;
    /** The 隐私政策 page (/privacy), paragraphs split by blank lines. */
    privacy?: string;
  };
};

/** Limits of the portal's blocks (spec part 1 §9). */
export const PORTAL_LIMITS = {
  homeSliderItems: 6,
  perSlide: 2,
  newsCards: 4,
  resultPerSlide: 4,
  timelinePerPage: 4,
  logoWall: 24,
  sliderAutoplayMs: 4000,
  sliderSpeedMs: 1000,
  immersiveThresholdPx: 64,
  autoHideThresholdPx: 100,
  heroHeight: 488,
  ctaHeight: 168,
  resultBannerHeight: 240,
} as const;
