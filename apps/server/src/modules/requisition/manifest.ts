import type { ModuleManifest } from '../manifest.js';
import { requisitionRoutes } from './requisition-routes.js';
import { requisitionApprovalDocType } from './requisition-service.js';
import { requisitionMenus } from './menus.js';

export const requisitionManifest: ModuleManifest = {
  name: 'requisition',
  routes: [requisitionRoutes],
  approvalDocTypes: () => [requisitionApprovalDocType],
  menus: requisitionMenus,
  dictionaries: [
    ['srm_pr_urgency', '紧急程度', 'NORMAL 普通 · URGENT 紧急'],
    [
      'srm_pr_line_status',
      '采购申请行状态',
      'OPEN 待处理 · IN_SOURCING 寻源中 · SOURCED 已定源 · ORDERED 已下单 · CLOSED 已关闭 · CANCELLED 已取消',
    ],
  ],
};
