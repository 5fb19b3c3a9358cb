import { defineResource, type ResourceDef } from '../resource/define-resource.js';

const FIELD_NAME = { source: '^[a-z][a-z0-9_]{0,63}$', message: '字段名只能包含小写字母、数字和下划线，以字母开头' };

/** 组织机构 (JeecgBoot's bd_dataorg): what the organisation picker (`/dataorg/bdDataorg/list`) lists. */
export const dataorgResource = defineResource({
  key: 'bdDataorg',
  table: 'bd_dataorg',
  path: '/dataorg/bdDataorg',
  label: '组织机构',
  permission: 'dataorg',
  defaultSort: { field: 'code', order: 'asc' },
  fields: {
    code: {
      label: '编码',
      type: 'string',
      required: true,
      max: 64,
      unique: true,
      filter: 'like',
      sortable: true,
      pattern: { source: '^[A-Za-z0-9_-]+$', message: '编码只能包含字母、数字、下划线和横线' },
    },
    name: { label: '名称', type: 'string', required: true, max: 100, filter: 'like', sortable: true },
    description: { label: '描述', type: 'string', max: 500, list: false },
  },
});

/** The online report the demo company comes with (部门列表); the widget gallery's report demos read it by default. */
export const DEMO_REPORT_CODE = 'demo_depart';

/**
 * 在线报表: a read-only SELECT an administrator writes (only allow-listed tables, `${name}`
 * parameters bound), with its columns (items) and parameters; read through
 * `/online/cgreport/api/getRpColumns|getQueryInfo|getData`.
 */
export const reportHeadResource = defineResource({
  key: 'onlCgreportHead',
  table: 'onl_cgreport_head',
  path: '/online/cgreport/head',
  label: '在线报表',
  permission: 'onlReport',
  capabilities: { import: false },
  // Each tenant administers its own definitions; the platform's are shared for running (issue 16).
  tenant: 'system',
  fields: {
    code: {
      label: '报表编码',
      type: 'string',
      required: true,
      max: 100,
      unique: true,
      filter: 'like',
      sortable: true,
      pattern: { source: '^[A-Za-z][A-Za-z0-9_]*$', message: '报表编码以字母开头，只能包含字母、数字和下划线' },
    },
    name: { label: '报表名称', type: 'string', required: true, max: 100, filter: 'like', sortable: true },
    cgrSql: {
      label: '报表SQL',
      type: 'text',
      required: true,
      max: 4000,
      list: false,
      placeholder:
        '只能是一条 SELECT，参数写作 ${参数名}，如 select code, name from bd_dataorg where code like ${prefix}',
    },
    content: { label: '描述', type: 'string', max: 500 },
  },
});

/** A column of a report: the SELECT's output name, its title, type, and whether it is shown and searchable. */
export const reportItemResource = defineResource({
  key: 'onlCgreportItem',
  table: 'onl_cgreport_item',
  path: '/online/cgreport/item',
  label: '报表字段',
  permission: 'onlReport',
  defaultSort: { field: 'orderNum', order: 'asc' },
  capabilities: { export: false, import: false },
  fields: {
    cgrheadId: {
      label: '报表',
      type: 'string',
      required: true,
      max: 32,
      immutable: true,
      filter: 'eq',
      list: false,
      detail: false,
    },
    fieldName: {
      label: '字段名',
      type: 'string',
      required: true,
      max: 64,
      filter: 'like',
      sortable: true,
      pattern: FIELD_NAME,
    },
    fieldTxt: { label: '字段文本', type: 'string', required: true, max: 100 },
    fieldType: { label: '字段类型', type: 'dict', dict: 'report_field_type', required: true },
    isShow: { label: '是否显示', type: 'int', dict: 'yn', min: 0, max: 1 },
    isQuery: { label: '是否查询', type: 'int', dict: 'yn', min: 0, max: 1 },
    searchMode: { label: '查询模式', type: 'dict', dict: 'report_search_mode' },
    dictCode: {
      label: '字典编码',
      type: 'string',
      max: 100,
      pattern: { source: '^[A-Za-z][A-Za-z0-9_]*$', message: '字典编码格式不正确' },
    },
    orderNum: { label: '排序', type: 'int', min: 0, max: 9999, sortable: true },
  },
});

/** A `${name}` parameter of a report's SQL; `paramValue` is used when the request sends no `self_<name>`. */
export const reportParamResource = defineResource({
  key: 'onlCgreportParam',
  table: 'onl_cgreport_param',
  path: '/online/cgreport/param',
  label: '报表参数',
  permission: 'onlReport',
  defaultSort: { field: 'orderNum', order: 'asc' },
  capabilities: { export: false, import: false },
  fields: {
    cgrheadId: {
      label: '报表',
      type: 'string',
      required: true,
      max: 32,
      immutable: true,
      filter: 'eq',
      list: false,
      detail: false,
    },
    paramName: {
      label: '参数名',
      type: 'string',
      required: true,
      max: 64,
      filter: 'like',
      sortable: true,
      pattern: FIELD_NAME,
    },
    paramTxt: { label: '参数文本', type: 'string', required: true, max: 100 },
    paramValue: { label: '默认值', type: 'string', max: 200 },
    orderNum: { label: '排序', type: 'int', min: 0, max: 9999, sortable: true },
  },
});

export const onlineResources: readonly ResourceDef[] = [
  dataorgResource,
  reportHeadResource,
  reportItemResource,
  reportParamResource,
];
