import { useState } from 'react';
import { App, DatePicker, Input, Modal, Space } from 'antd';
import { beforeToday } from '../../../components/form/date-input';
import type { Dayjs } from 'dayjs';
import { postAction } from '../../../lib/http';
import { useCommand } from '../../../lib/use-command';
import type { EventDetail } from './sourcing-api';

export type ReasonKind = 'extend' | 'continue' | 'fail' | 'cancel';

const REASON: Record<ReasonKind, { title: string; label: string; url: string; ok: string }> = {
  extend: { title: '延长报价截止时间', label: '延期原因', url: '/srm/sourcing/event/extend', ok: '确定延期' },
  continue: {
    title: '响应不足，继续开标',
    label: '继续原因',
    url: '/srm/sourcing/event/continue',
    ok: '继续开标',
  },
  fail: { title: '流标', label: '流标原因', url: '/srm/sourcing/event/fail', ok: '确定流标' },
  cancel: { title: '取消询价单', label: '取消原因', url: '/srm/sourcing/event/cancel', ok: '确定取消' },
};

/**
 * The commands that need a reason (extend with a new deadline, continue, fail, cancel), asked in
 * one dialog. The parent remounts it (a new `key`) on every ask, so the text starts empty.
 */
export function EventReasonModal({
  event: e,
  kind: reasonKind,
  onClose,
  onDone,
}: {
  event: EventDetail | undefined;
  kind: ReasonKind | null;
  onClose: () => void;
  onDone: () => Promise<void>;
}) {
  const { message } = App.useApp();
  const { busy, run } = useCommand();
  const [reason, setReason] = useState('');
  const [deadline, setDeadline] = useState<Dayjs | null>(null);

  const sendReason = () => {
    if (!e || !reasonKind) return;
    if (!reason.trim()) {
      message.warning(`请填写${REASON[reasonKind].label}`);
      return;
    }
    if (reasonKind === 'extend' && !deadline) {
      message.warning('请选择新的报价截止时间');
      return;
    }
    const body = {
      id: e.id,
      reason: reason.trim(),
      ...(reasonKind === 'extend' && deadline ? { responseDeadline: deadline.format('YYYY-MM-DD HH:mm') } : {}),
    };
    void run(
      () => postAction(REASON[reasonKind].url, body),
      async () => {
        onClose();
        await onDone();
      },
    );
  };

  return (
    <Modal
      title={reasonKind ? REASON[reasonKind].title : ''}
      open={reasonKind !== null}
      okText={reasonKind ? REASON[reasonKind].ok : '确定'}
      cancelText="返回"
      okButtonProps={{ loading: busy, danger: reasonKind === 'fail' || reasonKind === 'cancel' }}
      onCancel={onClose}
      onOk={sendReason}
    >
      {reasonKind === 'extend' && (
        <Space style={{ marginBottom: 8 }}>
          <span>新的报价截止时间</span>
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            disabledDate={beforeToday}
            value={deadline}
            onChange={setDeadline}
          />
        </Space>
      )}
      <Input.TextArea
        rows={3}
        maxLength={500}
        placeholder={reasonKind ? `${REASON[reasonKind].label}（必填）` : ''}
        value={reason}
        onChange={(ev) => setReason(ev.target.value)}
        data-testid="sourcing-reason"
      />
    </Modal>
  );
}
