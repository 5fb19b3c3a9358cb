import { useState } from 'react';
import { Button, Col, DatePicker, Form, Input, InputNumber, Row, Space } from 'antd';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { DATE_FORMAT, DATETIME_FORMAT } from '../../resources/resource-fields';
import type { ReportQueryItem } from './report-api';

type Props = {
  items: readonly ReportQueryItem[];
  /** The filters to send: only non-empty values, by parameter name (`field`, or `field_begin` / `field_end` for a range). */
  onSearch: (filters: Record<string, string>) => void;
};

const NUMERIC = new Set(['integer', 'number']);

/** The control of one bound value: numbers, dates and datetimes by the item's view, text otherwise. */
function valueControl(item: ReportQueryItem, placeholder: string) {
  if (NUMERIC.has(item.view))
    return (
      <InputNumber
        placeholder={placeholder}
        precision={item.view === 'integer' ? 0 : undefined}
        style={{ width: '100%' }}
      />
    );
  if (item.view === 'date')
    return <DatePicker placeholder={placeholder} format={DATE_FORMAT} style={{ width: '100%' }} />;
  if (item.view === 'datetime')
    return <DatePicker placeholder={placeholder} format={DATETIME_FORMAT} showTime style={{ width: '100%' }} />;
  return <Input allowClear placeholder={placeholder} />;
}

/** A range item (`mode` group): one labelled from–to pair bound to `<field>_begin` and `<field>_end`. */
function rangeItem(item: ReportQueryItem) {
  return (
    <Form.Item label={item.label} style={{ marginInlineEnd: 0 }} data-testid={`report-range-${item.field}`}>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name={`${item.field}_begin`} noStyle>
          {valueControl(item, `${item.label}起`)}
        </Form.Item>
        <Input
          disabled
          value="~"
          style={{ width: 32, textAlign: 'center', pointerEvents: 'none' }}
          tabIndex={-1}
          aria-hidden
        />
        <Form.Item name={`${item.field}_end`} noStyle>
          {valueControl(item, `${item.label}止`)}
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}

/** A value as the report's parameter text (dates in their wire format). */
function asText(item: ReportQueryItem | undefined, v: unknown): string {
  if (dayjs.isDayjs(v)) return v.format(item?.view === 'datetime' ? DATETIME_FORMAT : DATE_FORMAT);
  return String(v).trim();
}

/**
 * The search of the report-row popup (getQueryInfo items): single items one control, range
 * items a from–to pair; items marked hidden ('1') wait behind 展开 / 收起 as in JeecgBoot's
 * query forms, and keep what was typed while folded away.
 */
export function ReportQueryForm({ items, onSearch }: Props) {
  const [form] = Form.useForm<Record<string, unknown>>();
  const [expanded, setExpanded] = useState(false);
  const hasHidden = items.some((i) => i.hidden === '1');
  const shown = items.filter((i) => expanded || i.hidden !== '1');

  const search = () => {
    const byName = new Map(
      items.flatMap(
        (i) =>
          [
            [i.field, i],
            [`${i.field}_begin`, i],
            [`${i.field}_end`, i],
          ] as const,
      ),
    );
    const filters: Record<string, string> = {};
    // All stored values, folded-away items included.
    for (const [name, v] of Object.entries(form.getFieldsValue(true))) {
      if (v === undefined || v === null || asText(byName.get(name), v) === '') continue;
      filters[name] = asText(byName.get(name), v);
    }
    onSearch(filters);
  };

  return (
    <Form form={form} onFinish={search} layout="inline" style={{ marginBottom: 12 }} data-testid="report-query-form">
      <Row gutter={[8, 8]} style={{ width: '100%' }}>
        {shown.map((item) => (
          <Col key={item.field} xs={24} sm={12}>
            {item.mode === 'group' ? (
              rangeItem(item)
            ) : (
              <Form.Item name={item.field} label={item.label} style={{ marginInlineEnd: 0 }}>
                {valueControl(item, `请输入${item.label}`)}
              </Form.Item>
            )}
          </Col>
        ))}
        <Col>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button
            style={{ marginLeft: 8 }}
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            重置
          </Button>
          {hasHidden && (
            <Button
              type="link"
              onClick={() => setExpanded((e) => !e)}
              icon={expanded ? <UpOutlined /> : <DownOutlined />}
              iconPlacement="end"
            >
              {expanded ? '收起' : '展开'}
            </Button>
          )}
        </Col>
      </Row>
    </Form>
  );
}
