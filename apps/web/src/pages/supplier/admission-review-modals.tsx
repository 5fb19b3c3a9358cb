import { useState } from 'react';
import { Alert, Button, Checkbox, DatePicker, Form, Input, InputNumber, Modal, Radio, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import type { PageResult } from '@procura/shared';
import { useDictItems } from '../../lib/dict';
import { getOrThrow } from '../../lib/supplier-api';

/** A form in a modal that closes only when `onSubmit` says the server took it. */
function useSubmit<T, A = undefined>(
  form: ReturnType<typeof Form.useForm<T>>[0],
  onSubmit: (values: T, extra: A) => Promise<boolean>,
  onClose: () => void,
) {
  const [busy, setBusy] = useState(false);
  const submit = async (extra?: A) => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    try {
      if (await onSubmit(values, extra as A)) onClose();
    } finally {
      setBusy(false);
    }
  };
  return { busy, submit };
}

export type OpenValues = { categoryCode: string; sample: boolean; siteAudit: boolean };

/**
 * 发起准入评审: the category applied for and which optional steps (§4.3) the review holds;
 * 保存草稿 keeps it as a DRAFT to start later (提交审核).
 */
export function OpenReviewModal({
  open,
  categories,
  onClose,
  onSubmit,
}: {
  open: boolean;
  categories: { value: string; label: string }[];
  onClose: () => void;
  onSubmit: (v: OpenValues, draft: boolean) => Promise<boolean>;
}) {
  const [form] = Form.useForm<OpenValues>();
  const { busy, submit } = useSubmit<OpenValues, boolean>(form, onSubmit, onClose);
  return (
    <Modal
      open={open}
      title="发起准入评审"
      okText="发起"
      cancelText="取消"
      confirmLoading={busy}
      destroyOnHidden
      onCancel={onClose}
      onOk={() => void submit(false)}
      footer={(_, { OkBtn, CancelBtn }) => (
        <>
          <CancelBtn />
          <Button data-testid="review-save-draft" disabled={busy} onClick={() => void submit(true)}>
            保存草稿
          </Button>
          <OkBtn />
        </>
      )}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ sample: true, siteAudit: false }}>
        <Form.Item
          name="categoryCode"
          label="准入品类"
          rules={[{ required: true, message: '请选择品类' }]}
          extra="资质文件审核与调查问卷为必经步骤"
        >
          <Select
            options={categories}
            placeholder="申请中或已终止的品类"
            data-testid="review-category"
            notFoundContent="没有可发起评审的品类"
          />
        </Form.Item>
        <Form.Item name="sample" valuePropName="checked">
          <Checkbox data-testid="review-sample">需要样品认证</Checkbox>
        </Form.Item>
        <Form.Item name="siteAudit" valuePropName="checked">
          <Checkbox>需要现场评审</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}

export type DraftSteps = { sample: boolean; siteAudit: boolean };

