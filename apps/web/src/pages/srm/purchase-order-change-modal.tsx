import { Button, Checkbox, Form, Input, Spin, Typography } from 'antd';
import type { RowActionPanelProps } from '../../resources/resource-types';
import { RowCommandModal } from '../../resources/row-command-modal';
import { MaterialSelect } from './material-controls';
import { useOrderLines, type OrderLine } from './purchase-order-panels';

const required = (label: string) => ({ required: true, whitespace: true, message: `请填写${label}` });
const shipped = (l: OrderLine) => Number(l.qtyReceived) > 0 || Number(l.qtyInTransit) > 0;
const row = { display: 'flex', gap: 8, flexWrap: 'wrap' as const };

/**
 * 变更订单 (PO-6): each open line's quantity, price, tax rate, needed date and price-deviation
 * reason, or its removal (only with nothing received or in transit); new lines by material; and
 * the reason. The server keeps the current revision, refuses a quantity below what was shipped,
 * a new price on received quantity or more than a requisition, award or contract has left; a
 * change that raises the amount, adds a line or deviates from the price is approved again
 * (PO-4), and the supplier then confirms the new revision.
 */
export function OrderChangeModal(props: RowActionPanelProps) {
  const lines = useOrderLines(props.record.id, props.open);
  const open = (lines.data ?? []).filter((l) => l.lineStatus === 'OPEN');
  const toBody = (v: Record<string, unknown>) => ({
    reason: v.reason,
    lines: ((v.lines as Record<string, unknown>[] | undefined) ?? []).map((l, i) =>
      l.remove
        ? { lineId: open[i]!.id, remove: true }
        : {
            lineId: open[i]!.id,
            qty: l.qty,
            unitPrice: l.unitPrice,
            taxRate: l.taxRate,
            needByDate: l.needByDate,
            ...(String(l.priceDeviationReason ?? '').trim() ? { priceDeviationReason: l.priceDeviationReason } : {}),
          },
    ),
    addLines: ((v.addLines as Record<string, unknown>[] | undefined) ?? []).map((l) => ({
      materialId: l.materialId,
      qty: l.qty,
      unitPrice: l.unitPrice,
      taxRate: l.taxRate,
      needByDate: l.needByDate,
      ...(String(l.priceDeviationReason ?? '').trim() ? { priceDeviationReason: l.priceDeviationReason } : {}),
    })),
  });
  return (
    <RowCommandModal
      {...props}
      path="/srm/order/change"
      title={`变更订单 - ${String(props.record.code ?? '')}`}
      testId="order-change"
      okText="提交变更"
      width={880}
      toBody={toBody}
    >
      {() =>
        lines.isLoading ? (
          <Spin />
        ) : (
          <>
            <Typography.Paragraph type="secondary">
              数量不能小于已收货与在途数量之和；已收货的行不能变更单价或税率；已有收货或在途的行不能删除。变更后订单版本加一：
              提高金额、新增行或单价偏离有效价格时须重新审批，审批通过后由供应商重新确认；只减少数量或调整日期时直接由供应商重新确认。
            </Typography.Paragraph>
            <Form.List
              name="lines"
              initialValue={open.map((l) => ({
                qty: l.qty,
                unitPrice: l.unitPrice,
                taxRate: l.taxRate,
                needByDate: l.needByDate,
                remove: false,
              }))}
            >
              {(fields) =>
                fields.map((f, i) => (
                  <div key={f.key} data-testid={`order-change-line-${open[i]!.lineNo}`}>
                    <Typography.Text strong>
                      第{open[i]!.lineNo}行 {open[i]!.materialName}（已收 {open[i]!.qtyReceived}，在途{' '}
                      {open[i]!.qtyInTransit}）
                    </Typography.Text>
                    <div style={row}>
                      <Form.Item name={[f.name, 'qty']} label="数量" rules={[required('数量')]}>
                        <Input data-testid={`order-change-qty-${open[i]!.lineNo}`} />
                      </Form.Item>
                      <Form.Item name={[f.name, 'unitPrice']} label="不含税单价" rules={[required('单价')]}>
                        <Input data-testid={`order-change-price-${open[i]!.lineNo}`} />
                      </Form.Item>
                      <Form.Item name={[f.name, 'taxRate']} label="税率(%)" rules={[required('税率')]}>
                        <Input />
                      </Form.Item>
                      <Form.Item name={[f.name, 'needByDate']} label="需求日期" rules={[required('需求日期')]}>
                        <Input placeholder="YYYY-MM-DD" />
                      </Form.Item>
                      <Form.Item name={[f.name, 'priceDeviationReason']} label="价格偏离原因">
                        <Input maxLength={500} placeholder="单价偏离有效价格时填写" />
                      </Form.Item>
                      <Form.Item name={[f.name, 'remove']} valuePropName="checked" label="删除">
                        <Checkbox disabled={shipped(open[i]!)} data-testid={`order-change-remove-${open[i]!.lineNo}`}>
                          删除此行
                        </Checkbox>
                      </Form.Item>
                    </div>
                  </div>
                ))
              }
            </Form.List>
            <Form.List name="addLines">
              {(fields, { add, remove }) => (
                <>
                  {fields.map((f, i) => (
                    <div key={f.key} data-testid={`order-change-new-${i + 1}`}>
                      <Typography.Text strong>新增第{i + 1}行</Typography.Text>
                      <div style={row}>
                        <Form.Item
                          name={[f.name, 'materialId']}
                          label="物料"
                          rules={[{ required: true, message: '请选择物料' }]}
                          style={{ minWidth: 220 }}
                        >
                          <MaterialSelect />
                        </Form.Item>
                        <Form.Item name={[f.name, 'qty']} label="数量" rules={[required('数量')]}>
                          <Input data-testid={`order-change-new-qty-${i + 1}`} />
                        </Form.Item>
                        <Form.Item name={[f.name, 'unitPrice']} label="不含税单价" rules={[required('单价')]}>
                          <Input data-testid={`order-change-new-price-${i + 1}`} />
                        </Form.Item>
                        <Form.Item name={[f.name, 'taxRate']} label="税率(%)" rules={[required('税率')]}>
                          <Input />
                        </Form.Item>
                        <Form.Item name={[f.name, 'needByDate']} label="需求日期" rules={[required('需求日期')]}>
                          <Input placeholder="YYYY-MM-DD" data-testid={`order-change-new-date-${i + 1}`} />
                        </Form.Item>
                        <Form.Item name={[f.name, 'priceDeviationReason']} label="价格偏离原因">
                          <Input maxLength={500} />
                        </Form.Item>
                        <Form.Item label=" ">
                          <Button danger onClick={() => remove(f.name)}>
                            移除
                          </Button>
                        </Form.Item>
                      </div>
                    </div>
                  ))}
                  <Form.Item>
                    <Button
                      type="dashed"
                      onClick={() => add({ taxRate: open[0]?.taxRate ?? '13', needByDate: open[0]?.needByDate })}
                      data-testid="order-change-add-line"
                    >
                      新增行
                    </Button>
                  </Form.Item>
                </>
              )}
            </Form.List>
            <Form.Item name="reason" label="变更原因" rules={[required('变更原因')]}>
              <Input.TextArea rows={3} maxLength={500} showCount data-testid="order-change-reason" />
            </Form.Item>
          </>
        )
      }
    </RowCommandModal>
  );
}
