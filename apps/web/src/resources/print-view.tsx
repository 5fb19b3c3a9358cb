import { Button, Modal } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { amountToCapital, type ResourceDef } from '@procura/shared';
import { useEnabledTemplate } from '../portal/template';
import { usePortalConfig } from '../portal/config-store';
import { detailFields, displayValue } from './resource-fields';
import type { ResourceOverride, ResourceRecord } from './resource-types';

type Props = {
  def: ResourceDef;
  record: ResourceRecord;
  open: boolean;
  onClose: () => void;
  /** The module's part below the fields (a contract's text). */
  Body?: ResourceOverride['printBody'];
};

/**
 * The print view of a document (issue 17): an A4 sheet with the company header (the name and
 * first office of the portal's 关于我们 settings), the document's fields, and its amount in
 * Chinese capitals; the browser prints only the sheet (styles.css `@media print`).
 */
export function DocumentPrintView({ def, record, open, onClose, Body }: Props) {
  const { config } = usePortalConfig(useEnabledTemplate());
  const office = config.about.offices[0];
  const amountField = def.workflow?.amountField;
  const amount = amountField ? (record[amountField] as string | null) : null;
  const fields = detailFields(def).filter(
    ({ name }) => !(def.workflow?.attachments as readonly string[] | undefined)?.includes(name),
  );
  const status = def.workflow ? String(record[`${def.workflow.status}_dictText`] ?? record[def.workflow.status]) : '';
  return (
    <Modal
      open={open}
      onCancel={onClose}
      width={860}
      title={`打印 - ${def.label}`}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          关闭
        </Button>,
        <Button key="print" type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
          打印
        </Button>,
      ]}
    >
      <div className="print-sheet" data-testid="print-sheet">
        <header className="print-header" data-testid="print-header">
          <div className="print-company">{config.logo.text}</div>
          {office ? <div className="print-office">{`${office.address} ${office.phone}`}</div> : null}
          <h1 className="print-title">{def.label}</h1>
          <div className="print-meta">
            <span>{`单号：${String(record.code ?? record.id)}`}</span>
            <span>{`状态：${status}`}</span>
          </div>
        </header>
        <table className="print-fields" data-testid="print-fields">
          <tbody>
            {fields.map((f) => (
              <tr key={f.name}>
                <th>{f.field.label}</th>
                <td>{displayValue(f, record)}</td>
              </tr>
            ))}
            {amountField ? (
              <tr>
                <th>金额（大写）</th>
                <td data-testid="print-amount-capital">{amount ? amountToCapital(amount) : '-'}</td>
              </tr>
            ) : null}
          </tbody>
        </table>
        {Body ? <Body record={record} /> : null}
        <footer className="print-footer">
          <span>制单：{String(record.createBy ?? '')}</span>
          <span>审核：</span>
          <span>签收：</span>
        </footer>
      </div>
    </Modal>
  );
}