/** 编辑步骤 of a draft: the optional steps only (documents and questionnaire are always held). */
export function EditStepsModal({
  initial,
  onClose,
  onSubmit,
}: {
  initial: DraftSteps | null;
  onClose: () => void;
  onSubmit: (v: DraftSteps) => Promise<boolean>;
}) {
  const [form] = Form.useForm<DraftSteps>();
  const { busy, submit } = useSubmit(form, onSubmit, onClose);
  return (
    <Modal
      open={initial !== null}
      title="编辑评审步骤"
      okText="保存"
      cancelText="取消"
      confirmLoading={busy}
      destroyOnHidden
      onCancel={onClose}
      onOk={() => void submit()}
    >
      <p>资质文件审核与调查问卷为必经步骤。</p>
      <Form form={form} layout="vertical" preserve={false} initialValues={initial ?? undefined}>
        <Form.Item name="sample" valuePropName="checked">
          <Checkbox data-testid="draft-sample">需要样品认证</Checkbox>
        </Form.Item>
        <Form.Item name="siteAudit" valuePropName="checked">
          <Checkbox data-testid="draft-site-audit">需要现场评审</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}

export type Decision = 'APPROVE' | 'CONDITIONAL' | 'REJECT';
export type DecisionValues = { decision: Decision; trialLimitAmount?: string };

/**
 * 提交审批 with the proposed decision (§4.3): 通过, 有条件通过（试用） with its 试用限额 (QLF-4),
 * or 不通过. A failed step that was not waived leaves only 不通过 (QLF-2); the server says the same.
 * A conditional site audit makes 有条件通过 the default.
 */
export function SubmitDecisionModal({
  review,
  onClose,
  onSubmit,
}: {
  review: { code: string; failed: string[]; suggested?: Decision | null } | null;
  onClose: () => void;
  onSubmit: (v: DecisionValues) => Promise<boolean>;
}) {
  const [form] = Form.useForm<DecisionValues>();
  const { busy, submit } = useSubmit(form, onSubmit, onClose);
  const decision = Form.useWatch('decision', form);
  const failed = (review?.failed.length ?? 0) > 0;
  return (
    <Modal
      open={review !== null}
      title="提交审批"
      okText="提交"
      cancelText="取消"
      confirmLoading={busy}
      destroyOnHidden
      onCancel={onClose}
      onOk={() => void submit()}
    >
      <p>提交准入评审 {review?.code}，由审批人在审批中心处理。</p>
      {failed && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={`未通过的步骤：${review!.failed.join('、')}。只能提交“不通过”，或请经理先豁免该步骤。`}
        />
      )}
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ decision: failed ? 'REJECT' : (review?.suggested ?? 'APPROVE') }}
      >
        <Form.Item name="decision" label="评审决定" rules={[{ required: true, message: '请选择评审决定' }]}>
          <Radio.Group data-testid="review-decision">
            <Radio value="APPROVE" disabled={failed}>
              通过
            </Radio>
            <Radio value="CONDITIONAL" disabled={failed}>
              有条件通过（试用）
            </Radio>
            <Radio value="REJECT">不通过</Radio>
          </Radio.Group>
        </Form.Item>
        {decision === 'CONDITIONAL' && (
          <Form.Item
            name="trialLimitAmount"
            label="试用限额（元）"
            extra="试用期内该品类的订单总额上限"
            rules={[{ required: true, message: '请填写试用限额' }]}
          >
            <InputNumber<string>
              stringMode
              min="0.01"
              max="99999999999999.99"
              precision={2}
              style={{ width: '100%' }}
              data-testid="review-trial-limit"
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

export type StepValues = { comment: string; questionnaireId?: string };
type QuestionnaireRow = { id: string; code: string; templateName: string; status: string };

/** 通过 / 不通过 of one step, with the comment and, for the questionnaire, the answered questionnaire as evidence. */
export function StepModal({
  step,
  supplierId,
  onClose,
  onSubmit,
}: {
  step: { title: string; questionnaire: boolean } | null;
  supplierId: string;
  onClose: () => void;
  onSubmit: (v: StepValues) => Promise<boolean>;
}) {
  const [form] = Form.useForm<StepValues>();
  const { busy, submit } = useSubmit(form, onSubmit, onClose);
  const answered = useQuery({
    queryKey: ['supplier', 'questionnaires', supplierId],
    queryFn: () => getOrThrow<PageResult<QuestionnaireRow>>('/srm/questionnaire/list', { supplierId, pageSize: '100' }),
    enabled: step?.questionnaire === true,
  });
  const options = (answered.data?.records ?? [])
    .filter((q) => ['SUBMITTED', 'REVIEWED'].includes(q.status))
    .map((q) => ({ value: q.id, label: `${q.code} ${q.templateName}` }));
  return (
    <Modal
      open={step !== null}
      title={step?.title}
      okText="保存"
      cancelText="取消"
      confirmLoading={busy}
      destroyOnHidden
      onCancel={onClose}
      onOk={() => void submit()}
    >
      <Form form={form} layout="vertical" preserve={false}>
        {step?.questionnaire && (
          <Form.Item name="questionnaireId" label="依据问卷">
            <Select
              allowClear
              options={options}
              loading={answered.isPending}
              placeholder="该供应商已提交的问卷"
              notFoundContent="该供应商暂无已提交的问卷"
            />
          </Form.Item>
        )}
        <Form.Item
          name="comment"
          label="评审意见"
          rules={[{ required: true, whitespace: true, message: '请填写评审意见' }]}
        >
          <Input.TextArea rows={3} maxLength={500} data-testid="step-comment" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export type SampleValues = {
  materialId: string;
  qty: number;
  unit: string;
  requiredBy: Dayjs;
  receiverName: string;
  receiverPhone: string;
  receiveAddress: string;
};
type MaterialRow = { id: string; code: string; name: string; spec: string | null; unit: string };

/** 发起送样 from a review: what, how many, by when and where to (§7); the request is linked to the review and sent. */
export function RaiseSampleModal({
  open,
  onClose,
  onSubmit,
}: {
  open: boolean;
  onClose: () => void;
  onSubmit: (v: SampleValues) => Promise<boolean>;
}) {
  const [form] = Form.useForm<SampleValues>();
  const { busy, submit } = useSubmit(form, onSubmit, onClose);
  const [keyword, setKeyword] = useState('');
  const units = useDictItems('srm_unit');
  const materials = useQuery({
    queryKey: ['supplier', 'sampleMaterials', keyword],
    queryFn: () =>
      getOrThrow<PageResult<MaterialRow>>('/srm/material/list', {
        status: 'ACTIVE',
        pageSize: '20',
        ...(keyword ? { name: `*${keyword}*` } : {}),
      }),
    enabled: open,
  });
  return (
    <Modal
      open={open}
      title="发起送样"
      okText="发送给供应商"
      cancelText="取消"
      confirmLoading={busy}
      destroyOnHidden
      onCancel={onClose}
      onOk={() => void submit()}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="materialId" label="物料" rules={[{ required: true, message: '请选择物料' }]}>
          <Select
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            loading={materials.isPending}
            data-testid="sample-material"
            options={(materials.data?.records ?? []).map((m) => ({
              value: m.id,
              label: `${m.code} ${m.name}${m.spec ? ` ${m.spec}` : ''}`,
            }))}
            onChange={(id: string) => {
              const m = materials.data?.records.find((r) => r.id === id);
              if (m) form.setFieldValue('unit', m.unit);
            }}
          />
        </Form.Item>
        <Form.Item name="qty" label="样品数量" rules={[{ required: true, message: '请填写样品数量' }]}>
          <InputNumber min={0.001} style={{ width: '100%' }} data-testid="sample-qty" />
        </Form.Item>
        <Form.Item name="unit" label="单位" rules={[{ required: true, message: '请选择单位' }]}>
          <Select options={(units.data ?? []).map((u) => ({ value: String(u.value), label: u.text || u.label }))} />
        </Form.Item>
        <Form.Item name="requiredBy" label="要求送样日期" rules={[{ required: true, message: '请选择要求送样日期' }]}>
          <DatePicker style={{ width: '100%' }} data-testid="sample-required-by" />
        </Form.Item>
        <Form.Item
          name="receiverName"
          label="收样人"
          rules={[{ required: true, whitespace: true, message: '请填写收样人' }]}
        >
          <Input maxLength={50} data-testid="sample-receiver" />
        </Form.Item>
        <Form.Item
          name="receiverPhone"
          label="收样人电话"
          rules={[{ required: true, whitespace: true, message: '请填写收样人电话' }]}
        >
          <Input maxLength={30} data-testid="sample-phone" />
        </Form.Item>
        <Form.Item
          name="receiveAddress"
          label="收样地址"
          rules={[{ required: true, whitespace: true, message: '请填写收样地址' }]}
        >
          <Input maxLength={300} data-testid="sample-address" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
