import { useState } from 'react';
import { Alert, Button, Card, Input, InputNumber, Select, Space, Spin, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { checkGradeBands, GRADE_CONSEQUENCE_LABELS, GRADE_CONSEQUENCES, type GradeBandInput } from '@procura/shared';
import { useHasPermission } from '../../components/has';
import { getAction, postAction } from '../../lib/http';
import { useCommand } from '../../lib/use-command';

const KEY = ['gradeBands'];

async function fetchBands(): Promise<GradeBandInput[]> {
  const body = await getAction<GradeBandInput[]>('/srm/gradeBand/list');
  if (!body.success) throw new Error(body.message || '加载失败');
  return body.result;
}

/** 绩效等级: the bands a total falls into (min inclusive, max exclusive except 100) and their consequences; EVA-2 checked as you type and on the server. */
export default function GradeBandsPage() {
  const queryClient = useQueryClient();
  const canEdit = useHasPermission('gradeBand:edit');
  const query = useQuery({ queryKey: KEY, queryFn: fetchBands });
  const [edited, setEdited] = useState<GradeBandInput[] | null>(null);
  const bands = edited ?? query.data ?? [];
  const setBands = (change: (b: GradeBandInput[]) => GradeBandInput[]) => setEdited(change(bands));
  const { busy: saving, run } = useCommand();
  const problem = checkGradeBands(bands);
  const update = (i: number, change: Partial<GradeBandInput>) =>
    setBands((b) => b.map((x, k) => (k === i ? { ...x, ...change } : x)));

  const save = () =>
    run(
      () => postAction('/srm/gradeBand/save', { bands }),
      async () => {
        await queryClient.invalidateQueries({ queryKey: KEY });
        setEdited(null);
      },
    );

  return (
    <Card
      title="绩效等级"
      data-testid="grade-bands"
      extra={
        canEdit ? (
          <Space>
            <Button onClick={() => setEdited(null)}>重置</Button>
            <Button
              type="primary"
              loading={saving}
              disabled={!!problem}
              onClick={() => void save()}
              data-testid="grade-bands-save"
            >
              保存
            </Button>
          </Space>
        ) : null
      }
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title="等级区间须覆盖0–100且不重叠：最低分含，最高分不含（100分归入最高等级）。C、D级的预警与禁止标记由询价和订单读取；冻结、淘汰建议须经理确认后执行。"
      />
      {query.isLoading ? <Spin /> : null}
      {query.isError ? <Alert type="error" title={(query.error as Error).message} /> : null}
      {problem && bands.length ? (
        <Alert type="error" showIcon title={problem} style={{ marginBottom: 12 }} data-testid="grade-bands-problem" />
      ) : null}
      <Table
        pagination={false}
        // Rows are edited in place and have no id of their own: their position is the key.
        dataSource={bands.map((b, i) => ({ ...b, key: i }))}
        columns={[
          {
            title: '等级',
            width: 90,
            render: (_, b, i) => (
              <Input
                disabled={!canEdit}
                maxLength={1}
                value={b.grade}
                onChange={(e) => update(i, { grade: e.target.value.toUpperCase() })}
              />
            ),
          },
          {
            title: '最低分（含）',
            width: 130,
            render: (_, b, i) => (
              <InputNumber
                aria-label={`${b.grade}最低分`}
                disabled={!canEdit}
                min={0}
                max={100}
                precision={2}
                value={Number(b.minScore)}
                onChange={(v) => update(i, { minScore: v === null ? '' : String(v) })}
              />
            ),
          },
          {
            title: '最高分（不含）',
            width: 130,
            render: (_, b, i) => (
              <InputNumber
                aria-label={`${b.grade}最高分`}
                disabled={!canEdit}
                min={0}
                max={100}
                precision={2}
                value={Number(b.maxScore)}
                onChange={(v) => update(i, { maxScore: v === null ? '' : String(v) })}
              />
            ),
          },
          {
            title: '等级后果',
            render: (_, b, i) => (
              <Select
                mode="multiple"
                disabled={!canEdit}
                style={{ minWidth: 260 }}
                value={b.consequence}
                options={GRADE_CONSEQUENCES.map((c) => ({ value: c, label: GRADE_CONSEQUENCE_LABELS[c] }))}
                onChange={(consequence) => update(i, { consequence })}
              />
            ),
          },
          ...(canEdit
            ? [
                {
                  title: '',
                  width: 70,
                  render: (_: unknown, __: unknown, i: number) => (
                    <Button type="link" danger onClick={() => setBands((b) => b.filter((_, k) => k !== i))}>
                      删除
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      {canEdit ? (
        <Button
          type="dashed"
          icon={<PlusOutlined />}
          style={{ marginTop: 12 }}
          onClick={() => setBands((b) => [...b, { grade: '', minScore: '0', maxScore: '0', consequence: [] }])}
        >
          添加等级
        </Button>
      ) : null}
    </Card>
  );
}
