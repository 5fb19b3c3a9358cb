import { requisitionResource } from '@procura/shared';
import type { ResourceOverride } from '../../../resources/resource-types';
import {
  CONSUMABLE,
  consumable,
  RequisitionApprovalPanel,
  RequisitionCancelPanel,
  RequisitionEditPanel,
  RequisitionLinesView,
  RequisitionOrderPanel,
  RequisitionRfqPanel,
  RequisitionSubmitPanel,
  RequisitionToolbar,
} from './requisition-panels';
import { postAction } from '../../../lib/http';

const text = (v: unknown) => (typeof v === 'string' && v ? v : '-');

/**
 * 采购申请 (domain §8) on the generic workflow page: the module's draft form (新建, 编辑 of drafts and
 * rejected ones, PR-1/PR-4), 撤回 while in approval, 取消剩余数量 (PR-5), and on the detail the lines
 * with their ledger and 按配额拆分 (QUO-4), 创建询价 and 转订单 from what is left (PR-6), the approval history.
 */
export const requisitionOverrides: Readonly<Record<string, ResourceOverride>> = {
  [requisitionResource.key]: {
    columns: { budgetAmount: (v, r) => `${text(v)} ${text(r.currency)}` },
    details: {
      budgetAmount: (v, r) => `${text(v)} ${text(r.currency)}`,
      requesterId: (_v, r) => text(r.requesterName),
      // Users never see a department's code (A01A01), only its name.
      departmentCode: (_v, r) => text(r.departmentName),
      buyerId: (_v, r) => text(r.buyerName),
      urgency: (v, r) => (v === 'URGENT' ? `紧急：${text(r.urgentReason)}` : '普通'),
    },
    toolbar: RequisitionToolbar,
    rowActions: [
      {
        key: 'requisition-edit',
        label: '编辑',
        permission: 'srm:requisition:edit',
        detail: 'also',
        visible: (r) => r.status === 'DRAFT' || r.status === 'REJECTED',
        Panel: RequisitionEditPanel,
      },
      {
        key: 'requisition-withdraw',
        label: '撤回',
        permission: 'srm:requisition:submit',
        detail: 'also',
        visible: (r) => r.status === 'PENDING_APPROVAL',
        confirm: '确定撤回吗？审批将被取消，申请回到草稿。',
        run: (r) => postAction('/srm/requisition/withdraw', { id: r.id }),
      },
      {
        key: 'requisition-create-rfq',
        label: '创建询价',
        permission: 'srm:sourcing:add',
        detail: 'only',
        visible: consumable,
        Panel: RequisitionRfqPanel,
      },
      {
        key: 'requisition-create-order',
        label: '转订单',
        permission: 'purchaseOrder:add',
        detail: 'only',
        visible: consumable,
        Panel: RequisitionOrderPanel,
      },
      {
        key: 'requisition-cancel',
        label: '取消剩余数量',
        permission: 'srm:requisition:cancel',
        detail: 'also',
        visible: (r) => CONSUMABLE.includes(String(r.status)) && !r.cancelledAt,
        Panel: RequisitionCancelPanel,
      },
    ],
    workflow: {
      key: 'requisition',
      panels: { submit: RequisitionSubmitPanel },
      lines: { lines: RequisitionLinesView },
    },
    detailPanels: [{ key: 'approval', title: '审批记录', Panel: RequisitionApprovalPanel }],
    emptyText: '暂无采购申请',
    errorTitle: '采购申请加载失败',
  },
};
