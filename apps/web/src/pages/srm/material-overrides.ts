import { createElement } from 'react';
import { materialCategoryResource, materialResource, priceRecordResource } from '@procura/shared';
import { postAction } from '../../lib/http';
import type { ResourceOverride } from '../../resources/resource-types';
import { CategoryTreeSelect, MaterialSelect, SupplierSelect } from './material-controls';
import { ladderProblem, ladderText, PriceLadderEditor } from './price-ladder-editor';

const text = (field: string) => (_: unknown, record: Record<string, unknown>) =>
  (record[field] as string | null) ?? '-';

/** The generic pages of §3's master data: reference pickers, reference names, and the material transitions. */
export const materialOverrides: Readonly<Record<string, ResourceOverride>> = {
  [materialCategoryResource.key]: {
    columns: { parentId: text('parentName') },
    formControls: { parentId: (_f, disabled) => createElement(CategoryTreeSelect, { leavesOnly: false, disabled }) },
  },
  [materialResource.key]: {
    columns: { categoryId: text('categoryName') },
    formControls: { categoryId: (_f, disabled) => createElement(CategoryTreeSelect, { leavesOnly: true, disabled }) },
    rowActions: [
      {
        key: 'materialSubmit',
        label: '提交启用',
        permission: 'material:submit',
        visible: (r) => r.status === 'DRAFT',
        confirm: '确定提交启用吗？审批通过后物料可用于采购单据',
        run: (r) => postAction('/srm/material/submit', { id: r.id }),
      },
      {
        key: 'materialDeactivate',
        label: '停用',
        permission: 'material:status',
        visible: (r) => r.status === 'ACTIVE',
        confirm: '确定停用吗？停用后不能用于新的采购申请、寻源和订单，已有单据不受影响',
        run: (r) => postAction('/srm/material/deactivate', { id: r.id }),
      },
      {
        key: 'materialReactivate',
        label: '恢复',
        permission: 'material:status',
        visible: (r) => r.status === 'INACTIVE',
        confirm: '确定恢复启用吗？',
        run: (r) => postAction('/srm/material/reactivate', { id: r.id }),
      },
    ],
  },
  [priceRecordResource.key]: {
    columns: {
      materialId: (_v, r) => `${(r.materialCode as string | null) ?? ''} ${(r.materialName as string | null) ?? '-'}`,
      supplierId: text('supplierName'),
    },
    formControls: {
      materialId: (_f, disabled) => createElement(MaterialSelect, { disabled }),
      supplierId: (_f, disabled) => createElement(SupplierSelect, { disabled }),
      ladder: (_f, disabled) => createElement(PriceLadderEditor, { disabled }),
    },
    // MAT-5 before sending: a first break at 0, strictly ascending quantities (the server checks again).
    formChecks: { ladder: ladderProblem },
    details: { ladder: (v) => ladderText(v) },
  },
};
