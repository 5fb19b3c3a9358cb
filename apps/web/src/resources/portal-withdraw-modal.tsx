import { useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { postAction } from '../lib/http';
import type { RowActionPanelProps } from './resource-types';

/**
 * 撤回 of a purchase announcement (domain §23): the reason is required and kept on the record;
 * the announcement leaves the portal at once (PORTAL-1).
 */
export function PortalWithdrawModal({ record, open, onClose, onDone }: RowActionPanelProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const [saving, setSaving] = useState(false);
  const title = typeof record.title === 'string' ? record.title : '';

  const submit = async () => {
    let reason: string;
    try {
      ({ reason } = await form.validateFields());
    } catch {
      return; // the form shows what is missing
    }
    setSaving(true);
    try {
      const answer = await postAction('/portal/purchaseAnnouncement/withdraw', { id: record.id, reason });
      if (!answer.success) {
        message.warning(answer.message);
        return;
      }
      message.success(answer.message);
      (onDone ?? onClose)();
    } catch {
      // shown by the HTTP client
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={`撤回采购公告 - ${title}`}
      okText="撤回"
      okButtonProps={{ danger: true, loading: saving, 'data-testid': 'portal-withdraw-submit' }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="portal-withdraw-modal">
        <Form.Item name="reason" label="撤回原因" rules={[{ required: true, whitespace: true, message: '请输入撤回原因' }, { max: 500, message: '撤回原因不能超过500个字符' }]}>
          <Input.TextArea data-testid="portal-withdraw-reason" rows={4} maxLength={500} showCount placeholder="撤回后公告将从门户下线，原因会保留在公告记录中" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
