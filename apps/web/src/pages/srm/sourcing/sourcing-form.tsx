import { useState } from 'react';
import { App, Button, DatePicker, Form, Input, InputNumber, Modal, Select, Table, Typography } from 'antd';
import { DictSelect, DictText } from '../../../components/dict/dict-select';
import { beforeToday, DateInput } from '../../../components/form/date-input';
import dayjs, { type Dayjs } from 'dayjs';
import { postAction, putAction } from '../../../lib/http';
import { closeAskingIfDirty } from '../../../lib/leave-confirm';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useCommand } from '../../../lib/use-command';
import { AWARD_MODES, type EventDetail } from './sourcing-api';
import { CellError, lineErrorsOf, MaterialPicker, type LineErrors } from './sourcing-form-lines';

export type LineDraft = {
  key: string;
  materialId?: string;
  materialName: string;
  spec: string;
  qty: string;
  unit: string;
  needByDate: string;
};
type Header = {
  title: string;
  currency: string;
  responseDeadline?: Dayjs;
  minInvited: number;
  minQuotes: number;
  awardMode: string;
  contactName?: string;
  contactPhone?: string;
  remark?: string;
};

let seq = 0;
const blank = (): LineDraft => ({ key: `n${++seq}`, materialName: '', spec: '', qty: '', unit: '', needByDate: '' });

