import { useState } from 'react';
import { Alert, Button, Input, Space } from 'antd';
import { PICKER, PICKER_MESSAGES, reportRowKey } from './picker-constants';
import { ReportPopupModal } from './report-popup-modal';
import type { ReportRow } from './report-api';

/** Popup widget config (spec part 2 §3): the report `code`, this widget's `field`, and which report columns (`orgFields`) fill which form fields (`destFields`). */
export type PopupConfig = { code?: string; field?: string; orgFields?: string; destFields?: string; multi?: boolean };

const split = (s: string | undefined) =>
  (s ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/** Why a popup config cannot work, or null: code, orgFields and destFields are needed, and as many of each. */
export function popupConfigError(config: PopupConfig): string | null {
  if (!config.code || !config.orgFields || !config.destFields) return PICKER_MESSAGES.popupNotConfigured;
  if (split(config.orgFields).length !== split(config.destFields).length) return PICKER_MESSAGES.popupCountMismatch;
  return null;
}

/** The form values a choice gives: each dest field takes its report column's values, comma-joined over the chosen rows. */
export function popupValues(config: PopupConfig, rows: ReportRow[]): Record<string, string> {
  const org = split(config.orgFields);
  const dest = split(config.destFields);
  return Object.fromEntries(dest.map((d, i) => [d, rows.map((r) => String(r[org[i]!] ?? '')).join(',')]));
}

type Props = PopupConfig & {
  /** This widget's own value (comma-joined, as JeecgBoot stores it). */
  value?: string;
  onChange?: (value: string) => void;
  /** Every dest field's value, for a form to fill the other fields. */
  onCallback?: (values: Record<string, string>) => void;
  disabled?: boolean;
  placeholder?: string;
};

/**
 * 弹出选择 (JeecgBoot's JPopup): a read-only input whose button opens an online report
 * (width 1200); the chosen rows fill `destFields` from `orgFields`. A bad config shows its
 * error in place of the widget.
 */
export function PopupSelect({ value, onChange, onCallback, disabled, placeholder = '请选择', ...config }: Props) {
  const [open, setOpen] = useState(false);
  const [keys, setKeys] = useState<string[]>([]);
  const error = popupConfigError(config);
  if (error) return <Alert type="error" showIcon title={error} data-testid="popup-config-error" />;
  const dest = split(config.destFields);
  const own = config.field && dest.includes(config.field) ? config.field : dest[0]!;
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          readOnly
          value={value ?? ''}
          placeholder={placeholder}
          disabled={disabled}
          onClick={() => !disabled && setOpen(true)}
          data-testid="popup-select-input"
        />
        <Button disabled={disabled} onClick={() => setOpen(true)}>
          选择
        </Button>
      </Space.Compact>
      <ReportPopupModal
        code={config.code!}
        open={open}
        multi={config.multi}
        width={PICKER.popupWidgetWidth}
        selectedKeys={keys}
        onCancel={() => setOpen(false)}
        onOk={(rows) => {
          const values = popupValues(config, rows);
          setKeys(rows.map(reportRowKey));
          setOpen(false);
          // The other fields first: a form reading all values on this widget's change sees them.
          onCallback?.(values);
          onChange?.(values[own] ?? '');
        }}
      />
    </>
  );
}
