import { createElement } from 'react';
import { purchaseOrderResource } from '@procura/shared';
import type { ResourceOverride } from '../../resources/resource-types';
import { SupplierSelect } from './material-controls';
import { OrderChangeModal } from './purchase-order-change-modal';
import { OrderRevisionsPanel } from './purchase-order-panels';

/**
 * 采购订单 (buyers) and 我的订单 (suppliers) on the generic workflow page (§16): the supplier's
 * name, the change order's dialog (PO-6) and the earlier revisions below the detail. The other
 * transitions are the definition's buttons; approval is 审批中心's (PO-4).
 */
export const purchaseOrderOverrides: Readonly<Record<string, ResourceOverride>> = {
  [purchaseOrderResource.key]: {
    columns: { supplierId: (_v, r) => (r.supplierName as string | null) ?? '-' },
    details: { supplierId: (_v, r) => (r.supplierName as string | null) ?? '-' },
    controlPermissions: { supplierId: 'supplier:list' },
    formControls: { supplierId: (_f, disabled) => createElement(SupplierSelect, { disabled }) },
    workflow: { key: 'order', panels: { change: OrderChangeModal } },
    detailPanels: [{ key: 'revisions', title: '历史版本', Panel: OrderRevisionsPanel }],
  },
};
