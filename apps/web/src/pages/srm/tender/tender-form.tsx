import { useState } from 'react';
import { App, Button, Checkbox, DatePicker, Form, Input, InputNumber, Modal, Select, Table } from 'antd';
import { DictSelect } from '../../../components/dict/dict-select';
import { beforeToday } from '../../../components/form/date-input';
import dayjs, { type Dayjs } from 'dayjs';
import { UserSelect } from '../../../components/user-select';
import { postAction, putAction } from '../../../lib/http';
import { closeAskingIfDirty } from '../../../lib/leave-confirm';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useCommand } from '../../../lib/use-command';
import { EVALUATION_METHODS, METHODS, statutoryErrors, weightError, type TenderDetail } from './tender-api';

type LineDraft = { key: string; materialId?: string; materialName: string; spec: string; qty: string; unit: string };
type Header = {
  title: string;
  method: string;
  legalMandatory: boolean;
  twoEnvelope: boolean;
  allowWithdraw: boolean;
  docIssueStartAt?: Dayjs;
  docIssueEndAt?: Dayjs;
  responseDeadline?: Dayjs;
  clarificationDeadline?: Dayjs;
  estimatedAmount?: string;
  ceilingPrice?: string;
  evaluationMethod: string;
  priceWeight: number;
  techWeight: number;
  businessWeight: number;
  publicityDays: number;
  bidValidityDays: number;
  openingOfficerIds?: string;
  openingQuorum: number;
  contactName?: string;
  contactPhone?: string;
  content?: string;
};

let seq = 0;
const blank = (): LineDraft => ({ key: `n${++seq}`, materialName: '', spec: '', qty: '', unit: '' });
const wire = (d?: Dayjs) => (d ? d.format('YYYY-MM-DD HH:mm') : undefined);
const day = (v: string | null) => (v ? dayjs(v) : undefined);

