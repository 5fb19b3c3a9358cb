import { businessDay, businessDayCompact, serverNowMs } from '../core/clock.js';
import { newId } from '../core/ids.js';
import { sanitizeRichText } from '../core/sanitize.js';
import type { Db } from '../db/database.js';

const SEEDER = 'system';
const DAY = 86_400_000;

type Purchase = {
  type: 'tender' | 'inquiry' | 'bidding';
  title: string;
  entity: string;
  product: string;
  method: string;
  purchaseType: string;
  /** Days from now: sign-up start, sign-up deadline, response deadline, planned start. */
  days: [number, number, number, number];
  status?: 'draft' | 'published' | 'closed';
};

const PURCHASES: Purchase[] = [
  {
    type: 'tender',
    title: '2026年度钢板 Q235 集中采购招标公告',
    entity: '集团采购中心',
    product: '钢板 Q235 10 mm 等3项',
    method: 'OPEN_TENDER',
    purchaseType: 'GOODS',
    days: [-2, 12, 20, 30],
  },
  {
    type: 'inquiry',
    title: '办公电脑及外设询价公告',
    entity: '行政管理部',
    product: '台式电脑 i7/16G 等5项',
    method: 'RFQ',
    purchaseType: 'GOODS',
    days: [-1, 7, 10, 15],
  },
  {
    type: 'bidding',
    title: '纸箱包装材料反向竞价公告',
    entity: '华东生产基地',
    product: '五层瓦楞纸箱 等2项',
    method: 'REVERSE_AUCTION',
    purchaseType: 'GOODS',
    days: [-3, 3, 5, 6],
  },
  {
    type: 'tender',
    title: '一号厂区屋面防水改造工程招标预告',
    entity: '基建工程部',
    product: '屋面防水改造工程',
    method: 'OPEN_TENDER',
    purchaseType: 'WORKS',
    days: [2, 15, 25, 40],
  },
  {
    type: 'inquiry',
    title: '2026年一季度劳保用品询价公告',
    entity: '安全环保部',
    product: '劳保手套 等8项',
    method: 'RFQ',
    purchaseType: 'GOODS',
    days: [-10, -2, 6, 12],
  },
  {
    type: 'bidding',
    title: '废旧金属物资处置竞价公告',
    entity: '资产管理部',
    product: '废旧钢材约 120 吨',
    method: 'REVERSE_AUCTION',
    purchaseType: 'GOODS',
    days: [-5, 11, 13, 14],
  },
  {
    type: 'tender',
    title: '信息系统运维服务项目招标公告',
    entity: '信息中心',
    product: '信息系统运维服务（三年）',
    method: 'OPEN_TENDER',
    purchaseType: 'SERVICES',
    days: [-20, -10, -2, 5],
  },
  {
    type: 'inquiry',
    title: '化工原料（液碱）年度询价公告',
    entity: '华东生产基地',
    product: '液碱 32% 等2项',
    method: 'RFQ',
    purchaseType: 'GOODS',
    days: [-30, -20, -15, -10],
    status: 'closed',
  },
  {
    type: 'tender',
    title: '（草稿）仓储物流服务招标公告',
    entity: '物流部',
    product: '仓储物流服务',
    method: 'OPEN_TENDER',
    purchaseType: 'SERVICES',
    days: [1, 20, 30, 40],
    status: 'draft',
  },
];

