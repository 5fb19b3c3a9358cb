import { useState } from 'react';
import { App, Button, Col, DatePicker, Form, Input, Modal, Row, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { QUALIFICATION_TYPE_DICT, qualificationSchema } from '@procura/shared';
import { FileUpload } from '../../components/upload/file-upload';
import { useDictItems } from '../../lib/dict';
import { postAction } from '../../lib/http';
import { getOrThrow, type SupplierQualification } from '../../lib/supplier-api';
import { QualificationTable } from './qualification-table';
import { setFieldErrors } from '../../lib/form-errors';

export const OWN_QUALIFICATIONS_KEY = ['supplier', 'ownQualifications'] as const;

type FormValues = {
  typeCode?: string;
  certNo?: string;
  issuer?: string;
  issueDate?: Dayjs | null;
  expiryDate?: Dayjs | null;
  files?: string;
};

/** Uploading a certificate: it waits for the buyer's review (CHG-5). */
function AddQualificationModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<FormValues>();
  const { message } = App.useApp();
  const client = useQueryClient();
  const types = useDictItems(QUALIFICATION_TYPE_DICT);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const v = form.getFieldsValue();
    const parsed = qualificationSchema.safeParse({
      typeCode: v.typeCode ?? '',
      certNo: v.certNo ?? '',
      issuer: v.issuer ?? '',
      issueDate: v.issueDate ? v.issueDate.format('YYYY-MM-DD') : '',
      expiryDate: v.expiryDate ? v.expiryDate.format('YYYY-MM-DD') : '',
      files: v.files ?? '',
    });
    if (!parsed.success) {
      setFieldErrors(
        form,
        parsed.error.issues.map((i) => ({ name: String(i.path[0]), errors: [i.message] })),
      );
      return;
    }
    setBusy(true);
    try {
      const answer = await postAction<{ id: string }>('/supplierBaseAPI/qualification/add', parsed.data, {
        quiet: [400],
      });
      if (!answer.success) {
        message.error(answer.message || '提交失败');
        return;
      }
      message.success(answer.message || '资质已提交');
      await client.invalidateQueries({ queryKey: OWN_QUALIFICATIONS_KEY });
      form.resetFields();
      onClose();
    } catch {
      message.error('提交的资质信息有误，请检查');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title="上传资质"
      okText="提交"
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      <Form form={form} layout="vertical" preserve={false} data-testid="qualification-form">
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="typeCode" label="资质类型" required>
              <Select
                placeholder="请选择资质类型"
                options={(types.data ?? []).map((t) => ({ value: t.value, label: t.text || t.label }))}
                data-testid="qualification-type"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="certNo" label="证书编号" required>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="issuer" label="发证机构">
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="issueDate" label="发证日期">
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="expiryDate" label="到期日期" extra="长期有效可不填">
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="files" label="资质文件" required>
              <FileUpload biz="supplier" maxCount={5} data-testid="qualification-files" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}

/** The supplier's own certificates: upload, withdraw the unreviewed or rejected ones. */
export function OwnQualifications() {
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const [adding, setAdding] = useState(false);
  const list = useQuery({
    queryKey: OWN_QUALIFICATIONS_KEY,
    queryFn: () => getOrThrow<SupplierQualification[]>('/supplierBaseAPI/qualifications'),
  });
  const remove = (q: SupplierQualification) =>
    modal.confirm({
      title: '删除资质',
      content: `确定删除资质 ${q.certNo}？`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        const answer = await postAction('/supplierBaseAPI/qualification/delete', { id: q.id });
        if (answer.success) message.success(answer.message || '删除成功');
        else message.error(answer.message || '删除失败');
        await client.invalidateQueries({ queryKey: OWN_QUALIFICATIONS_KEY });
      },
    });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Button type="primary" onClick={() => setAdding(true)} data-testid="qualification-add">
        上传资质
      </Button>
      {list.isError ? (
        <span>{list.error.message}</span>
      ) : (
        <QualificationTable
          rows={list.data}
          loading={list.isPending}
          action={(q) =>
            q.status === 'PENDING_REVIEW' || q.status === 'REJECTED' ? (
              <Button size="small" type="link" danger onClick={() => remove(q)}>
                删除
              </Button>
            ) : null
          }
        />
      )}
      <AddQualificationModal open={adding} onClose={() => setAdding(false)} />
    </Space>
  );
}
