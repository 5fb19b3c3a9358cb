import { createElement } from 'react';
import { Form, Input } from 'antd';
import { supplierMaterialResource } from '@procura/shared';
import { postAction } from '../../lib/http';
import type { ResourceOverride, RowActionPanelProps } from '../../resources/resource-types';
import { RowCommandModal } from '../../resources/row-command-modal';
import { MaterialSelect, SupplierSelect } from './material-controls';

const STATUS = 'supplierMaterial:status';
const materialText = (r: Record<string, unknown>) =>
  [r.materialCode, r.materialName, r.materialSpec].filter(Boolean).join(' ') || '-';

/** 冻结 needs a reason; the supplier is told it. */
export function SourceBlockModal(props: RowActionPanelProps) {
  return (
    <RowCommandModal
      {...props}
      path="/srm/supplierMaterial/block"
      title={`冻结货源 - ${materialText(props.record)}`}
      okText="冻结"
      danger
      testId="source-block"
    >
      {() => (
        <Form.Item
          name="reason"
          label="冻结原因"
          rules={[
            { required: true, whitespace: true, message: '请填写冻结原因' },
            { max: 500, message: '冻结原因不能超过500个字符' },
          ]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount data-testid="source-block-reason" />
        </Form.Item>
      )}
    </RowCommandModal>
  );
}

/**
 * 货源清单 (§3 SupplierMaterial) on the generic page, for buyers (基础数据) and suppliers (their
 * own rows, read-only): reference pickers and names, and 冻结 / 解冻 as row commands. The
 * server checks MAT-3 and X-15 and refuses out-of-turn commands either way.
 */
export const sourceListOverrides: Readonly<Record<string, ResourceOverride>> = {
  [supplierMaterialResource.key]: {
    columns: {
      supplierId: (_v, r) => (r.supplierName as string | null) ?? '-',
      materialId: (_v, r) => materialText(r),
    },
    controlPermissions: { supplierId: 'supplier:list', materialId: 'material:list' },
    formControls: {
      supplierId: (_f, disabled) => createElement(SupplierSelect, { disabled }),
      materialId: (_f, disabled) => createElement(MaterialSelect, { disabled }),
    },
    rowActions: [
      {
        key: 'source-block',
        label: '冻结',
        permission: STATUS,
        visible: (r) => r.status === 'ACTIVE',
        Panel: SourceBlockModal,
      },
      {
        key: 'source-unblock',
        label: '解冻',
        permission: STATUS,
        visible: (r) => r.status === 'BLOCKED',
        confirm: '确定解冻吗？解冻后该供应商重新成为此物料的有效货源',
        run: (r) => postAction('/srm/supplierMaterial/unblock', { id: r.id }),
      },
    ],
  },
};