const RESULTS = [
  {
    type: 'tender',
    title: '信息系统运维服务项目 中标候选人公示',
    projectName: '信息系统运维服务项目',
    bidCode: 'ZB-20261020-0003',
    company: '上海云策信息技术有限公司',
    supplierList: [
      { title: '第一中标候选人', name: '上海云策信息技术有限公司' },
      { title: '第二中标候选人', name: '杭州数维科技股份有限公司' },
      { title: '第三中标候选人', name: '南京创联软件有限公司' },
    ],
    content:
      '<p>经评标委员会评审，现将中标候选人公示如下，公示期 3 日。如有异议，请于公示期内以书面形式向采购中心提出。</p>',
    daysAgo: 1,
  },
  {
    type: 'tender',
    title: '2026年度电缆桥架采购项目 结果公示',
    projectName: '2026年度电缆桥架采购项目',
    bidCode: 'ZB-20261008-0001',
    company: '江苏华联电气有限公司',
    supplierList: [{ title: '中标人', name: '江苏华联电气有限公司' }],
    content: '<p>本项目已完成评标与定标，中标人为江苏华联电气有限公司。感谢各投标人的积极参与。</p>',
    daysAgo: 6,
  },
  {
    type: 'inquiry',
    title: '办公耗材询价项目 结果公示',
    projectName: '办公耗材询价项目',
    bidCode: 'XJ-20261012-0002',
    company: '上海优品办公用品有限公司、苏州文汇商贸有限公司',
    supplierList: [
      { title: '成交供应商（包1 打印耗材）', name: '上海优品办公用品有限公司' },
      { title: '成交供应商（包2 纸张）', name: '苏州文汇商贸有限公司' },
    ],
    content: '<p>本次询价分两个包件，成交结果如下，公示期 3 日。</p>',
    daysAgo: 3,
  },
  {
    type: 'bidding',
    title: '叉车租赁服务竞价项目 结果公示',
    projectName: '叉车租赁服务竞价项目',
    bidCode: 'JJ-20261015-0001',
    company: '宁波顺达机械租赁有限公司',
    supplierList: [{ title: '成交供应商', name: '宁波顺达机械租赁有限公司' }],
    content: '<p>竞价已结束，成交供应商为宁波顺达机械租赁有限公司。</p>',
    daysAgo: 9,
  },
  {
    type: 'inquiry',
    title: '（草稿）实验耗材询价项目 结果公示',
    projectName: '实验耗材询价项目',
    bidCode: 'XJ-20261101-0001',
    company: '待定',
    supplierList: [],
    content: '<p>草稿，尚未发布。</p>',
    daysAgo: 0,
    draft: true,
  },
];

const NEWS: { title: string; type: '公司新闻' | '行业新闻'; content: string; daysAgo: number; draft?: boolean }[] = [
  {
    title: '集团召开2026年度供应商大会',
    type: '公司新闻',
    content: '来自全国的200余家供应商代表齐聚上海，共同探讨质量提升与协同创新。',
    daysAgo: 2,
  },
  {
    title: '国家发布招标投标领域新规',
    type: '行业新闻',
    content: '新规进一步规范电子招标投标活动，强化全流程在线监管与信用管理。',
    daysAgo: 3,
  },
  {
    title: '采购平台完成年度升级',
    type: '公司新闻',
    content: '新版平台上线在线竞价、电子签章与移动端审批，采购效率显著提升。',
    daysAgo: 5,
  },
  {
    title: '钢材价格指数本月小幅回落',
    type: '行业新闻',
    content: '受需求季节性回落影响，国内主要钢材品种价格环比下降约2%。',
    daysAgo: 6,
  },
  {
    title: '十家供应商获评年度优秀合作伙伴',
    type: '公司新闻',
    content: '评选综合质量、交付、成本与服务四个维度，获奖企业将在新项目中优先邀请。',
    daysAgo: 8,
  },
  {
    title: '绿色采购成为制造业新趋势',
    type: '行业新闻',
    content: '越来越多企业将碳排放与环保认证纳入供应商准入和评价体系。',
    daysAgo: 10,
  },
  {
    title: '华东生产基地启动数字化仓储项目',
    type: '公司新闻',
    content: '项目将实现收货、质检、入库全流程扫码作业，预计年内投用。',
    daysAgo: 12,
  },
  {
    title: '电子元器件供需趋于平衡',
    type: '行业新闻',
    content: '主流芯片交期明显缩短，部分品类价格回落，采购窗口期到来。',
    daysAgo: 15,
  },
  {
    title: '采购中心开展廉洁从业专题培训',
    type: '公司新闻',
    content: '培训围绕阳光采购、利益回避与合规风险展开，全体采购人员参加。',
    daysAgo: 18,
  },
  {
    title: '物流行业运价指数保持平稳',
    type: '行业新闻',
    content: '公路整车运价指数连续三个月保持在合理区间，旺季运力供应充足。',
    daysAgo: 21,
  },
  {
    title: '供应商在线协同门户全面开放',
    type: '公司新闻',
    content: '供应商可在线接收订单、提交发货通知与发票，实现业务全程可追溯。',
    daysAgo: 25,
  },
  {
    title: '工业品电商采购规模持续增长',
    type: '行业新闻',
    content: '调查显示，超六成制造企业已通过电商平台采购办公与MRO物资。',
    daysAgo: 30,
  },
  { title: '（草稿）年终总结会议预告', type: '公司新闻', content: '草稿，尚未发布。', daysAgo: 0, draft: true },
];

