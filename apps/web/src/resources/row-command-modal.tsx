import type { ReactNode } from 'react';
import { Form, Modal, type FormInstance } from 'antd';
import { postAction } from '../lib/http';
import { useCommand } from '../lib/use-command';
import type { RowActionPanelProps } from './resource-types';

type RowCommandModalProps = RowActionPanelProps & {
  /** Where the command goes: `POST path {id, ...form values}`. */
  path: string;
  title: string;
  okText: string;
  danger?: boolean;
  /** The dialog's width, for forms with tables of lines. */
  width?: number;
  /** Prefix of the test ids: `<testId>-form`, `<testId>-submit`. */
  testId: string;
  /** Form values → the command's body fields (e.g. dates to text). */
  toBody?: (values: Record<string, unknown>) => Record<string, unknown>;
  children: (form: FormInstance) => ReactNode;
};

/**
 * A row command that takes input (a reason, a tracking number…): the form, then the POST; the
 * server's refusal is shown as is and keeps the form open, a success closes it (`onDone`).
 */
export function RowCommandModal({
  record,
  open,
  onClose,
  onDone,
  path,
  title,
  okText,
  danger,
  width,
  testId,
  toBody,
  children,
}: RowCommandModalProps) {
  const [form] = Form.useForm();
  const { busy, run } = useCommand();

  const submit = async () => {
    let values: Record<string, unknown>;
    try {
      values = (await form.validateFields()) as Record<string, unknown>;
    } catch {
      return; // the form shows what is missing
    }
    await run(() => postAction(path, { id: record.id, ...(toBody ? toBody(values) : values) }), onDone ?? onClose);
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      width={width}
      okButtonProps={{ danger, loading: busy, 'data-testid': `${testId}-submit` }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid={`${testId}-form`}>
        {children(form)}
      </Form>
    </Modal>
  );
}
