import { DatePicker, Form, Input, Radio } from 'antd';
import type { Dayjs } from 'dayjs';
import { SAMPLE_HAND_DELIVERY, type SampleAction } from '@procura/shared';
import { DictSelect } from '../../components/dict/dict-select';
import { FileUpload } from '../../components/upload/file-upload';
import type { RowActionPanelProps } from '../../resources/resource-types';
import { RowCommandModal } from '../../resources/row-command-modal';

type SampleCommandProps = RowActionPanelProps &
  Omit<Parameters<typeof RowCommandModal>[0], keyof RowActionPanelProps | 'path' | 'testId' | 'title'> & {
    action: SampleAction;
    title: string;
  };

/**
 * A sample request transition that takes input (§7): the form, then `POST
 * /srm/sampleRequest/<action>`; the server's refusal (out of turn, SMP-1, SMP-2) is shown as is.
 */
function CommandModal({ action, title, ...rest }: SampleCommandProps) {
  return (
    <RowCommandModal
      {...rest}
      path={`/srm/sampleRequest/${action}`}
      title={`${title} - ${String(rest.record.code ?? '')}`}
      testId={`sample-${action}`}
    />
  );
}

const required = (label: string) => ({ required: true, whitespace: true, message: `请填写${label}` });

/** SMP-1: a carrier and tracking number, or for hand delivery a note. */
export function SampleShipModal(props: RowActionPanelProps) {
  const toBody = (v: Record<string, unknown>) => ({
    ...v,
    estimatedArrival: (v.estimatedArrival as Dayjs | undefined)?.format('YYYY-MM-DD'),
  });
  return (
    <CommandModal {...props} action="ship" title="寄出样品" okText="确认寄出" toBody={toBody}>
      {() => (
        <>
          <Form.Item
            name="shipMethod"
            label="寄送方式"
            initialValue="EXPRESS"
            rules={[{ required: true, message: '请选择寄送方式' }]}
          >
            <DictSelect code="srm_sample_ship_method" allowClear={false} data-testid="sample-ship-method" />
          </Form.Item>
          <Form.Item noStyle dependencies={['shipMethod']}>
            {({ getFieldValue }) =>
              getFieldValue('shipMethod') === SAMPLE_HAND_DELIVERY ? (
                <Form.Item
                  name="deliveryNote"
                  label="送货说明"
                  rules={[required('送货说明'), { max: 500, message: '送货说明不能超过500个字符' }]}
                >
                  <Input.TextArea
                    rows={3}
                    maxLength={500}
                    placeholder="送货人、联系电话、预计送达时间"
                    data-testid="sample-ship-note"
                  />
                </Form.Item>
              ) : (
                <>
                  <Form.Item
                    name="carrier"
                    label="承运商"
                    rules={[required('承运商'), { max: 100, message: '承运商不能超过100个字符' }]}
                  >
                    <Input maxLength={100} placeholder="例如：顺丰速运" data-testid="sample-ship-carrier" />
                  </Form.Item>
                  <Form.Item
                    name="trackingNo"
                    label="运单号"
                    rules={[required('运单号'), { max: 64, message: '运单号不能超过64个字符' }]}
                  >
                    <Input maxLength={64} data-testid="sample-ship-tracking" />
                  </Form.Item>
                </>
              )
            }
          </Form.Item>
          <Form.Item name="estimatedArrival" label="预计到达日期">
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </>
      )}
    </CommandModal>
  );
}

/** SMP-2: the received quantity is above zero. */
export function SampleReceiveModal(props: RowActionPanelProps) {
  const qty = String(props.record.qty ?? '');
  return (
    <CommandModal {...props} action="receive" title="签收样品" okText="确认签收">
      {() => (
        <Form.Item
          name="receivedQty"
          label="签收数量"
          initialValue={qty}
          rules={[
            { required: true, message: '请填写签收数量' },
            { pattern: /^\d{1,12}(\.\d{1,4})?$/, message: '请输入数字' },
            {
              validator: async (_r, v) => (Number(v) > 0 ? undefined : Promise.reject(new Error('签收数量必须大于0'))),
            },
          ]}
        >
          <Input data-testid="sample-receive-qty" />
        </Form.Item>
      )}
    </CommandModal>
  );
}

/** SMP-2: a result with a report (text, file or both); the server refuses the requesting buyer as tester. */
export function SampleTestModal(props: RowActionPanelProps) {
  return (
    <CommandModal {...props} action="test" title="录入测试结果" okText="保存结果">
      {(form) => (
        <>
          <Form.Item name="testResult" label="测试结果" rules={[{ required: true, message: '请选择测试结果' }]}>
            <Radio.Group
              data-testid="sample-test-result"
              options={[
                { value: 'PASS', label: '合格' },
                { value: 'FAIL', label: '不合格' },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="testReport"
            label="测试报告"
            dependencies={['testReportFiles']}
            rules={[
              { max: 2000, message: '测试报告不能超过2000个字符' },
              {
                validator: async (_r, v) =>
                  String(v ?? '').trim() || form.getFieldValue('testReportFiles')
                    ? undefined
                    : Promise.reject(new Error('请填写测试报告或上传报告附件')),
              },
            ]}
          >
            <Input.TextArea rows={4} maxLength={2000} showCount data-testid="sample-test-report" />
          </Form.Item>
          <Form.Item name="testReportFiles" label="报告附件">
            <FileUpload biz="supplier" maxCount={5} data-testid="sample-test-files" />
          </Form.Item>
        </>
      )}
    </CommandModal>
  );
}
