import { defineResource, type ResourceDef } from '../resource/define-resource.js';
import { portalResources } from './portal.js';
import { onlineResources } from './online.js';
import { extendResources } from './extend.js';
import { materialResources } from './material.js';
import { unitOfMeasureResource } from './unit-of-measure.js';
import { sampleRequestResource } from './sample.js';
import { purchaseOrderResource } from './purchase-order.js';
import { contractResource } from './contract.js';
import { quotaResource } from './quota.js';
import { supplierChangeResource } from './supplier-change.js';
import { requisitionResource } from './requisition.js';
import { supplierMaterialResource } from './supplier-material.js';
import { evaluationResources } from './evaluation.js';

/** 职务 (positions), a plain list: the simplest resource, and the worked example of the recipe. Each tenant has its own. */
export const positionResource = defineResource({
  key: 'sysPosition',
  table: 'sys_position',
  path: '/sys/position',
  label: '职务',
  permission: 'position',
  tenant: true,
  fields: {
    code: {
      label: '职务编码',
      type: 'string',
      required: true,
      max: 64,
      unique: true,
      filter: 'like',
      sortable: true,
      pattern: { source: '^[A-Za-z0-9_-]+$', message: '职务编码只能包含字母、数字、下划线和横线' },
    },
    name: { label: '职务名称', type: 'string', required: true, max: 100, filter: 'like', sortable: true },
    postRank: { label: '职级', type: 'dict', dict: 'position_rank', filter: 'eq', sortable: true },
    description: { label: '描述', type: 'text', max: 500, list: false },
  },
});

/** 角色 (roles); menu and button permissions are assigned by their own routes. */
export const roleResource = defineResource({
  key: 'sysRole',
  table: 'sys_role',
  path: '/sys/role',
  label: '角色',
  permission: 'role',
  // Each tenant administers its own roles, the platform sees all; codes are unique within a
  // tenant, so two tenants may each have a role `buyer` (issue 16).
  tenant: 'system',
  tenantUnique: true,
  fields: {
    roleName: { label: '角色名称', type: 'string', required: true, max: 100, filter: 'like', sortable: true },
    roleCode: {
      label: '角色编码',
      type: 'string',
      required: true,
      max: 100,
      unique: true,
      immutable: true,
      filter: 'like',
      sortable: true,
      pattern: { source: '^[A-Za-z][A-Za-z0-9_]*$', message: '角色编码以字母开头，只能包含字母、数字和下划线' },
    },
    description: { label: '描述', type: 'string', max: 255 },
  },
});

/**
 * 数据字典 (dictionaries); deleted ones go to the recycle bin. Per tenant (issue 16): tenant 0's
 * are the platform's shared dictionaries, which every tenant reads and only the platform changes;
 * a tenant's own are its alone, and a code it has itself takes precedence over a shared one.
 */
export const dictResource = defineResource({
  key: 'sysDict',
  table: 'sys_dict',
  path: '/sys/dict',
  label: '字典',
  permission: 'dict',
  softDelete: true,
  tenant: 'shared',
  fields: {
    dictName: { label: '字典名称', type: 'string', required: true, max: 100, filter: 'like', sortable: true },
    dictCode: {
      label: '字典编码',
      type: 'string',
      required: true,
      max: 100,
      unique: true,
      filter: 'like',
      sortable: true,
      pattern: { source: '^[A-Za-z][A-Za-z0-9_]*$', message: '字典编码以字母开头，只能包含字母、数字和下划线' },
    },
    description: { label: '描述', type: 'string', max: 255 },
  },
});

/** 字典项 (the items of one dictionary, listed by `dictId`). */
export const dictItemResource = defineResource({
  key: 'sysDictItem',
  table: 'sys_dict_item',
  path: '/sys/dictItem',
  label: '字典项',
  permission: 'dict',
  defaultSort: { field: 'sortOrder', order: 'asc' },
  capabilities: { export: false, import: false },
  fields: {
    dictId: {
      label: '字典',
      type: 'string',
      required: true,
      max: 32,
      immutable: true,
      filter: 'eq',
      list: false,
      form: true,
      detail: false,
    },
    itemText: { label: '名称', type: 'string', required: true, max: 100, filter: 'like', sortable: true },
    itemValue: { label: '数据值', type: 'string', required: true, max: 100, filter: 'like', sortable: true },
    description: { label: '描述', type: 'string', max: 255 },
    sortOrder: { label: '排序', type: 'int', min: 0, max: 99999, sortable: true },
    status: { label: '状态', type: 'int', dict: 'enable_status', min: 0, max: 1, filter: 'eq', sortable: true },
  },
});

