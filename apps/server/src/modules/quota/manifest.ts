import type { ModuleManifest } from '../manifest.js';
import { quotaRoutes } from './quota-routes.js';
import { quotaApprovalDocType } from './quota-service.js';
import { quotaMenus } from './menus.js';

export const quotaManifest: ModuleManifest = {
  name: 'quota',
  routes: [quotaRoutes],
  approvalDocTypes: () => [quotaApprovalDocType],
  menus: quotaMenus,
  dictionaries: [
    [
      'srm_quota_status',
      '配额状态',
      'DRAFT 草稿 · PENDING_APPROVAL 审批中 · ACTIVE 生效 · NEEDS_REVIEW 待复核 · EXPIRED 已过期 · SUPERSEDED 已替代',
    ],
    ['srm_quota_basis', '配额分配基准', 'QUANTITY 按数量 · AMOUNT 按金额'],
    [
      'srm_quota_adjust_reason',
      '配额调整原因',
      'NEW_AWARD 新定标 · DELIVERY_PROBLEM 交付问题 · QUALITY_PROBLEM 质量问题 · SERVICE_PROBLEM 服务问题 · CONTRACT_BREACH 合同违约 · OTHER 其他',
    ],
  ],
};
