import { Form, Input } from 'antd';
import type { RowActionPanelProps } from './resource-types';
import { RowCommandModal } from './row-command-modal';

/**
 * 撤回 of a purchase announcement (domain §23): the reason is required and kept on the record;
 * the announcement leaves the portal at once (PORTAL-1).
 */
export function PortalWithdrawModal(props: RowActionPanelProps) {
  const title = typeof props.record.title === 'string' ? props.record.title : '';
  return (
    <RowCommandModal
      {...props}
      path="/portal/purchaseAnnouncement/withdraw"
      title={`撤回采购公告 - ${title}`}
      okText="撤回"
      danger
      testId="portal-withdraw"
    >
      {() => (
        <Form.Item
          name="reason"
          label="撤回原因"
          rules={[
            { required: true, whitespace: true, message: '请输入撤回原因' },
            { max: 500, message: '撤回原因不能超过500个字符' },
          ]}
        >
          <Input.TextArea
            data-testid="portal-withdraw-reason"
            rows={4}
            maxLength={500}
            showCount
            placeholder="撤回后公告将从门户下线，原因会保留在公告记录中"
          />
        </Form.Item>
      )}
    </RowCommandModal>
  );
}
