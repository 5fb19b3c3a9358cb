import { useState } from 'react';
import { App, Button, Divider, Form, Input, InputNumber, Modal, Select, Switch, Table } from 'antd';
import dayjs from 'dayjs';
import { DATE_FORMATS, DateInput } from '../../../components/form/date-input';
import { DictSelect } from '../../../components/dict/dict-select';
import { postAction } from '../../../lib/http';
import { closeAskingIfDirty } from '../../../lib/leave-confirm';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useCommand } from '../../../lib/use-command';
import {
  BID_RULE,
  BIDDING_TARGET,
  DECREMENT_MODE,
  DEFAULT_RULES,
  OVERTIME_BASE,
  OVERTIME_TRIGGER,
  ruleErrors,
  SUPPLIER_VIEW,
  TIE_RULE,
  VISIBILITY,
  type AuctionDetail,
  type AuctionRules,
} from './auction-api';

/** A line; `materialId` is kept from a catalogue line of the draft being edited (MAT-4 price records at FINAL). */
type LineDraft = { key: string; materialId?: string; materialName: string; qty: string; unit: string };
type Values = Omit<AuctionRules, 'reservePrice' | 'startAt' | 'endAt'> & {
  title: string;
  visibility: keyof typeof VISIBILITY;
  reservePrice?: string;
  startAt: string;
  endAt: string;
};

const options = (map: Record<string, string>) => Object.entries(map).map(([value, label]) => ({ value, label }));

/** ISO ↔ the text of the date-time picker (`YYYY-MM-DD HH:mm:ss`) in the browser's zone. */
const toLocalInput = (iso: string) => dayjs(iso).format(DATE_FORMATS.dateTime);
const fromLocalInput = (value: string) => (value ? dayjs(value, DATE_FORMATS.dateTime).toISOString() : '');

let seq = 0;
const blank = (): LineDraft => ({ key: `n${++seq}`, materialName: '', qty: '', unit: '' });

