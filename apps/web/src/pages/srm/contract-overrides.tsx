import { createElement } from 'react';
import { DatePicker, Form } from 'antd';
import type { Dayjs } from 'dayjs';
import { contractResource } from '@procura/shared';
import { FileUpload } from '../../components/upload/file-upload';
import { StoredFileLinks } from '../../components/upload/stored-file-links';
import type { ResourceOverride, RowActionPanelProps } from '../../resources/resource-types';
import { RowCommandModal } from '../../resources/row-command-modal';
import { ContractPrintText } from './contract-print-text';
import { ContractVersionsPanel } from './contract-versions-panel';
import { SupplierSelect } from './material-controls';

/** 签署生效: the signed scan uploaded (required) and the signing day; the server makes the contract ACTIVE. */
export function ContractSignModal(props: RowActionPanelProps) {
  const toBody = (v: Record<string, unknown>) => ({
    ...v,
    signedAt: (v.signedAt as Dayjs | undefined)?.format('YYYY-MM-DD'),
  });
  return (
    <RowCommandModal
      {...props}
      path="/srm/contract/sign"
      title={`签署生效 - ${String(props.record.code ?? '')}`}
      testId="contract-sign"
      okText="确认生效"
      toBody={toBody}
    >
      {() => (
        <>
          <Form.Item name="signedFiles" label="合同签署件" rules={[{ required: true, message: '请上传合同签署件' }]}>
            <FileUpload biz="contract" maxCount={5} data-testid="contract-signed-files" />
          </Form.Item>
          <Form.Item name="signedAt" label="签署日期">
            <DatePicker format="YYYY-MM-DD" style={{ width: '100%' }} />
          </Form.Item>
        </>
      )}
    </RowCommandModal>
  );
}

/** 合同管理 (buyers) and 我的合同 (suppliers) on the generic workflow page (§15). */
export const contractOverrides: Readonly<Record<string, ResourceOverride>> = {
  [contractResource.key]: {
    columns: { supplierId: (_v, r) => (r.supplierName as string | null) ?? '-' },
    details: {
      supplierId: (_v, r) => (r.supplierName as string | null) ?? '-',
      signedFiles: (v) => createElement(StoredFileLinks, { paths: v as string | null }),
    },
    controlPermissions: { supplierId: 'supplier:list' },
    formControls: { supplierId: (_f, disabled) => createElement(SupplierSelect, { disabled }) },
    workflow: { key: 'contract', panels: { sign: ContractSignModal } },
    // CON-6: every version of the contract, 变更合同 / 变更生效, and its supplements.
    detailPanels: [{ key: 'versions', title: '版本记录', Panel: ContractVersionsPanel }],
    // §15: the contract text from its template under the print view's header and fields.
    printBody: ContractPrintText,
    // CON-1: a contract from an award keeps its supplier and the award's lines, prices and quantities.
    lockedFor: (r) =>
      r?.sourceAwardId
        ? {
            fields: ['supplierId'],
            lines: { lines: ['materialId', 'materialName', 'unit', 'qty', 'unitPrice', 'taxRate'] },
          }
        : null,
  },
};
