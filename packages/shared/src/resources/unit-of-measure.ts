import { defineResource } from '../resource/define-resource.js';

/**
 * 计量单位: the units materials, requisition lines and samples are counted in (domain §3).
 * Administrators keep the list; every other screen offers its active units through the
 * dictionary `srm_unit`, which this table serves (see `dictionary` below), so a unit is
 * chosen, never typed. Codes are what documents store; names are what users read.
 */
export const unitOfMeasureResource = defineResource({
  key: 'srmUnitOfMeasure',
  table: 'srm_unit_of_measure',
  path: '/srm/unitOfMeasure',
  label: '计量单位',
  permission: 'unitOfMeasure',
  defaultSort: { field: 'sortNo', order: 'asc' },
  dictionary: { code: 'srm_unit', value: 'code', text: 'name', active: { field: 'status', value: 'ACTIVE' } },
  fields: {
    code: {
      label: '单位编码',
      type: 'string',
      required: true,
      // Document lines keep the code in a varchar(16).
      max: 16,
      unique: true,
      immutable: true,
      filter: 'like',
      sortable: true,
      pattern: { source: '^[A-Za-z0-9_-]+$', message: '单位编码只能包含字母、数字、下划线和横线' },
    },
    name: { label: '单位名称', type: 'string', required: true, max: 32, unique: true, filter: 'like', sortable: true },
    sortNo: { label: '排序', type: 'int', min: 0, max: 99999, sortable: true, width: 80 },
    status: { label: '状态', type: 'dict', dict: 'srm_active_status', filter: 'eq', sortable: true },
    remark: { label: '备注', type: 'string', max: 500, list: false },
  },
});