/** 招标项目草稿 (domain §11.1): header, TenderSettings and the lines; the server checks again at submit (TND-1/2/22). */
export function TenderForm({
  open,
  editing,
  onClose,
  onSaved,
}: {
  open: boolean;
  editing: TenderDetail | null;
  onClose: () => void;
  onSaved: (id: string) => void;
}) {
  const { message, modal } = App.useApp();
  const { busy, run } = useCommand();
  const [form] = Form.useForm<Header>();
  // Typed data is not lost to a reload, a tab close or a navigation away without asking (spec part 2 §5),
  // as in the requisition and RFQ forms.
  const [dirty, setDirty] = useState(false);
  const release = useUnsavedChanges(open && dirty);
  const close = () => closeAskingIfDirty(modal, dirty, release, onClose);
  const [lines, setLinesNow] = useState<LineDraft[]>(() =>
    editing
      ? editing.lines.map((l) => ({
          key: l.id,
          materialId: l.materialId ?? undefined,
          materialName: l.materialName ?? '',
          spec: l.spec ?? '',
          qty: l.qty,
          unit: l.unit ?? '',
        }))
      : [blank()],
  );
  const setLines: typeof setLinesNow = (change) => {
    setDirty(true);
    setLinesNow(change);
  };
  const s = editing?.settings;
  const initial: Partial<Header> =
    editing && s
      ? {
          title: editing.title,
          method: editing.method,
          legalMandatory: !!editing.legalMandatory,
          twoEnvelope: !!editing.twoEnvelope,
          allowWithdraw: !!editing.allowWithdraw,
          docIssueStartAt: day(s.docIssueStartAt),
          docIssueEndAt: day(s.docIssueEndAt),
          responseDeadline: day(editing.responseDeadline),
          clarificationDeadline: day(s.clarificationDeadline),
          estimatedAmount: editing.estimatedAmount ?? undefined,
          ceilingPrice: editing.ceilingPrice ?? undefined,
          evaluationMethod: s.evaluationMethod,
          priceWeight: s.priceWeight,
          techWeight: s.techWeight,
          businessWeight: s.businessWeight,
          publicityDays: s.publicityDays,
          bidValidityDays: s.bidValidityDays,
          openingOfficerIds: s.openingOfficerIds.join(','),
          openingQuorum: s.openingQuorum,
          contactName: editing.contactName ?? undefined,
          contactPhone: editing.contactPhone ?? undefined,
          content: editing.content ?? undefined,
        }
      : {
          method: 'OPEN_TENDER',
          legalMandatory: true,
          twoEnvelope: false,
          allowWithdraw: true,
          evaluationMethod: 'COMPREHENSIVE_SCORE',
          priceWeight: 40,
          techWeight: 50,
          businessWeight: 10,
          publicityDays: 3,
          bidValidityDays: 90,
          openingQuorum: 2,
        };

  const patch = (key: string, change: Partial<LineDraft>) =>
    setLines((all) => all.map((l) => (l.key === key ? { ...l, ...change } : l)));

  const save = async () => {
    const h = await form.validateFields();
    const bad = lines.findIndex(
      (l) => !l.materialName.trim() || !l.unit.trim() || !/^\d+(\.\d+)?$/.test(l.qty.trim()) || Number(l.qty) <= 0,
    );
    if (lines.length === 0 || bad >= 0) {
      message.warning(lines.length === 0 ? '请至少添加一行物料' : `第${bad + 1}行请填写物料名称、单位和大于0的数量`);
      return;
    }
    const problems = [
      weightError(h),
      ...statutoryErrors(
        h.legalMandatory,
        h.docIssueStartAt?.toISOString(),
        h.docIssueEndAt?.toISOString(),
        h.responseDeadline?.toISOString(),
      ),
    ].filter((x): x is string => !!x);
    if (problems.length) {
      message.warning(problems.join('；'));
      return;
    }
    const officers = (h.openingOfficerIds ?? '').split(',').filter(Boolean);
    const optional = {
      docIssueStartAt: wire(h.docIssueStartAt),
      docIssueEndAt: wire(h.docIssueEndAt),
      responseDeadline: wire(h.responseDeadline),
      clarificationDeadline: wire(h.clarificationDeadline),
      estimatedAmount: h.estimatedAmount?.trim() || undefined,
      ceilingPrice: h.ceilingPrice?.trim() || undefined,
      contactName: h.contactName || undefined,
      contactPhone: h.contactPhone || undefined,
      content: h.content || undefined,
    };
    const body = {
      title: h.title,
      method: h.method,
      legalMandatory: h.legalMandatory ? 1 : 0,
      twoEnvelope: h.twoEnvelope ? 1 : 0,
      allowWithdraw: h.allowWithdraw ? 1 : 0,
      evaluationMethod: h.evaluationMethod,
      priceWeight: h.priceWeight,
      techWeight: h.techWeight,
      businessWeight: h.businessWeight,
      publicityDays: h.publicityDays,
      bidValidityDays: h.bidValidityDays,
      openingOfficerIds: officers,
      openingQuorum: h.openingQuorum,
      ...Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined)),
      lines: lines.map((l) => ({
        ...(l.materialId
          ? { materialId: l.materialId }
          : {
              materialName: l.materialName.trim(),
              unit: l.unit.trim(),
              ...(l.spec.trim() ? { spec: l.spec.trim() } : {}),
            }),
        qty: l.qty.trim(),
      })),
    };
    let savedId = editing?.id ?? '';
    await run(
      async () => {
        if (editing) return putAction('/srm/tender/edit', { ...body, id: editing.id, version: editing.version });
        const answer = await postAction<{ id: string }>('/srm/tender/add', body);
        if (answer.success) savedId = answer.result.id;
        return answer;
      },
      () => {
        release();
        onSaved(savedId);
      },
    );
  };

  const row = { display: 'flex', gap: 16, flexWrap: 'wrap' as const };
  return (
    <Modal
      title={editing ? `编辑招标项目 ${editing.code}` : '新建招标项目'}
      open={open}
      width={1100}
      onCancel={close}
      onOk={() => void save()}
      okText="保存草稿"
      cancelText="取消"
      okButtonProps={{ loading: busy }}
      destroyOnHidden
    >
      <Form
        form={form}
        name="tenderForm"
        onValuesChange={() => setDirty(true)}
        layout="vertical"
        initialValues={initial}
      >
        <Form.Item
          name="title"
          label="项目名称"
          rules={[{ required: true, whitespace: true, message: '请填写项目名称' }]}
        >
          <Input maxLength={200} />
        </Form.Item>
        <div style={row}>
          <Form.Item name="method" label="招标方式">
            <Select
              style={{ width: 140 }}
              options={Object.entries(METHODS).map(([value, label]) => ({ value, label }))}
            />
          </Form.Item>
          <Form.Item name="legalMandatory" label=" " valuePropName="checked">
            <Checkbox>依法必须招标</Checkbox>
          </Form.Item>
          <Form.Item name="twoEnvelope" label=" " valuePropName="checked">
            <Checkbox>双信封（先开技术标）</Checkbox>
          </Form.Item>
          <Form.Item name="allowWithdraw" label=" " valuePropName="checked">
            <Checkbox>截止前允许撤回投标</Checkbox>
          </Form.Item>
        </div>
        <div style={row}>
          <Form.Item name="docIssueStartAt" label="招标文件发售开始">
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
          </Form.Item>
          <Form.Item name="docIssueEndAt" label="招标文件发售截止">
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" disabledDate={beforeToday} />
          </Form.Item>
          <Form.Item name="responseDeadline" label="投标截止（开标）时间">
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" disabledDate={beforeToday} />
          </Form.Item>
          <Form.Item name="clarificationDeadline" label="澄清截止时间">
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" disabledDate={beforeToday} />
          </Form.Item>
        </div>
        <div style={row}>
          <Form.Item name="estimatedAmount" label="预算金额">
            <Input style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="ceilingPrice" label="最高投标限价">
            <Input style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="evaluationMethod" label="评标方法">
            <Select
              style={{ width: 200 }}
              options={Object.entries(EVALUATION_METHODS).map(([value, label]) => ({ value, label }))}
            />
          </Form.Item>
          <Form.Item name="priceWeight" label="价格权重">
            <InputNumber min={0} max={100} precision={0} />
          </Form.Item>
          <Form.Item name="techWeight" label="技术权重">
            <InputNumber min={0} max={100} precision={0} />
          </Form.Item>
          <Form.Item name="businessWeight" label="商务权重">
            <InputNumber min={0} max={100} precision={0} />
          </Form.Item>
          <Form.Item name="publicityDays" label="公示天数">
            <InputNumber min={3} max={60} precision={0} />
          </Form.Item>
          <Form.Item name="bidValidityDays" label="投标有效期（天）">
            <InputNumber min={1} max={3650} precision={0} />
          </Form.Item>
        </div>
        <div style={row}>
          <Form.Item name="openingOfficerIds" label="开标人（须多人确认后解密）" style={{ minWidth: 420 }}>
            <UserSelect url="/srm/tender/officer/list" />
          </Form.Item>
          <Form.Item name="openingQuorum" label="开标确认人数">
            <InputNumber min={2} max={20} precision={0} />
          </Form.Item>
          <Form.Item name="contactName" label="联系人">
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="contactPhone" label="联系电话">
            <Input maxLength={30} />
          </Form.Item>
        </div>
        <Form.Item name="content" label="招标公告内容">
          <Input.TextArea rows={3} maxLength={20000} />
        </Form.Item>
      </Form>
      <Table<LineDraft>
        rowKey="key"
        size="small"
        pagination={false}
        dataSource={lines}
        data-testid="tender-form-lines"
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
                onChange={(e) => patch(l.key, { materialName: e.target.value })}
              />
            ),
          },
          {
            title: '规格型号',
            render: (_: unknown, l) => (
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
            width: 110,
            render: (_: unknown, l) => (
              <Input aria-label="数量" value={l.qty} onChange={(e) => patch(l.key, { qty: e.target.value })} />
            ),
          },
          {
            title: '单位',
            width: 90,
            render: (_: unknown, l) => (
              <DictSelect
                code="srm_unit"
                aria-label="单位"
                showSearch
                allowClear={false}
                disabled={!!l.materialId}
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
