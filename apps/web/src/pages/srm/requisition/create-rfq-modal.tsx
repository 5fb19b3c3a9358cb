import { useState } from 'react';
import { DictText } from '../../../components/dict/dict-select';
import { Alert, Button, DatePicker, Input, Modal, Space, Table, Typography } from 'antd';
import { beforeToday } from '../../../components/form/date-input';
import type { Dayjs } from 'dayjs';
import { useNavigate } from 'react-router';
import { detailHref, toScaled } from '@procura/shared';
import { postAction } from '../../../lib/http';
import { useCommand } from '../../../lib/use-command';
import { type RequisitionDetail, type RequisitionLineRow } from './requisition-api';

const QTY = /^\d{1,14}(\.\d{1,4})?$/;

export type RfqPick = { lineNo: number; qty: string; remaining: string };

/** PR-3 before sending (the server checks again): at least one line, each quantity > 0 and ≤ what is left. */
export function rfqPickErrors(picks: RfqPick[]): string[] {
  if (picks.length === 0) return ['请至少选择一行'];
  const errors: string[] = [];
  for (const p of picks) {
    const qty = p.qty.trim();
    if (!QTY.test(qty) || toScaled(qty) === 0n) errors.push(`第${p.lineNo}行询价数量必须大于0（最多4位小数）`);
    else if (toScaled(qty) > toScaled(p.remaining))
      errors.push(`第${p.lineNo}行询价数量不能超过剩余数量 ${p.remaining}`);
  }
  return errors;
}

/**
 * 创建询价 (domain §8 PR-6a, §25 S2 step 3): approved requisition lines with quantity left become
 * an RFQ draft, each line linked to its requisition line; the draft opens in 询价管理.
 */
export function CreateRfqModal({
  requisition,
  open,
  onClose,
  onCreated,
}: {
  requisition: RequisitionDetail;
  open: boolean;
  onClose: () => void;
  onCreated: () => void;
}) {
  const navigate = useNavigate();
  const { busy, run } = useCommand();
  const free = requisition.lines.filter((l) => toScaled(l.qtyRemaining) > 0n);
  const [selected, setSelected] = useState<string[]>(() => free.map((l) => l.id));
  const [qty, setQty] = useState<Record<string, string>>(() =>
    Object.fromEntries(free.map((l) => [l.id, l.qtyRemaining])),
  );
  const [title, setTitle] = useState(`${requisition.title} 询价`.slice(0, 200));
  const [deadline, setDeadline] = useState<Dayjs | null>(null);
  // The errors follow what is typed once a submit was tried (they were kept from the submit and
  // stayed red after the fields were fixed).
  const [tried, setTried] = useState(false);
  const chosen = free.filter((l) => selected.includes(l.id));
  const problems = [
    ...(title.trim() ? [] : ['请填写询价标题']),
    ...rfqPickErrors(chosen.map((l) => ({ lineNo: l.lineNo, qty: qty[l.id] ?? '', remaining: l.qtyRemaining }))),
  ];
  const errors = tried ? problems : [];

  const submit = () => {
    setTried(true);
    if (problems.length) return;
    const body = {
      title: title.trim(),
      ...(deadline ? { responseDeadline: deadline.format('YYYY-MM-DD HH:mm') } : {}),
      lines: chosen.map((l) => ({ requisitionLineId: l.id, qty: qty[l.id]!.trim() })),
    };
    let created = '';
    void run(
      async () => {
        const answer = await postAction<{ id: string }>('/srm/sourcing/event/fromRequisition', body);
        if (answer.success) created = answer.result.id;
        return answer;
      },
      // 询价管理 opens the new draft. The requisition page stays alive in its tab, so what it
      // shows in portals (this dialog, the detail drawer) is closed first or it would cover that page.
      () => {
        onCreated();
        navigate(detailHref('/srm/sourcing', created));
      },
    );
  };

  return (
    <Modal
      title="由采购申请创建询价"
      open={open}
      onCancel={onClose}
      width={900}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button key="ok" type="primary" loading={busy} onClick={submit} data-testid="create-rfq-submit">
          创建询价单草稿
        </Button>,
      ]}
    >
      <Space orientation="vertical" style={{ width: '100%' }} data-testid="create-rfq">
        {errors.length > 0 && <Alert type="error" showIcon title={errors.join('；')} data-testid="create-rfq-errors" />}
        <Space wrap>
          <span>询价标题</span>
          <Input
            style={{ width: 360 }}
            maxLength={200}
            value={title}
            onChange={(ev) => setTitle(ev.target.value)}
            aria-label="询价标题"
          />
          <span>报价截止时间</span>
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            disabledDate={beforeToday}
            value={deadline}
            onChange={setDeadline}
          />
        </Space>
        <Typography.Text type="secondary">
          选中的行以剩余数量为上限；发布询价时才预留数量，询价单可在询价管理中继续编辑、邀请供应商。
        </Typography.Text>
        <Table<RequisitionLineRow>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={free}
          locale={{ emptyText: '没有剩余数量可询价的行' }}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
          columns={[
            { title: '行号', dataIndex: 'lineNo', width: 50 },
            {
              title: '物料',
              render: (_: unknown, l) => `${l.materialCode ?? ''} ${l.materialName ?? l.description ?? ''}`,
            },
            {
              title: '单位',
              dataIndex: 'unit',
              width: 60,
              render: (v: string) => <DictText code="srm_unit" value={v} />,
            },
            { title: '剩余', dataIndex: 'qtyRemaining', width: 80 },
            {
              title: '询价数量',
              width: 140,
              render: (_: unknown, l) => (
                <Input
                  size="small"
                  value={qty[l.id] ?? ''}
                  onChange={(ev) => setQty((q) => ({ ...q, [l.id]: ev.target.value }))}
                  aria-label={`第${l.lineNo}行询价数量`}
                />
              ),
            },
          ]}
        />
      </Space>
    </Modal>
  );
}
