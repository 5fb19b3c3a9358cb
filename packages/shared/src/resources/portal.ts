import { defineResource } from '../resource/define-resource.js';

/**
 * The portal's records (domain §23), written in the back office and shown on the public
 * portal once published (PORTAL-1). Status is the server's: publish, close and withdraw are
 * commands beside the generated routes (`/portal/purchaseAnnouncement/publish` …). The links to
 * sourcing events and to the announcement a result concludes are written by the server.
 */
export const portalPurchaseAnnouncementResource = defineResource({
  key: 'portalPurchaseAnnouncement',
  table: 'portal_purchase_announcement',
  path: '/portal/purchaseAnnouncement',
  label: '采购公告',
  permission: 'portalPurchase',
  tenant: true,
  capabilities: { import: false },
  fields: {
    title: { label: '公告标题', type: 'string', required: true, max: 200, filter: 'like', sortable: true, width: 260 },
    type: {
      label: '寻源类型',
      type: 'dict',
      dict: 'portal_sourcing_type',
      required: true,
      filter: 'eq',
      sortable: true,
    },
    code: { label: '项目编号', type: 'string', max: 64, filter: 'like', sortable: true },
    purchasingEntity: { label: '采购单位', type: 'string', max: 200, filter: 'like' },
    purchaseProduct: { label: '采购产品', type: 'string', max: 200, list: false },
    purchaseMethod: { label: '采购方式', type: 'dict', dict: 'srm_purchase_method', filter: 'eq' },
    purchaseType: { label: '采购类型', type: 'dict', dict: 'srm_purchase_type', filter: 'eq' },
    signupStart: { label: '报名开始时间', type: 'datetime', list: false },
    signupDeadline: { label: '报名截止时间', type: 'datetime', sortable: true },
    responseDeadline: { label: '报价截止时间', type: 'datetime', sortable: true },
    plannedStart: { label: '计划开始时间', type: 'datetime', list: false },
    contact: { label: '联系方式', type: 'string', max: 500, list: false },
    content: { label: '公告内容', type: 'text', max: 100_000, list: false },
    status: {
      label: '状态',
      type: 'dict',
      dict: 'portal_announcement_status',
      readOnly: true,
      filter: 'eq',
      sortable: true,
    },
    publishTime: { label: '发布时间', type: 'datetime', readOnly: true, sortable: true },
    withdrawReason: { label: '撤回原因', type: 'string', readOnly: true, list: false },
  },
});

export const portalResultAnnouncementResource = defineResource({
  key: 'portalResultAnnouncement',
  table: 'portal_result_announcement',
  path: '/portal/resultAnnouncement',
  label: '结果公告',
  permission: 'portalResult',
  tenant: true,
  capabilities: { import: false },
  fields: {
    title: { label: '公告标题', type: 'string', required: true, max: 200, filter: 'like', sortable: true, width: 260 },
    type: {
      label: '寻源类型',
      type: 'dict',
      dict: 'portal_sourcing_type',
      required: true,
      filter: 'eq',
      sortable: true,
    },
    projectName: { label: '项目名称', type: 'string', max: 200, filter: 'like' },
    bidCode: { label: '项目编号', type: 'string', max: 64, filter: 'like' },
    company: { label: '中标单位', type: 'string', max: 500 },
    supplierList: {
      label: '供应商名单',
      type: 'text',
      max: 20_000,
      list: false,
      placeholder: '[{"title":"第一中标候选人","name":"某某有限公司"}]',
    },
    announcementId: { label: '采购公告编号', type: 'string', readOnly: true, list: false },
    content: { label: '公告内容', type: 'text', max: 100_000, list: false },
    status: {
      label: '状态',
      type: 'dict',
      dict: 'portal_announcement_status',
      readOnly: true,
      filter: 'eq',
      sortable: true,
    },
    publishTime: { label: '发布时间', type: 'datetime', readOnly: true, sortable: true },
  },
});

export const portalNewsResource = defineResource({
  key: 'portalNews',
  table: 'portal_news',
  path: '/portal/news',
  label: '新闻资讯',
  permission: 'portalNews',
  capabilities: { import: false },
  fields: {
    title: { label: '标题', type: 'string', required: true, max: 200, filter: 'like', sortable: true, width: 260 },
    type: { label: '新闻类型', type: 'dict', dict: 'portal_news_type', required: true, filter: 'eq', sortable: true },
    newsDate: { label: '新闻日期', type: 'date', required: true, sortable: true },
    content: { label: '内容', type: 'text', max: 100_000, list: false },
    status: { label: '状态', type: 'dict', dict: 'portal_news_status', readOnly: true, filter: 'eq', sortable: true },
  },
});

export const portalResources = [
  portalPurchaseAnnouncementResource,
  portalResultAnnouncementResource,
  portalNewsResource,
] as const;
