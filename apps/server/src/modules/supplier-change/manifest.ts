import type { ModuleManifest } from '../manifest.js';
import { supplierChangeRoutes } from './change-routes.js';
import { changeRequestFiles } from './change-files.js';
import { SupplierChangeService } from './change-service.js';
import { supplierChangeMenus } from './menus.js';

export const supplierChangeManifest: ModuleManifest = {
  name: 'supplier-change',
  routes: [supplierChangeRoutes],
  approvalDocTypes: (ctx) => new SupplierChangeService(ctx.db).approvalDocTypes(),
  documentFiles: [changeRequestFiles],
  menus: supplierChangeMenus,
  dictionaries: [
    [
      'srm_change_status',
      '变更申请状态',
      'DRAFT 草稿 · SUBMITTED 审批中 · APPROVED 已通过 · REJECTED 已驳回 · WITHDRAWN 已撤回',
    ],
    ['srm_change_initiator', '变更申请发起方', 'SUPPLIER 供应商 · BUYER 采购方代供应商发起'],
  ],
};
