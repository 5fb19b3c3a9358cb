import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import type { ApprovalRow } from './approval-api';

export type Decision = { row: ApprovalRow; action: 'approve' | 'reject' };

/** The approver's decision: the comment (required to reject) and the confirmation in one dialog. */
export function DecisionModal({
  decision,
  onClose,
  onDecide,
}: {
  decision: Decision | null;
  onClose: () => void;
  onDecide: (comment: string) => Promise<boolean>;
}) {
  const [form] = Form.useForm<{ comment: string }>();
  const [busy, setBusy] = useState(false);
  const reject = decision?.action === 'reject';
  return (
    <Modal
      open={!!decision}
      title={reject ? '驳回' : '同意'}
      okText={reject ? '确定驳回' : '确定同意'}
      okButtonProps={{ danger: reject, loading: busy, ...{ 'data-testid': 'approval-decision-ok' } }}
      cancelText="取消"
      destroyOnHidden
      onCancel={onClose}
      onOk={async () => {
        // An invalid form shows its messages under the field; nothing is sent.
        const values = await form.validateFields().catch(() => null);
        if (!values) return;
        const { comment } = values;
        setBusy(true);
        try {
          if (await onDecide(comment ?? '')) onClose();
        } finally {
          setBusy(false);
        }
      }}
    >
      <p>{decision?.row.title}</p>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="comment"
          label="审批意见"
          rules={reject ? [{ required: true, whitespace: true, message: '请填写驳回意见' }] : []}
        >
          <Input.TextArea
            rows={3}
            maxLength={500}
            showCount
            data-testid="approval-comment"
            placeholder={reject ? '请填写驳回原因' : '可选'}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
