import { Form, Input, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { DateInput } from '../../components/form/date-input';
import { getAction } from '../../lib/http';
import type { RowActionPanelProps } from '../../resources/resource-types';
import { RowCommandModal } from '../../resources/row-command-modal';

/** What the confirm dialog needs of an order line (`GET /srm/order/lines`). */
type ConfirmLine = {
  id: string;
  lineNo: number;
  materialName: string;
  qty: string;
  unit: string | null;
  needByDate: string;
  lineStatus: string;
};

type PromiseValues = { promisedDate?: string; reason?: string };

/**
 * PO-5: a promised date later than the line's needed date takes a reason (for the buyer); the
 * server checks the same and also refuses a date before today.
 */
export function promiseReasonRule(needByDate: string, promisedDate: string | undefined, reason: string | undefined) {
  if (!promisedDate || promisedDate <= needByDate) return null;
  return reason?.trim() ? null : `承诺交期晚于需求日期 ${needByDate}，请填写原因`;
}

/**
 * 确认订单 (PO-5): one promised date per open line, defaulting to its needed date, and a reason
 * beside each line promised later than needed. The server's refusal is shown and keeps the dialog open.
 */
export function OrderConfirmModal(props: RowActionPanelProps) {
  const lines = useQuery({
    queryKey: ['orderLines', props.record.id],
    enabled: props.open,
    queryFn: async () => {
      const body = await getAction<ConfirmLine[]>('/srm/order/lines', { id: props.record.id });
      if (!body.success) throw new Error(body.message);
      return body.result;
    },
  });
  const open = (lines.data ?? []).filter((l) => l.lineStatus !== 'CANCELLED');
  const toBody = (v: Record<string, unknown>) => ({
    promises: ((v.promises as PromiseValues[] | undefined) ?? []).map((p, i) => ({
      lineId: open[i]!.id,
      promisedDate: p.promisedDate,
      ...(p.reason?.trim() ? { reason: p.reason.trim() } : {}),
    })),
  });
  return (
    <RowCommandModal
      {...props}
      path="/srm/order/confirm"
      title={`确认订单 - ${String(props.record.code ?? '')}`}
      testId="order-confirm"
      okText="确认订单"
      toBody={toBody}
    >
      {() =>
        lines.isLoading ? (
          <Spin />
        ) : lines.isError ? (
          <Typography.Text type="danger">{lines.error.message}</Typography.Text>
        ) : (
          <>
            <Typography.Paragraph type="secondary">
              请为每行填写承诺交期（默认需求日期）。晚于需求日期的行须填写原因，由采购方确认。
            </Typography.Paragraph>
            <Form.List name="promises" initialValue={open.map((l) => ({ promisedDate: l.needByDate, reason: '' }))}>
              {(fields) =>
                fields.map((f, i) => {
                  const line = open[i]!;
                  return (
                    <div key={f.key} data-testid={`order-confirm-line-${line.lineNo}`}>
                      <Typography.Text strong>
                        第{line.lineNo}行 {line.materialName}（{line.qty}
                        {line.unit ?? ''}，需求日期 {line.needByDate}）
                      </Typography.Text>
                      <div style={{ display: 'flex', gap: 8 }}>
                        <Form.Item
                          name={[f.name, 'promisedDate']}
                          label="承诺交期"
                          style={{ flex: 1 }}
                          rules={[{ required: true, message: '请选择承诺交期' }]}
                        >
                          <DateInput
                            disablePast
                            aria-label={`第${line.lineNo}行承诺交期`}
                            data-testid={`order-confirm-date-${line.lineNo}`}
                          />
                        </Form.Item>
                        <Form.Item
                          name={[f.name, 'reason']}
                          label="交期说明"
                          style={{ flex: 2 }}
                          dependencies={[['promises', f.name, 'promisedDate']]}
                          rules={[
                            ({ getFieldValue }) => ({
                              validator: async (_r, reason?: string) => {
                                const date = getFieldValue(['promises', f.name, 'promisedDate']) as string | undefined;
                                const error = promiseReasonRule(line.needByDate, date, reason);
                                if (error) throw new Error(error);
                              },
                            }),
                          ]}
                        >
                          <Input
                            maxLength={500}
                            aria-label={`第${line.lineNo}行交期说明`}
                            data-testid={`order-confirm-reason-${line.lineNo}`}
                          />
                        </Form.Item>
                      </div>
                    </div>
                  );
                })
              }
            </Form.List>
          </>
        )
      }
    </RowCommandModal>
  );
}