/** The portal's demo records: announcements around now, results, news, and one draft of each (never shown, PORTAL-1). */
export async function seedPortalDemo(db: Db): Promise<void> {
  const now = serverNowMs();
  const iso = (days: number) => new Date(now + days * DAY).toISOString();
  const codes = { tender: 'ZB', inquiry: 'XJ', bidding: 'JJ' } as const;
  let n = 0;
  for (const p of PURCHASES) {
    n++;
    const status = p.status ?? 'published';
    const published = status !== 'draft';
    const created = iso(Math.min(p.days[0], 0) - 1);
    await db
      .insertInto('portalPurchaseAnnouncement')
      .values({
        id: newId(),
        type: p.type,
        title: p.title,
        code: `${codes[p.type]}-${businessDayCompact(new Date(now - (20 - n) * DAY))}-${String(n).padStart(4, '0')}`,
        purchasingEntity: p.entity,
        purchaseProduct: p.product,
        purchaseMethod: p.method,
        purchaseType: p.purchaseType,
        signupStart: iso(p.days[0]),
        signupDeadline: iso(p.days[1]),
        responseDeadline: iso(p.days[2]),
        plannedStart: iso(p.days[3]),
        content: sanitizeRichText(
          `<h3>${p.title}</h3><p>${p.entity}就“${p.product}”进行公开采购，欢迎符合条件的供应商报名参加。</p><ol><li>供应商须为合法注册的企业法人，具备相应履约能力；</li><li>须在平台完成注册并通过企业信息审核；</li><li>报名截止后不再接受报名。</li></ol>`,
        ),
        contact: `联系人：王敏，电话：021-5000${String(1000 + n)}`,
        status,
        withdrawReason: null,
        publishTime: published ? iso(Math.min(p.days[0], 0) - 0.5 + n / 100) : null,
        sourcingEventId: null,
        tenantId: 0,
        createBy: SEEDER,
        createTime: created,
        updateBy: null,
        updateTime: null,
      })
      .execute();
  }
  for (const r of RESULTS) {
    await db
      .insertInto('portalResultAnnouncement')
      .values({
        id: newId(),
        type: r.type,
        title: r.title,
        content: sanitizeRichText(r.content),
        projectName: r.projectName,
        bidCode: r.bidCode,
        company: r.company,
        supplierList: JSON.stringify(r.supplierList),
        status: r.draft ? 'draft' : 'published',
        publishTime: r.draft ? null : iso(-r.daysAgo),
        announcementId: null,
        sourcingEventId: null,
        tenantId: 0,
        createBy: SEEDER,
        createTime: iso(-r.daysAgo - 1),
        updateBy: null,
        updateTime: null,
      })
      .execute();
  }
  for (const item of NEWS) {
    await db
      .insertInto('portalNews')
      .values({
        id: newId(),
        title: item.title,
        content: sanitizeRichText(`<p>${item.content}</p>`),
        type: item.type,
        newsDate: businessDay(new Date(now - item.daysAgo * DAY)),
        status: item.draft ? 'draft' : 'published',
        createBy: SEEDER,
        createTime: iso(-item.daysAgo),
        updateBy: null,
        updateTime: null,
      })
      .execute();
  }
}
