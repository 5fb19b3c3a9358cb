import { contractResource } from '@procura/shared';
import { workflowApprovalDocTypes } from '../../workflow/workflow-approval.js';
import type { ModuleManifest } from '../manifest.js';
import { contractAwardRoutes } from './contract-award-routes.js';
import { contractFiles, contractRoutes } from './contract-routes.js';
import { contractLifecycleJob } from './contract-job.js';
import { contractTextRoutes } from './contract-text.js';
import { contractVersionRoutes } from './contract-versions.js';
import { contractMenus } from './menus.js';

export const contractManifest: ModuleManifest = {
  name: 'contract',
  routes: [contractRoutes, contractAwardRoutes, contractVersionRoutes, contractTextRoutes],
  // the approval of `submit`, whose outcome fires `approved` / `rejected`.
  approvalDocTypes: () => workflowApprovalDocTypes(contractResource),
  documentFiles: [contractFiles],
  // §15 expiry and the CON-3 overdue warning.
  jobs: [contractLifecycleJob],
  menus: contractMenus,
  dictionaries: [
    [
      'srm_contract_status',
      '合同状态',
      'DRAFT 草稿 · PENDING_APPROVAL 审批中 · APPROVED 已审批 · SUPPLIER_CONFIRMING 待供应商确认 · SUPPLIER_CONFIRMED 供应商已确认 · SUPPLIER_REJECTED 供应商已拒绝 · ACTIVE 生效 · PENDING_TERMINATION 终止审批中 · EXPIRED 已到期 · CANCELLED 已取消 · TERMINATED 已终止 · SUPERSEDED 已被新版本取代',
    ],
    ['srm_contract_type', '合同类型', 'FRAMEWORK 框架协议 · STANDARD 标准采购合同 · SERVICE 服务合同'],
    [
      'srm_pay_stage_type',
      '付款阶段',
      'ADVANCE 预付款 · ON_DELIVERY 到货款 · ON_ACCEPTANCE 验收款 · WARRANTY_RETENTION 质保金 · MILESTONE 里程碑款',
    ],
  ],
};