/** 竞价单草稿 (domain §12.1): title, lines and the lot's rule block with the note's defaults; checked here and again by the server. */
export function AuctionForm({
  editing,
  onClose,
  onSaved,
}: {
  editing: AuctionDetail | null;
  onClose: () => void;
  onSaved: (id: string) => void;
}) {
  const { message, modal } = App.useApp();
  const { busy, run } = useCommand();
  const [form] = Form.useForm<Values>();
  const lot = editing?.lots[0];
  // Typed data is not lost to a reload, a tab close or a navigation away without asking (spec part 2 §5),
  // as in the requisition and RFQ forms.
  const [dirty, setDirty] = useState(false);
  const release = useUnsavedChanges(dirty);
  const close = () => closeAskingIfDirty(modal, dirty, release, onClose);
  const [lines, setLinesNow] = useState<LineDraft[]>(() =>
    editing
      ? editing.lines.map((l) => ({
          key: l.id,
          ...(l.materialId ? { materialId: l.materialId } : {}),
          materialName: l.materialName ?? '',
          qty: l.qty,
          unit: l.unit ?? '',
        }))
      : [blank()],
  );
  const setLines: typeof setLinesNow = (change) => {
    setDirty(true);
    setLinesNow(change);
  };
  const overtime = Form.useWatch('overtimeEnabled', form);
  const initial: Partial<Values> = lot
    ? {
        ...lot.rules,
        title: editing.title,
        visibility: editing.visibility === 'PUBLIC' ? 'PUBLIC' : 'INVITED',
        reservePrice: lot.rules.reservePrice ?? undefined,
        startAt: toLocalInput(lot.rules.startAt),
        endAt: toLocalInput(lot.rules.endAt),
      }
    : { ...DEFAULT_RULES, visibility: 'INVITED', reservePrice: undefined };
  const patch = (key: string, change: Partial<LineDraft>) =>
    setLines((all) => all.map((l) => (l.key === key ? { ...l, ...change } : l)));

  const save = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const rules: AuctionRules = {
      biddingTarget: v.biddingTarget,
      startPrice: String(v.startPrice ?? '').trim(),
      reservePrice: v.reservePrice?.trim() ? v.reservePrice.trim() : null,
      decrementMode: v.decrementMode,
      decrementValue: String(v.decrementValue ?? '').trim(),
      bidRule: v.bidRule,
      tieRule: v.tieRule,
      maxBidsPerSupplier: v.maxBidsPerSupplier ?? null,
      confirmDropPct: String(v.confirmDropPct ?? '20').trim(),
      startAt: fromLocalInput(v.startAt),
      endAt: fromLocalInput(v.endAt),
      overtimeEnabled: !!v.overtimeEnabled,
      overtimeWindowMin: v.overtimeEnabled ? (v.overtimeWindowMin ?? 0) : 0,
      overtimeTrigger: v.overtimeTrigger,
      overtimeBase: v.overtimeBase,
      overtimeExtendMin: v.overtimeEnabled ? (v.overtimeExtendMin ?? 0) : 0,
      maxExtensions: v.maxExtensions ?? null,
      maxTotalExtensionMin: v.maxTotalExtensionMin ?? null,
      supplierView: v.supplierView,
      showParticipantCount: !!v.showParticipantCount,
      buyerAnonymous: !!v.buyerAnonymous,
      minParticipants: v.minParticipants ?? 3,
      pricePrecision: v.pricePrecision ?? 2,
    };
    const errors = ruleErrors(rules);
    const bad = lines.findIndex(
      (l) => !l.materialName.trim() || !l.unit.trim() || !/^\d+(\.\d+)?$/.test(l.qty.trim()) || Number(l.qty) <= 0,
    );
    if (lines.length === 0) errors.push('请至少添加一行物料');
    else if (bad >= 0) errors.push(`第${bad + 1}行请填写物料名称、单位和大于0的数量`);
    if (errors.length) {
      message.warning(errors.join('；'));
      return;
    }
    const body = {
      title: v.title.trim(),
      visibility: v.visibility,
      rules,
      lines: lines.map((l) => ({
        ...(l.materialId ? { materialId: l.materialId } : {}),
        materialName: l.materialName.trim(),
        qty: l.qty.trim(),
        unit: l.unit.trim(),
      })),
    };
    let savedId = editing?.id ?? '';
    await run(
      async () => {
        if (editing) return postAction('/srm/auction/event/edit', { ...body, id: editing.id });
        const answer = await postAction<{ id: string }>('/srm/auction/event/add', body);
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
      title={editing ? `编辑竞价单 ${editing.code}` : '新建竞价单'}
      open
      width={1000}
      onCancel={close}
      onOk={() => void save()}
      okText="保存草稿"
      cancelText="取消"
      okButtonProps={{ loading: busy, ...{ 'data-testid': 'auction-form-save' } }}
      destroyOnHidden
    >
      <Form
        form={form}
        name="auctionForm"
        onValuesChange={() => setDirty(true)}
        layout="vertical"
        initialValues={initial}
        data-testid="auction-form"
      >
        <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
          <Form.Item
            name="title"
            label="标题"
            rules={[{ required: true, whitespace: true, message: '请填写标题' }]}
            style={{ flex: 1, minWidth: 320 }}
          >
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="visibility" label="发布方式">
            <Select style={{ width: 260 }} options={options(VISIBILITY)} />
          </Form.Item>
        </div>
        <Divider titlePlacement="start">竞价规则</Divider>
        <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
          <Form.Item name="biddingTarget" label="竞价对象">
            <Select style={{ width: 130 }} options={options(BIDDING_TARGET)} />
          </Form.Item>
          <Form.Item
            name="startPrice"
            label="起拍价"
            rules={[{ required: true, whitespace: true, message: '请填写起拍价' }]}
          >
            <Input style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="reservePrice" label="保留价（不公开）">
            <Input style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="decrementMode" label="降价方式">
            <Select style={{ width: 120 }} options={options(DECREMENT_MODE)} />
          </Form.Item>
          <Form.Item
            name="decrementValue"
            label="最小降价幅度"
            rules={[{ required: true, whitespace: true, message: '请填写最小降价幅度' }]}
          >
            <Input style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="bidRule" label="出价规则">
            <Select style={{ width: 160 }} options={options(BID_RULE)} />
          </Form.Item>
          <Form.Item name="tieRule" label="同价规则">
            <Select style={{ width: 150 }} options={options(TIE_RULE)} />
          </Form.Item>
          <Form.Item name="maxBidsPerSupplier" label="报价次数上限">
            <InputNumber min={1} placeholder="不限" />
          </Form.Item>
          <Form.Item name="confirmDropPct" label="大幅降价确认比例（%）">
            <Input style={{ width: 90 }} />
          </Form.Item>
          <Form.Item name="pricePrecision" label="价格小数位">
            <InputNumber min={0} max={6} />
          </Form.Item>
        </div>
        <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
          <Form.Item name="startAt" label="竞价开始时间" rules={[{ required: true, message: '请填写竞价开始时间' }]}>
            <DateInput showTime />
          </Form.Item>
          <Form.Item name="endAt" label="竞价结束时间" rules={[{ required: true, message: '请填写竞价结束时间' }]}>
            <DateInput showTime disablePast />
          </Form.Item>
          <Form.Item name="minParticipants" label="最少参与供应商数">
            <InputNumber min={1} max={100} />
          </Form.Item>
        </div>
        <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
          <Form.Item name="overtimeEnabled" label="延时竞价" valuePropName="checked">
            <Switch />
          </Form.Item>
          {overtime !== false && (
            <>
              <Form.Item name="overtimeWindowMin" label="延时触发时间段（分钟）">
                <InputNumber min={1} max={120} />
              </Form.Item>
              <Form.Item name="overtimeTrigger" label="延时触发条件">
                <Select style={{ width: 170 }} options={options(OVERTIME_TRIGGER)} />
              </Form.Item>
              <Form.Item name="overtimeBase" label="延时起算">
                <Select style={{ width: 170 }} options={options(OVERTIME_BASE)} />
              </Form.Item>
              <Form.Item name="overtimeExtendMin" label="延时时长（分钟）">
                <InputNumber min={1} max={120} />
              </Form.Item>
              <Form.Item name="maxExtensions" label="最大延时次数">
                <InputNumber min={0} placeholder="不限" />
              </Form.Item>
              <Form.Item name="maxTotalExtensionMin" label="累计延时上限（分钟）">
                <InputNumber min={0} placeholder="不限" />
              </Form.Item>
            </>
          )}
        </div>
        <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
          <Form.Item name="supplierView" label="供应商可见">
            <Select style={{ width: 150 }} options={options(SUPPLIER_VIEW)} />
          </Form.Item>
          <Form.Item name="showParticipantCount" label="显示参与家数" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="buyerAnonymous" label="匿名报价（竞价中隐藏供应商名称）" valuePropName="checked">
            <Switch />
          </Form.Item>
        </div>
      </Form>
      <Divider titlePlacement="start">物料</Divider>
      <Table<LineDraft>
        rowKey="key"
        size="small"
        pagination={false}
        dataSource={lines}
        data-testid="auction-form-lines"
        columns={[
          { title: '行号', width: 50, render: (_: unknown, __: LineDraft, i: number) => i + 1 },
          {
            title: '物料名称',
            render: (_: unknown, l) => (
              <Input
                aria-label="物料名称"
                value={l.materialName}
                maxLength={200}
                disabled={!!l.materialId}
                title={l.materialId ? '物料库物料' : undefined}
                onChange={(e) => patch(l.key, { materialName: e.target.value })}
              />
            ),
          },
          {
            title: '数量',
            width: 120,
            render: (_: unknown, l) => (
              <Input aria-label="数量" value={l.qty} onChange={(e) => patch(l.key, { qty: e.target.value })} />
            ),
          },
          {
            title: '单位',
            width: 100,
            render: (_: unknown, l) => (
              <DictSelect
                code="srm_unit"
                aria-label="单位"
                showSearch
                allowClear={false}
                value={l.unit || undefined}
                onChange={(v) => patch(l.key, { unit: typeof v === 'string' ? v : '' })}
              />
            ),
          },
          {
            title: '操作',
            width: 60,
            render: (_: unknown, l) => (
              <Button
                size="small"
                type="link"
                danger
                onClick={() => setLines((all) => all.filter((x) => x.key !== l.key))}
              >
                删除
              </Button>
            ),
          },
        ]}
      />
      <Button style={{ marginTop: 8 }} onClick={() => setLines((all) => [...all, blank()])}>
        添加物料行
      </Button>
    </Modal>
  );
}
