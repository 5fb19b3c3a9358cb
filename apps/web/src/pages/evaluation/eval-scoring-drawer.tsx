import { useMemo, useState } from 'react';
import { Alert, App, Button, Drawer, InputNumber, Spin, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { EVAL_DIMENSION_LABELS, SYSTEM_INDICATOR_NOTE } from '@procura/shared';
import { useCommand } from '../../lib/use-command';
import type { RowActionPanelProps } from '../../resources/resource-types';
import { evalApi } from './eval-api';

const key = (supplierId: string, indicatorId: string) => `${supplierId}:${indicatorId}`;

/** 评分: the rater's own sheet (EVA-3) — suppliers × the MANUAL indicators assigned to them, 0–100; SYSTEM indicators are shown as not yet computed. */
export function EvalScoringDrawer({ record, open, onClose }: RowActionPanelProps) {
  const { message } = App.useApp();
  const query = useQuery({
    queryKey: ['evalSheet', record.id],
    queryFn: () => evalApi.sheet(record.id),
    enabled: open,
  });
  // The rater's stored scores, overlaid with what is typed here.
  const [typed, setTyped] = useState<Record<string, number | null>>({});
  const stored = useMemo(
    () =>
      Object.fromEntries((query.data?.scores ?? []).map((s) => [key(s.supplierId, s.indicatorId), Number(s.score)])),
    [query.data],
  );
  const scores: Record<string, number | null> = { ...stored, ...typed };
  const setScores = (change: (x: Record<string, number | null>) => Record<string, number | null>) =>
    setTyped(change(typed));
  const { busy: saving, run } = useCommand();

  const sheet = query.data;
  const indicators = useMemo(
    () => sheet?.structure.flatMap((d) => d.indicators.map((i) => ({ ...i, dimension: d.dimension }))) ?? [],
    [sheet],
  );
  const editable = !!sheet && sheet.isRater && sheet.project.status === 'SCORING';

  const columns: TableColumnsType<{ id: string; name: string }> = [
    { title: '供应商', dataIndex: 'name', fixed: 'left', width: 180 },
    ...indicators.map((i) => ({
      title: (
        <span>
          {EVAL_DIMENSION_LABELS[i.dimension]}·{i.name}（{i.weight}%）
        </span>
      ),
      key: i.id,
      width: 150,
      render: (_: unknown, s: { id: string; name: string }) =>
        i.method === 'SYSTEM' ? (
          <Tag>系统计算·暂不适用</Tag>
        ) : (
          <InputNumber
            aria-label={`${s.name}-${i.name}`}
            min={0}
            max={100}
            precision={2}
            disabled={!editable}
            value={scores[key(s.id, i.id)] ?? null}
            onChange={(v) => setScores((x) => ({ ...x, [key(s.id, i.id)]: v }))}
          />
        ),
    })),
  ];

  const save = async () => {
    const list = Object.entries(scores)
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([k, v]) => {
        const [supplierId, indicatorId] = k.split(':') as [string, string];
        return { supplierId, indicatorId, score: String(v) };
      });
    if (list.length === 0) {
      message.warning('请先填写评分');
      return;
    }
    await run(() => evalApi.saveScores(record.id, list), onClose);
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size="large"
      title={`评分 - ${String(record.name ?? '')}`}
      destroyOnHidden
      extra={
        editable ? (
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="eval-scores-save">
            保存评分
          </Button>
        ) : null
      }
    >
      <div data-testid="eval-scoring">
        {query.isLoading ? <Spin /> : null}
        {query.isError ? <Alert type="error" title={(query.error as Error).message} /> : null}
        {sheet && !sheet.isRater ? (
          <Alert type="warning" showIcon title="您不是该评估项目的评分人" style={{ marginBottom: 12 }} />
        ) : null}
        {sheet && sheet.isRater && sheet.project.status !== 'SCORING' ? (
          <Alert type="warning" showIcon title="评估项目不在评分阶段" style={{ marginBottom: 12 }} />
        ) : null}
        {sheet ? (
          <>
            <Alert
              type="info"
              showIcon
              title={`评分截止：${sheet.project.scoringDeadline}。仅显示分配给您的人工评分指标。${SYSTEM_INDICATOR_NOTE}`}
              style={{ marginBottom: 12 }}
            />
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={sheet.suppliers}
              columns={columns}
            />
          </>
        ) : null}
      </div>
    </Drawer>
  );
}