/**
 * 通知公告: written as drafts, then published to everyone or to chosen users, or revoked
 * (`doReleaseData`, `doReovkeData`). The rich text is sanitised on the server.
 */
export const announcementResource = defineResource({
  key: 'sysAnnouncement',
  table: 'sys_announcement',
  path: '/sys/annountCement',
  label: '通知公告',
  permission: 'announcement',
  softDelete: true,
  // A tenant's administrators publish to its members; the platform's broadcasts reach everyone (issue 16).
  tenant: 'system',
  // `queryById` is the notice dialog's own route: it serves drafts to administrators too.
  capabilities: { detail: false, import: false },
  fields: {
    titile: { label: '标题', type: 'string', required: true, max: 200, filter: 'like', sortable: true, width: 260 },
    msgCategory: {
      label: '消息类型',
      type: 'dict',
      dict: 'msg_category',
      required: true,
      filter: 'eq',
      sortable: true,
    },
    priority: { label: '优先级', type: 'dict', dict: 'priority', required: true, filter: 'eq', sortable: true },
    msgType: { label: '通告对象', type: 'dict', dict: 'msg_type', required: true, filter: 'eq' },
    userIds: {
      label: '指定用户',
      type: 'string',
      max: 5000,
      list: false,
      placeholder: '通告对象为指定用户时，填写用户编号，以逗号分隔',
    },
    msgAbstract: { label: '摘要', type: 'string', max: 500, list: false },
    msgContent: { label: '内容', type: 'text', max: 100_000, list: false },
    openType: { label: '打开方式', type: 'dict', dict: 'open_type', list: false },
    openPage: {
      label: '打开页面',
      type: 'string',
      max: 255,
      list: false,
      pattern: { source: '^/[A-Za-z0-9/_\\-?=&.]*$', message: '打开页面必须是站内路径' },
    },
    endTime: { label: '截止时间', type: 'datetime', list: false },
    sendStatus: { label: '发布状态', type: 'dict', dict: 'send_status', readOnly: true, filter: 'eq', sortable: true },
    sender: { label: '发布人', type: 'string', readOnly: true },
    sendTime: { label: '发布时间', type: 'datetime', readOnly: true, sortable: true },
  },
});

/**
 * 编码校验规则 (JeecgBoot's sys_check_rule): `ruleJson` is a JSON array of
 * `{digits, pattern, message}`; each item checks a slice of the value (`digits` characters
 * on from where the previous item stopped, or `*` the whole value) against `pattern`.
 * Used by forms through `GET /sys/checkRule/checkByCode`.
 */
export const checkRuleResource = defineResource({
  key: 'sysCheckRule',
  table: 'sys_check_rule',
  path: '/sys/checkRule',
  label: '编码校验规则',
  permission: 'checkRule',
  fields: {
    ruleName: { label: '规则名称', type: 'string', required: true, max: 100, filter: 'like', sortable: true },
    ruleCode: {
      label: '规则编码',
      type: 'string',
      required: true,
      max: 100,
      unique: true,
      filter: 'like',
      sortable: true,
      pattern: { source: '^[A-Za-z][A-Za-z0-9_]*$', message: '规则编码以字母开头，只能包含字母、数字和下划线' },
    },
    ruleJson: {
      label: '规则JSON',
      type: 'text',
      required: true,
      max: 4000,
      list: false,
      placeholder:
        '[{"digits":"*","pattern":"^1[3-9]\\d{9}$","message":"请输入正确的手机号码"}]，digits 为位数（* 表示整个值）',
    },
    ruleDescription: { label: '规则描述', type: 'string', max: 500 },
  },
});

