import { useState } from 'react';
import { Alert, Button, Card, Drawer, Input, InputNumber, Select, Space, Spin, Table } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  checkEvalWeights,
  EVAL_DIMENSION_LABELS,
  EVAL_DIMENSIONS,
  EVAL_METRICS,
  SYSTEM_INDICATOR_NOTE,
  type EvalDimension,
} from '@procura/shared';
import { useCommand } from '../../lib/use-command';
import type { RowActionPanelProps } from '../../resources/resource-types';
import { evalApi, type StructureDimension } from './eval-api';

const METRIC_LABELS: Record<string, string> = {
  ON_TIME_DELIVERY_RATE: '准时交付率',
  INCOMING_PASS_RATE: '来料合格率',
  PRICE_COMPETITIVENESS: '价格竞争力',
  RFQ_RESPONSE_RATE: '询价响应率',
  DEDUCTION_COUNT: '扣款次数',
  DEDUCTION_AMOUNT: '扣款金额',
  ASN_ACCURACY: '送货准确率',
  INVOICE_EXCEPTION_RATE: '发票异常率',
};
const num = (v: number | string | null) => (v === null || v === '' ? '' : String(v));

/** 指标配置: dimensions with weights and their indicators (EVA-1 shown as you type, enforced by the server). Read only unless a draft. */
export function EvalStructureDrawer({ record, open, onClose }: RowActionPanelProps) {
  const editable = record.status === 'DRAFT';
  const query = useQuery({
    queryKey: ['evalStructure', record.id],
    queryFn: () => evalApi.structure(record.id),
    enabled: open,
  });
  const roles = useQuery({
    queryKey: ['evalRoleOptions'],
    queryFn: evalApi.roleOptions,
    enabled: open,
    staleTime: 60_000,
  });
  const roleOptions = (roles.data ?? []).map((r) => ({ value: r.roleCode, label: r.roleName }));
  // Unedited, the drawer shows what the server holds.
  const [edited, setEdited] = useState<StructureDimension[] | null>(null);
  const dims = edited ?? query.data ?? [];
  const setDims = (change: (d: StructureDimension[]) => StructureDimension[]) => setEdited(change(dims));
  const { busy: saving, run } = useCommand();

  const problem = dims.length ? checkEvalWeights(dims) : '请至少设置一个维度';
  const update = (i: number, change: Partial<StructureDimension>) =>
    setDims((d) => d.map((x, k) => (k === i ? { ...x, ...change } : x)));
  const unused = EVAL_DIMENSIONS.filter((d) => !dims.some((x) => x.dimension === d));

  const save = () => run(() => evalApi.saveStructure(record.id, dims), onClose);

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size="large"
      title={`指标配置 - ${String(record.name ?? '')}`}
      destroyOnHidden
      extra={
        editable ? (
          <Button
            type="primary"
            loading={saving}
            disabled={!!problem}
            onClick={() => void save()}
            data-testid="eval-structure-save"
          >
            保存
          </Button>
        ) : null
      }
    >
      <div data-testid="eval-structure">
        <Alert type="info" showIcon title={SYSTEM_INDICATOR_NOTE} style={{ marginBottom: 12 }} />
        {!editable ? (
          <Alert type="warning" showIcon title="只有草稿状态的模板可以修改" style={{ marginBottom: 12 }} />
        ) : null}
        {query.isLoading ? <Spin /> : null}
        {query.isError ? <Alert type="error" title={(query.error as Error).message} /> : null}
        {problem && editable ? (
          <Alert
            type="error"
            showIcon
            title={problem}
            style={{ marginBottom: 12 }}
            data-testid="eval-structure-problem"
          />
        ) : null}
        {dims.map((d, i) => (
          <Card
            key={d.dimension}
            size="small"
            style={{ marginBottom: 12 }}
            title={
              <Space>
                <span>{EVAL_DIMENSION_LABELS[d.dimension]}</span>
                <span>权重</span>
                <InputNumber
                  aria-label={`${EVAL_DIMENSION_LABELS[d.dimension]}权重`}
                  min={0}
                  max={100}
                  precision={2}
                  disabled={!editable}
                  value={d.weight === '' ? null : Number(d.weight)}
                  onChange={(v) => update(i, { weight: num(v) })}
                />
              </Space>
            }
            extra={
              editable ? (
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => setDims((x) => x.filter((_, k) => k !== i))}
                >
                  删除维度
                </Button>
              ) : null
            }
          >
            <Table
              size="small"
              pagination={false}
              // Rows are edited in place and have no id of their own: their position is the key.
              dataSource={d.indicators.map((x, k) => ({ ...x, key: k }))}
              columns={[
                {
                  title: '指标名称',
                  render: (_, ind, k) => (
                    <Input
                      disabled={!editable}
                      value={ind.name}
                      maxLength={100}
                      onChange={(e) =>
                        update(i, {
                          indicators: d.indicators.map((x, j) => (j === k ? { ...x, name: e.target.value } : x)),
                        })
                      }
                    />
                  ),
                },
                {
                  title: '权重',
                  width: 110,
                  render: (_, ind, k) => (
                    <InputNumber
                      min={0}
                      max={100}
                      precision={2}
                      disabled={!editable}
                      value={ind.weight === '' ? null : Number(ind.weight)}
                      onChange={(v) =>
                        update(i, { indicators: d.indicators.map((x, j) => (j === k ? { ...x, weight: num(v) } : x)) })
                      }
                    />
                  ),
                },
                {
                  title: '评分方式',
                  width: 120,
                  render: (_, ind, k) => (
                    <Select
                      disabled={!editable}
                      value={ind.method}
                      style={{ width: 100 }}
                      options={[
                        { value: 'MANUAL', label: '人工评分' },
                        { value: 'SYSTEM', label: '系统计算' },
                      ]}
                      onChange={(method) =>
                        update(i, {
                          indicators: d.indicators.map((x, j) =>
                            j === k ? { ...x, method, metricKey: method === 'SYSTEM' ? x.metricKey : null } : x,
                          ),
                        })
                      }
                    />
                  ),
                },
                {
                  title: '取数指标',
                  width: 150,
                  render: (_, ind, k) =>
                    ind.method === 'SYSTEM' ? (
                      <Select
                        disabled={!editable}
                        value={ind.metricKey ?? undefined}
                        placeholder="请选择"
                        style={{ width: 140 }}
                        options={EVAL_METRICS.map((m) => ({ value: m, label: METRIC_LABELS[m] ?? m }))}
                        onChange={(metricKey) =>
                          update(i, { indicators: d.indicators.map((x, j) => (j === k ? { ...x, metricKey } : x)) })
                        }
                      />
                    ) : (
                      '-'
                    ),
                },
                {
                  // §20 raterRoles: who rates a MANUAL indicator; none means every rater of the project.
                  title: '评分角色',
                  width: 200,
                  render: (_, ind, k) =>
                    ind.method === 'MANUAL' ? (
                      <Select
                        aria-label={`${ind.name || `指标${k + 1}`}评分角色`}
                        mode="multiple"
                        disabled={!editable}
                        value={ind.raterRoles ?? []}
                        placeholder="全部评分人"
                        style={{ width: 190 }}
                        options={roleOptions}
                        onChange={(raterRoles: string[]) =>
                          update(i, { indicators: d.indicators.map((x, j) => (j === k ? { ...x, raterRoles } : x)) })
                        }
                      />
                    ) : (
                      '-'
                    ),
                },
                ...(editable
                  ? [
                      {
                        title: '',
                        width: 50,
                        render: (_: unknown, __: unknown, k: number) => (
                          <Button
                            size="small"
                            type="link"
                            danger
                            onClick={() => update(i, { indicators: d.indicators.filter((_, j) => j !== k) })}
                          >
                            删除
                          </Button>
                        ),
                      },
                    ]
                  : []),
              ]}
            />
            {editable ? (
              <Button
                size="small"
                type="dashed"
                icon={<PlusOutlined />}
                style={{ marginTop: 8 }}
                onClick={() =>
                  update(i, {
                    indicators: [...d.indicators, { name: '', weight: '', method: 'MANUAL', metricKey: null }],
                  })
                }
              >
                添加指标
              </Button>
            ) : null}
          </Card>
        ))}
        {editable && unused.length ? (
          <Select<EvalDimension>
            placeholder="添加维度"
            value={null}
            style={{ width: 160 }}
            options={unused.map((d) => ({ value: d, label: EVAL_DIMENSION_LABELS[d] }))}
            onChange={(dimension) =>
              setDims((x) => [
                ...x,
                { dimension, weight: '', indicators: [{ name: '', weight: '100', method: 'MANUAL', metricKey: null }] },
              ])
            }
            data-testid="eval-structure-add-dimension"
          />
        ) : null}
      </div>
    </Drawer>
  );
}
