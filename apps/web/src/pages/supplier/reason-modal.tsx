import { useState } from 'react';
import { Form, Input, Modal } from 'antd';

export type ReasonRequest = {
  title: string;
  label?: string;
  required?: boolean;
  onSubmit: (reason: string) => Promise<boolean>;
};

/**
 * The confirmation of a lifecycle action: names what happens and asks why (SST-1 wants a
 * reason for freeze, blacklist and elimination). Closes only when the action succeeded.
 */
export function ReasonModal({ request, onClose }: { request: ReasonRequest | null; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!request) return;
    // A failed validation shows its message under the field; nothing is sent.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const { reason } = values;
    setBusy(true);
    try {
      if (await request.onSubmit((reason ?? '').trim())) {
        form.resetFields();
        onClose();
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={request !== null}
      title={request?.title}
      okText="确定"
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label={request?.label ?? '原因'}
          rules={request?.required === false ? [] : [{ required: true, whitespace: true, message: '请填写原因' }]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount data-testid="reason-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
