import { defineResource, type ResourceDef } from '../resource/define-resource.js';

/**
 * 扩展字段: a configurable field of an opted-in table (`EXTENDABLE_TABLES`). `formStyle` says
 * where it shows (list, edit, info; comma-joined), `area` whether it belongs to a form's head
 * or body. Values are kept per record in `sys_extend_value`.
 */
export const extendFieldResource = defineResource({
  key: 'sysExtendField',
  table: 'sys_extend_field',
  path: '/extendField',
  label: '扩展字段',
  permission: 'extendField',
  // Each tenant defines its own; the platform's show to every tenant (apps/server extend-values.ts).
  tenant: 'system',
  defaultSort: { field: 'sortNo', order: 'asc' },
  capabilities: { import: false },
  fields: {
    tableName: {
      label: '表名',
      type: 'string',
      required: true,
      max: 64,
      immutable: true,
      filter: 'eq',
      sortable: true,
      placeholder: 'bd_dataorg',
    },
    fieldName: {
      label: '字段名',
      type: 'string',
      required: true,
      max: 64,
      immutable: true,
      filter: 'like',
      sortable: true,
      pattern: { source: '^[a-z][A-Za-z0-9]{0,63}$', message: '字段名以小写字母开头，只能包含字母和数字' },
    },
    labelName: { label: '显示名称', type: 'string', required: true, max: 100, filter: 'like' },
    dataType: { label: '数据类型', type: 'dict', dict: 'extend_data_type', required: true, filter: 'eq' },
    required: {
      label: '必填',
      type: 'string',
      max: 8,
      pattern: { source: '^(true|false)$', message: '必填只能是 true 或 false' },
    },
    editProperty: {
      label: '编辑属性',
      type: 'string',
      max: 16,
      placeholder: '含 1 必填，含 2 只读，如 1,2',
      pattern: { source: '^[12](,[12])*$', message: '编辑属性只能是 1、2 或 1,2' },
    },
    formStyle: {
      label: '显示位置',
      type: 'string',
      max: 64,
      placeholder: 'list,edit,info',
      pattern: {
        source: '^(list|edit|info)(,(list|edit|info))*$',
        message: '显示位置只能是 list、edit、info，以逗号分隔',
      },
    },
    area: { label: '区域', type: 'dict', dict: 'extend_area' },
    width: { label: '列宽', type: 'int', min: 40, max: 600 },
    sortNo: { label: '排序', type: 'int', min: 0, max: 9999, sortable: true },
  },
});

export const extendResources: readonly ResourceDef[] = [extendFieldResource];
