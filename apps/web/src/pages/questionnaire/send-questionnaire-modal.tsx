import { DatePicker, Form, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import { useCommand } from '../../lib/use-command';
import type { RowActionPanelProps } from '../../resources/resource-types';
import { EvalProjectPicker } from '../evaluation/eval-project-controls';
import { questionnaireApi } from './questionnaire-api';

/** 发送问卷: the active template version to chosen suppliers with a due time; each supplier gets a notice. */
export function SendQuestionnaireModal({ record, open, onClose, onDone }: RowActionPanelProps) {
  const [form] = Form.useForm<{ supplierIds: string; dueAt: Dayjs }>();
  const { busy: saving, run } = useCommand();
  const submit = async () => {
    let values: { supplierIds: string; dueAt: Dayjs };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    await run(
      () =>
        questionnaireApi.send({
          templateId: record.id,
          supplierIds: values.supplierIds.split(',').filter(Boolean),
          dueAt: values.dueAt.format('YYYY-MM-DD HH:mm:ss'),
        }),
      onDone ?? onClose,
    );
  };
  return (
    <Modal
      open={open}
      title={`发送问卷 - ${String(record.name ?? '')}`}
      okText="发送"
      onOk={() => void submit()}
      onCancel={onClose}
      okButtonProps={{ loading: saving }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item name="supplierIds" label="供应商" rules={[{ required: true, message: '请选择供应商' }]}>
          <EvalProjectPicker kind="suppliers" />
        </Form.Item>
        <Form.Item name="dueAt" label="截止时间" rules={[{ required: true, message: '请选择截止时间' }]}>
          <DatePicker showTime format="YYYY-MM-DD HH:mm:ss" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
