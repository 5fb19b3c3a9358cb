import { SITE_AUDIT_RESULT_TEXT } from '@procura/shared';
import { useState } from 'react';
import { DatePicker, Descriptions, Form, Input, InputNumber, Modal, Radio, Select, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { FileUpload } from '../../components/upload/file-upload';
import { StoredFileLinks } from '../../components/upload/stored-file-links';
import { getOrThrow } from '../../lib/supplier-api';

export type SiteAuditResult = 'PASS' | 'CONDITIONAL' | 'FAIL';
/** The site audit of a review as the review list answers it (§4.1 SiteAudit). */
export type SiteAudit = {
  auditDate: string;
  address: string;
  members: string[];
  memberNames: string[];
  supplierEscort: string | null;
  checklistTemplateId: string | null;
  checklistTemplateName: string | null;
  score: number;
  result: SiteAuditResult;
  findings: string | null;
  files: string | null;
  recordedByName: string | null;
  recordedAt: string | null;
};
export type SiteAuditBody = Omit<SiteAudit, 'memberNames' | 'checklistTemplateName' | 'recordedByName' | 'recordedAt'>;

const RESULT: Record<SiteAuditResult, { text: string; color: string }> = {
  PASS: { text: SITE_AUDIT_RESULT_TEXT.PASS, color: 'green' },
  CONDITIONAL: { text: SITE_AUDIT_RESULT_TEXT.CONDITIONAL, color: 'gold' },
  FAIL: { text: SITE_AUDIT_RESULT_TEXT.FAIL, color: 'red' },
};
type Options = {
  users: { id: string; username: string; realname: string }[];
  templates: { id: string; code: string; name: string; status: string }[];
};
type Values = Omit<SiteAuditBody, 'auditDate'> & { auditDate: Dayjs };

/** The recorded audit on the review card. */
export function SiteAuditView({ audit }: { audit: SiteAudit }) {
  return (
    <Descriptions
      size="small"
      bordered
      column={2}
      style={{ marginTop: 8 }}
      title="现场评审"
      data-testid="review-site-audit"
    >
      <Descriptions.Item label="评审日期">{audit.auditDate}</Descriptions.Item>
      <Descriptions.Item label="结论">
        <Tag color={RESULT[audit.result].color}>{RESULT[audit.result].text}</Tag>得分 {audit.score}
      </Descriptions.Item>
      <Descriptions.Item label="评审地址" span={2}>
        {audit.address}
      </Descriptions.Item>
      <Descriptions.Item label="评审成员">{audit.memberNames.join('、')}</Descriptions.Item>
      <Descriptions.Item label="供应商陪同">{audit.supplierEscort || '-'}</Descriptions.Item>
      <Descriptions.Item label="检查表">{audit.checklistTemplateName || '-'}</Descriptions.Item>
      <Descriptions.Item label="记录人">{audit.recordedByName || '-'}</Descriptions.Item>
      <Descriptions.Item label="发现的问题" span={2}>
        {audit.findings || '-'}
      </Descriptions.Item>
      <Descriptions.Item label="附件" span={2}>
        {audit.files ? <StoredFileLinks paths={audit.files} /> : '-'}
      </Descriptions.Item>
    </Descriptions>
  );
}

/**
 * 记录现场评审 (or edit the recorded one while the review is in review): date, address, the
 * internal members, the supplier's escort, an optional checklist template, score 0–100, the
 * conclusion (有条件通过 / 不通过 need findings) and the report files (X-11: the supplier reads them).
 */
export function SiteAuditModal({
  open,
  audit,
  onClose,
  onSubmit,
}: {
  open: boolean;
  audit: SiteAudit | null;
  onClose: () => void;
  onSubmit: (v: SiteAuditBody) => Promise<boolean>;
}) {
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const options = useQuery({
    queryKey: ['supplier', 'siteAuditOptions'],
    queryFn: () => getOrThrow<Options>('/supplier/admissionReview/siteAuditOptions'),
    enabled: open,
    staleTime: 30_000,
  });
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    try {
      const body = {
        ...v,
        auditDate: v.auditDate.format('YYYY-MM-DD'),
        supplierEscort: v.supplierEscort || null,
        checklistTemplateId: v.checklistTemplateId || null,
        findings: v.findings || null,
        files: v.files || null,
      };
      if (await onSubmit(body)) onClose();
    } finally {
      setBusy(false);
    }
  };
  const initial = audit ? { ...audit, auditDate: dayjs(audit.auditDate) } : { result: 'PASS' as const };
  return (
    <Modal
      open={open}
      title={audit ? '修改现场评审' : '记录现场评审'}
      okText="保存"
      cancelText="取消"
      confirmLoading={busy}
      destroyOnHidden
      onCancel={onClose}
      onOk={() => void submit()}
      width={640}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={initial} data-testid="site-audit-form">
        <Form.Item name="auditDate" label="评审日期" rules={[{ required: true, message: '请选择评审日期' }]}>
          <DatePicker
            style={{ width: '100%' }}
            disabledDate={(d) => d.isAfter(dayjs(), 'day')}
            data-testid="site-audit-date"
          />
        </Form.Item>
        <Form.Item
          name="address"
          label="评审地址"
          rules={[{ required: true, whitespace: true, message: '请填写评审地址' }]}
        >
          <Input maxLength={300} data-testid="site-audit-address" />
        </Form.Item>
        <Form.Item name="members" label="评审成员" rules={[{ required: true, message: '请选择评审成员' }]}>
          <Select
            mode="multiple"
            loading={options.isPending}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="内部人员"
            options={(options.data?.users ?? []).map((u) => ({ value: u.id, label: `${u.realname}（${u.username}）` }))}
            data-testid="site-audit-members"
          />
        </Form.Item>
        <Form.Item name="supplierEscort" label="供应商陪同人员">
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="checklistTemplateId" label="检查表（问卷模板）">
          <Select
            allowClear
            loading={options.isPending}
            options={(options.data?.templates ?? []).map((t) => ({ value: t.id, label: `${t.name}（${t.code}）` }))}
          />
        </Form.Item>
        <Form.Item name="score" label="评审得分（0–100）" rules={[{ required: true, message: '请填写评审得分' }]}>
          <InputNumber min={0} max={100} precision={0} style={{ width: '100%' }} data-testid="site-audit-score" />
        </Form.Item>
        <Form.Item
          name="result"
          label="评审结论"
          rules={[{ required: true, message: '请选择评审结论' }]}
          extra="结论决定“现场评审”步骤：通过、有条件通过为通过（有条件通过时审批决定默认为有条件通过），不通过为不通过"
        >
          <Radio.Group data-testid="site-audit-result">
            <Radio value="PASS">通过</Radio>
            <Radio value="CONDITIONAL">有条件通过</Radio>
            <Radio value="FAIL">不通过</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="findings"
          label="发现的问题"
          dependencies={['result']}
          // Read the conclusion at validation time (a watched value may lag the first render).
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_r, v) =>
                getFieldValue('result') !== 'PASS' && !String(v ?? '').trim()
                  ? Promise.reject(new Error('有条件通过或不通过须填写发现的问题'))
                  : undefined,
            }),
          ]}
        >
          <Input.TextArea rows={3} maxLength={2000} data-testid="site-audit-findings" />
        </Form.Item>
        <Form.Item name="files" label="评审报告与附件">
          <FileUpload biz="supplier" maxCount={10} data-testid="site-audit-files" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