/**
 * 填值规则: document numbers `PREFIX-yyyyMMdd-NNNN`, issued by the server's code
 * service from a counter per rule, tenant and period (`seqReset`). The code is the key of
 * the counters, so it cannot change.
 */
export const fillRuleResource = defineResource({
  key: 'sysFillRule',
  table: 'sys_fill_rule',
  path: '/sys/fillRule',
  label: '填值规则',
  permission: 'fillRule',
  fields: {
    ruleName: { label: '规则名称', type: 'string', required: true, max: 100, filter: 'like', sortable: true },
    ruleCode: {
      label: '规则编码',
      type: 'string',
      required: true,
      max: 100,
      unique: true,
      immutable: true,
      filter: 'like',
      sortable: true,
      pattern: { source: '^[A-Za-z][A-Za-z0-9_]*$', message: '规则编码以字母开头，只能包含字母、数字和下划线' },
    },
    prefix: {
      label: '前缀',
      type: 'string',
      required: true,
      max: 10,
      filter: 'like',
      sortable: true,
      pattern: { source: '^[A-Za-z0-9]+$', message: '前缀只能包含字母和数字' },
    },
    dateFormat: { label: '日期格式', type: 'dict', dict: 'fill_rule_date_format', filter: 'eq' },
    seqDigits: { label: '流水号位数', type: 'int', required: true, min: 1, max: 10 },
    seqReset: { label: '流水号重置', type: 'dict', dict: 'fill_rule_seq_reset', required: true, filter: 'eq' },
    ruleDescription: { label: '规则描述', type: 'string', max: 500, list: false },
  },
});

/**
 * 租户: JeecgBoot's integer tenant ids. A user belongs to the tenants of `relTenantIds`;
 * only normal ones (status 1) within their begin/end times are effective at login.
 */
export const tenantResource = defineResource({
  key: 'sysTenant',
  table: 'sys_tenant',
  path: '/sys/tenant',
  label: '租户',
  permission: 'tenant',
  idType: 'int',
  fields: {
    name: { label: '租户名称', type: 'string', required: true, max: 100, filter: 'like', sortable: true },
    beginDate: { label: '开始时间', type: 'datetime', sortable: true },
    endDate: { label: '结束时间', type: 'datetime', sortable: true },
    status: {
      label: '状态',
      type: 'int',
      dict: 'tenant_status',
      min: 0,
      max: 1,
      filter: 'eq',
      sortable: true,
      placeholder: '不选为正常',
    },
  },
});

/** Every resource, by key: the web resolves `resource/<key>` menu components through this. */
export const resources: Readonly<Record<string, ResourceDef>> = {
  [positionResource.key]: positionResource,
  [roleResource.key]: roleResource,
  [dictResource.key]: dictResource,
  [dictItemResource.key]: dictItemResource,
  [announcementResource.key]: announcementResource,
  [tenantResource.key]: tenantResource,
  [checkRuleResource.key]: checkRuleResource,
  [fillRuleResource.key]: fillRuleResource,
  ...Object.fromEntries(portalResources.map((r) => [r.key, r])),
  ...Object.fromEntries(onlineResources.map((r) => [r.key, r])),
  ...Object.fromEntries(extendResources.map((r) => [r.key, r])),
  ...Object.fromEntries(materialResources.map((r) => [r.key, r])),
  ...Object.fromEntries(evaluationResources.map((r) => [r.key, r])),
  [sampleRequestResource.key]: sampleRequestResource,
  [purchaseOrderResource.key]: purchaseOrderResource,
  [contractResource.key]: contractResource,
  [quotaResource.key]: quotaResource,
  [supplierChangeResource.key]: supplierChangeResource,
  [requisitionResource.key]: requisitionResource,
  [supplierMaterialResource.key]: supplierMaterialResource,
  [unitOfMeasureResource.key]: unitOfMeasureResource,
};

/** The resources that serve a dictionary, by dictionary code. */
export const resourceDictionaries: Readonly<Record<string, ResourceDef>> = Object.fromEntries(
  Object.values(resources)
    .filter((r) => r.dictionary)
    .map((r) => [r.dictionary!.code, r]),
);
