import { useState } from 'react';
import { Alert, Button, Drawer, Select, Spin, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { EVAL_DIMENSION_LABELS } from '@procura/shared';
import { useCommand } from '../../lib/use-command';
import type { RowActionPanelProps } from '../../resources/resource-types';
import { evalApi } from './eval-api';

/** 评分分工 (EVA-3): who rates each manual indicator, from the project's chosen raters; adjustable while the project is a draft. */
export function EvalRatersDrawer({ record, open, onClose }: RowActionPanelProps) {
  const query = useQuery({
    queryKey: ['evalRaters', record.id],
    queryFn: () => evalApi.raters(record.id),
    enabled: open,
  });
  // Unedited, the drawer shows what the server holds.
  const [edited, setEdited] = useState<Record<string, string[]>>({});
  const { busy: saving, run } = useCommand();
  const data = query.data;
  const editable = data?.status === 'DRAFT';
  const userIdsOf = (indicatorId: string, stored: string[]) => edited[indicatorId] ?? stored;
  const empty = data?.indicators.find((i) => userIdsOf(i.id, i.userIds).length === 0);
  const options = (data?.users ?? []).map((u) => ({
    value: u.id,
    label: `${u.realname}（${u.username}）${u.roles.length ? ` · ${u.roles.join('、')}` : ''}`,
  }));

  const save = () =>
    run(
      () =>
        evalApi.saveRaters(
          record.id,
          (data?.indicators ?? []).map((i) => ({ indicatorId: i.id, userIds: userIdsOf(i.id, i.userIds) })),
        ),
      onClose,
    );

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size="large"
      title={`评分分工 - ${String(record.name ?? '')}`}
      destroyOnHidden
      extra={
        editable ? (
          <Button
            type="primary"
            loading={saving}
            disabled={!!empty}
            onClick={() => void save()}
            data-testid="eval-raters-save"
          >
            保存
          </Button>
        ) : null
      }
    >
      <div data-testid="eval-raters">
        <Alert
          type="info"
          showIcon
          title="每个人工评分指标由选定的评分人中持有其评分角色的人评分（未设角色的指标由全部评分人评分）；评分人只能看到并评分分配给自己的指标。"
          style={{ marginBottom: 12 }}
        />
        {data && !editable ? (
          <Alert type="warning" showIcon title="只有草稿状态的评估项目可以调整评分分工" style={{ marginBottom: 12 }} />
        ) : null}
        {empty && editable ? (
          <Alert
            type="error"
            showIcon
            title={`指标「${empty.name}」至少需要一名评分人`}
            style={{ marginBottom: 12 }}
            data-testid="eval-raters-problem"
          />
        ) : null}
        {query.isLoading ? <Spin /> : null}
        {query.isError ? <Alert type="error" title={(query.error as Error).message} /> : null}
        {data ? (
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={data.indicators}
            columns={[
              { title: '维度', width: 70, render: (_, i) => EVAL_DIMENSION_LABELS[i.dimension] },
              { title: '指标', dataIndex: 'name', width: 140 },
              {
                title: '评分角色',
                width: 140,
                render: (_, i) =>
                  i.raterRoles.length ? i.raterRoles.map((r) => <Tag key={r}>{r}</Tag>) : '全部评分人',
              },
              {
                title: '评分人',
                render: (_, i) => (
                  <Select
                    aria-label={`${i.name}评分人`}
                    mode="multiple"
                    style={{ width: '100%' }}
                    disabled={!editable}
                    value={userIdsOf(i.id, i.userIds)}
                    options={options}
                    onChange={(userIds: string[]) => setEdited((x) => ({ ...x, [i.id]: userIds }))}
                  />
                ),
              },
            ]}
          />
        ) : null}
      </div>
    </Drawer>
  );
}