/** 询价单草稿 (domain §10): header fields and the lines (name + unit, qty, need-by date); the server checks again. */
export function SourcingForm({
  open,
  editing,
  onClose,
  onSaved,
}: {
  open: boolean;
  editing: EventDetail | null;
  onClose: () => void;
  onSaved: (id: string) => void;
}) {
  const { message, modal } = App.useApp();
  const { busy, run } = useCommand();
  const [form] = Form.useForm<Header>();
  // Typed data is not lost to a reload or a navigation away without asking (spec part 2 §5).
  const [dirty, setDirty] = useState(false);
  const release = useUnsavedChanges(open && dirty);
  const close = () => closeAskingIfDirty(modal, dirty, release, onClose);
  // Mounted afresh for each opening (the list keys it), so the state starts from the draft being edited.
  const [lines, setLines] = useState<LineDraft[]>(() =>
    editing
      ? editing.lines.map((l) => ({
          key: l.id,
          materialId: l.materialId ?? undefined,
          materialName: l.materialName ?? '',
          spec: l.spec ?? '',
          qty: l.qty,
          unit: l.unit ?? '',
          needByDate: l.needByDate ?? '',
        }))
      : [blank()],
  );
  const initial: Partial<Header> = editing
    ? {
        title: editing.title,
        currency: editing.currency,
        responseDeadline: editing.responseDeadline ? dayjs(editing.responseDeadline) : undefined,
        minInvited: editing.minInvited,
        minQuotes: editing.minQuotes,
        awardMode: editing.awardMode,
        contactName: editing.contactName ?? undefined,
        contactPhone: editing.contactPhone ?? undefined,
        remark: editing.remark ?? undefined,
      }
    : { currency: 'CNY', minInvited: 3, minQuotes: 3, awardMode: 'SINGLE' };

  const changeLines = (change: (all: LineDraft[]) => LineDraft[]) => {
    setDirty(true);
    setLines(change);
  };
  const [lineErrors, setLineErrors] = useState<Record<string, LineErrors>>({});
  const patch = (key: string, change: Partial<LineDraft>) => {
    // A field being fixed loses its error at once.
    setLineErrors((all) => {
      if (!all[key]) return all;
      const rest = { ...all[key] };
      for (const field of Object.keys(change)) delete rest[field as keyof LineErrors];
      return { ...all, [key]: rest };
    });
    changeLines((all) => all.map((l) => (l.key === key ? { ...l, ...change } : l)));
  };
  const errorOf = (l: LineDraft, field: keyof LineErrors) => lineErrors[l.key]?.[field];
  // PR-3: lines made from requisition lines keep their link; the server refuses to replace them.
  const fromRequisition = !!editing?.lines.some((l) => l.requisitionLineId);

  const save = async () => {
    // The header and every line are checked together, so all errors show at once.
    const header = await form.validateFields().catch(() => null);
    const errors: Record<string, LineErrors> = {};
    if (!fromRequisition)
      for (const l of lines) {
        const e = lineErrorsOf(l);
        if (Object.keys(e).length > 0) errors[l.key] = e;
      }
    setLineErrors(errors);
    if (lines.length === 0) {
      message.warning('请至少添加一行物料');
      return;
    }
    if (!header || Object.keys(errors).length > 0) return;
    const body = {
      title: header.title,
      currency: header.currency,
      minInvited: header.minInvited,
      minQuotes: header.minQuotes,
      awardMode: header.awardMode,
      ...(header.responseDeadline ? { responseDeadline: header.responseDeadline.format('YYYY-MM-DD HH:mm') } : {}),
      ...(header.contactName ? { contactName: header.contactName } : {}),
      ...(header.contactPhone ? { contactPhone: header.contactPhone } : {}),
      ...(header.remark ? { remark: header.remark } : {}),
    };
    const lineBody = {
      lines: lines.map((l) => ({
        ...(l.materialId
          ? { materialId: l.materialId }
          : {
              materialName: l.materialName.trim(),
              unit: l.unit.trim(),
              ...(l.spec.trim() ? { spec: l.spec.trim() } : {}),
            }),
        qty: l.qty.trim(),
        ...(l.needByDate ? { needByDate: l.needByDate } : {}),
      })),
    };
    let savedId = editing?.id ?? '';
    await run(
      async () => {
        if (editing)
          return putAction('/srm/sourcing/event/edit', {
            ...body,
            ...(fromRequisition ? {} : lineBody),
            id: editing.id,
            version: editing.version,
          });
        const answer = await postAction<{ id: string }>('/srm/sourcing/event/add', { ...body, ...lineBody });
        if (answer.success) savedId = answer.result.id;
        return answer;
      },
      () => {
        release();
        onSaved(savedId);
      },
    );
  };

  return (
    <Modal
      title={editing ? `编辑询价单 ${editing.code}` : '新建询价单'}
      open={open}
      width={1000}
      onCancel={close}
      onOk={() => void save()}
      okText="保存草稿"
      cancelText="取消"
      okButtonProps={{ loading: busy }}
      destroyOnHidden
    >
      <Form
        form={form}
        name="sourcingForm"
        layout="vertical"
        initialValues={initial}
        onValuesChange={() => setDirty(true)}
      >
        <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: '请填写标题' }]}>
          <Input maxLength={200} />
        </Form.Item>
        <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
          <Form.Item name="responseDeadline" label="报价截止时间">
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" disabledDate={beforeToday} />
          </Form.Item>
          <Form.Item name="currency" label="币种">
            <Select style={{ width: 100 }} options={['CNY', 'USD', 'EUR'].map((v) => ({ value: v, label: v }))} />
          </Form.Item>
          <Form.Item name="minInvited" label="最少邀请数">
            <InputNumber min={1} max={100} />
          </Form.Item>
          <Form.Item name="minQuotes" label="最少有效报价数">
            <InputNumber min={1} max={100} />
          </Form.Item>
          <Form.Item name="awardMode" label="定标方式">
            <Select
              style={{ width: 140 }}
              options={Object.entries(AWARD_MODES).map(([value, label]) => ({ value, label }))}
            />
          </Form.Item>
          <Form.Item name="contactName" label="联系人">
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="contactPhone" label="联系电话">
            <Input maxLength={30} />
          </Form.Item>
        </div>
        <Form.Item name="remark" label="备注">
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
      {fromRequisition && (
        <Typography.Text type="secondary">
          物料行来自采购申请，在此不能修改；如需调整，请修改采购申请后重新创建询价。
        </Typography.Text>
      )}
      <Table<LineDraft>
        rowKey="key"
        size="small"
        pagination={false}
        dataSource={lines}
        data-testid="sourcing-form-lines"
        columns={[
          { title: '行号', width: 50, render: (_: unknown, __: LineDraft, i: number) => i + 1 },
          ...(fromRequisition
            ? [
                { title: '物料名称', dataIndex: 'materialName' },
                { title: '规格型号', dataIndex: 'spec' },
                { title: '数量', dataIndex: 'qty', width: 100 },
                {
                  title: '单位',
                  dataIndex: 'unit',
                  width: 80,
                  render: (v: string) => <DictText code="srm_unit" value={v} />,
                },
                { title: '需求日期', dataIndex: 'needByDate', width: 150 },
              ]
            : [
                {
                  title: '目录物料',
                  width: 190,
                  render: (_: unknown, l: LineDraft) => (
                    <MaterialPicker
                      value={l.materialId}
                      label={l.materialName}
                      onPick={(m) =>
                        patch(
                          l.key,
                          m
                            ? { materialId: m.id, materialName: m.name, spec: m.spec ?? '', unit: m.unit }
                            : { materialId: undefined },
                        )
                      }
                    />
                  ),
                },
                {
                  title: '物料名称',
                  render: (_: unknown, l: LineDraft) => (
                    <>
                      <Input
                        aria-label="物料名称"
                        value={l.materialName}
                        maxLength={200}
                        disabled={!!l.materialId}
                        status={errorOf(l, 'materialName') ? 'error' : undefined}
                        onChange={(e) => patch(l.key, { materialName: e.target.value })}
                      />
                      <CellError text={errorOf(l, 'materialName')} testId={`line-error-materialName-${l.key}`} />
                    </>
                  ),
                },
                {
                  title: '规格型号',
                  render: (_: unknown, l: LineDraft) => (
                    <Input
                      aria-label="规格型号"
                      value={l.spec}
                      maxLength={200}
                      disabled={!!l.materialId}
                      onChange={(e) => patch(l.key, { spec: e.target.value })}
                    />
                  ),
                },
                {
                  title: '数量',
                  width: 100,
                  render: (_: unknown, l: LineDraft) => (
                    <>
                      <Input
                        aria-label="数量"
                        value={l.qty}
                        status={errorOf(l, 'qty') ? 'error' : undefined}
                        onChange={(e) => patch(l.key, { qty: e.target.value })}
                      />
                      <CellError text={errorOf(l, 'qty')} testId={`line-error-qty-${l.key}`} />
                    </>
                  ),
                },
                {
                  title: '单位',
                  width: 80,
                  render: (_: unknown, l: LineDraft) => (
                    <>
                      <DictSelect
                        code="srm_unit"
                        aria-label="单位"
                        showSearch
                        allowClear={false}
                        disabled={!!l.materialId}
                        status={errorOf(l, 'unit') ? 'error' : undefined}
                        value={l.unit || undefined}
                        onChange={(v) => patch(l.key, { unit: typeof v === 'string' ? v : '' })}
                      />
                      <CellError text={errorOf(l, 'unit')} testId={`line-error-unit-${l.key}`} />
                    </>
                  ),
                },
                {
                  title: '需求日期',
                  width: 150,
                  render: (_: unknown, l: LineDraft) => (
                    <DateInput
                      disablePast
                      aria-label="需求日期"
                      value={l.needByDate}
                      onChange={(v) => patch(l.key, { needByDate: v })}
                    />
                  ),
                },
                {
                  title: '操作',
                  width: 60,
                  render: (_: unknown, l: LineDraft) => (
                    <Button
                      size="small"
                      type="link"
                      danger
                      onClick={() => changeLines((all) => all.filter((x) => x.key !== l.key))}
                    >
                      删除
                    </Button>
                  ),
                },
              ]),
        ]}
      />
      {!fromRequisition && (
        <Button
          style={{ marginTop: 8 }}
          onClick={() => changeLines((all) => [...all, blank()])}
          data-testid="sourcing-form-add-line"
        >
          添加物料行
        </Button>
      )}
    </Modal>
  );
}
