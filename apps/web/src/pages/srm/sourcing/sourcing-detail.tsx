import { useState } from 'react';
import { Alert, App, Button, Drawer, Popconfirm, Space, Spin, Tabs } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useHasPermission } from '../../../components/has';
import { postAction } from '../../../lib/http';
import { useCommand } from '../../../lib/use-command';
import { BuyerClarifications } from './clarification-panel';
import { AwardPanel } from './award-form';
import { EventInfo } from './event-info';
import { EventLinesTable } from './event-lines-table';
import { EventReasonModal, type ReasonKind } from './event-reason-modal';
import { EventTimeline, TIMELINE_QUERY_KEY } from './event-timeline';
import { InvitedSuppliers } from './invited-suppliers';
import { MatrixView } from './matrix-view';
import { loadEvent, loadMatrix, type EventDetail } from './sourcing-api';

// Kept here for the screens that import them from the drawer.
export { EventStatusTag } from './event-status-tag';
export { MatrixView } from './matrix-view';

/** One 询价单 for the buyer: header, lines, invited suppliers, the commands its status allows (each confirmed), comparison and award once opened. */
export function SourcingDetailDrawer({
  id,
  onClose,
  onEdit,
  onChanged,
}: {
  id: string | null;
  onClose: () => void;
  onEdit: (e: EventDetail) => void;
  onChanged: () => void;
}) {
  const { modal } = App.useApp();
  const client = useQueryClient();
  const { busy, run } = useCommand();
  const [reasonKind, setReasonKind] = useState<ReasonKind | null>(null);
  // Bumped on every ask, so the reason dialog starts empty each time.
  const [asked, setAsked] = useState(0);
  const can = {
    edit: useHasPermission('srm:sourcing:edit'),
    invite: useHasPermission('srm:sourcing:invite'),
    publish: useHasPermission('srm:sourcing:publish'),
    open: useHasPermission('srm:sourcing:open'),
    fail: useHasPermission('srm:sourcing:fail'),
    cont: useHasPermission('srm:sourcing:continue'),
    cancel: useHasPermission('srm:sourcing:cancel'),
    award: useHasPermission('srm:sourcing:award'),
  };
  const detail = useQuery({
    queryKey: ['sourcing', 'detail', id],
    queryFn: () => loadEvent(id!),
    enabled: id !== null,
  });
  const e = detail.data;
  const opened = !!e?.openedAt;
  const matrix = useQuery({
    queryKey: ['sourcing', 'matrix', id],
    queryFn: () => loadMatrix(id!),
    enabled: id !== null && opened,
  });
  const done = async () => {
    await detail.refetch();
    void client.invalidateQueries({ queryKey: TIMELINE_QUERY_KEY });
    onChanged();
  };

  const openBids = async () => {
    if (!e) return;
    await run(async () => {
      const answer = await postAction<string>('/srm/sourcing/event/open', { id: e.id });
      if (answer.success && answer.result === 'INSUFFICIENT')
        modal.warning({
          title: '有效报价不足',
          content: `${answer.message}。可由采购主管“继续开标”，或流标、延期。`,
        });
      return answer;
    }, done);
  };

  const ask = (kind: ReasonKind) => {
    setAsked((n) => n + 1);
    setReasonKind(kind);
  };

  const actions = e && (
    <Space wrap>
      {e.status === 'DRAFT' && can.edit && (
        <Button onClick={() => onEdit(e)} data-testid="sourcing-edit">
          编辑
        </Button>
      )}
      {e.status === 'DRAFT' && can.publish && (
        <Popconfirm
          title={`确定发布询价单 ${e.code}？发布后受邀供应商即可报价。`}
          okText="发布"
          cancelText="取消"
          onConfirm={() => run(() => postAction('/srm/sourcing/event/publish', { id: e.id }), done)}
        >
          <Button type="primary" loading={busy} data-testid="sourcing-publish">
            发布
          </Button>
        </Popconfirm>
      )}
      {(e.status === 'PUBLISHED' || e.status === 'INSUFFICIENT') && can.publish && (
        <Button onClick={() => ask('extend')} data-testid="sourcing-extend">
          延期
        </Button>
      )}
      {(e.status === 'PUBLISHED' || e.status === 'CLOSED') && can.open && (
        <Popconfirm
          title="确定开标？截止时间前服务器会拒绝开标。"
          okText="开标"
          cancelText="取消"
          onConfirm={() => void openBids()}
        >
          <Button type="primary" loading={busy} data-testid="sourcing-open">
            开标
          </Button>
        </Popconfirm>
      )}
      {e.status === 'INSUFFICIENT' && can.cont && (
        <Button onClick={() => ask('continue')} data-testid="sourcing-continue">
          继续开标
        </Button>
      )}
      {['INSUFFICIENT', 'OPENED', 'EVALUATING'].includes(e.status) && can.fail && (
        <Button danger onClick={() => ask('fail')} data-testid="sourcing-fail">
          流标
        </Button>
      )}
      {['DRAFT', 'PUBLISHED', 'CLOSED', 'OPENED', 'EVALUATING', 'INSUFFICIENT'].includes(e.status) && can.cancel && (
        <Button danger onClick={() => ask('cancel')} data-testid="sourcing-cancel">
          取消
        </Button>
      )}
    </Space>
  );

  const tabs = e
    ? [
        {
          key: 'info',
          label: '基本信息',
          children: <EventInfo event={e} />,
        },
        {
          key: 'lines',
          label: `物料行（${e.lines.length}）`,
          children: <EventLinesTable event={e} />,
        },
        {
          key: 'suppliers',
          label: `供应商（${e.participants.length}）`,
          children: <InvitedSuppliers event={e} canInvite={can.invite} done={done} />,
        },
        ...(e.status !== 'DRAFT'
          ? [{ key: 'clarifications', label: '澄清', children: <BuyerClarifications eventId={e.id} /> }]
          : []),
        ...(opened
          ? [
              {
                key: 'matrix',
                label: '比价',
                children: matrix.isError ? (
                  <Alert type="error" showIcon title={matrix.error.message} />
                ) : matrix.data ? (
                  <MatrixView matrix={matrix.data} />
                ) : (
                  <Spin />
                ),
              },
              { key: 'award', label: '定标', children: <AwardPanel event={e} canAward={can.award} onDone={done} /> },
            ]
          : []),
        { key: 'log', label: '状态记录', children: <EventTimeline type={e.type} id={e.id} /> },
      ]
    : [];

  return (
    <Drawer
      title={e ? `询价单 ${e.code}` : '询价单'}
      open={id !== null}
      onClose={onClose}
      size={1100}
      destroyOnHidden
      extra={actions}
    >
      {detail.isPending && id !== null && <Spin />}
      {detail.isError && (
        <Alert
          type="error"
          showIcon
          title="询价单加载失败"
          description={detail.error.message}
          action={
            <Button size="small" onClick={() => void detail.refetch()}>
              重试
            </Button>
          }
        />
      )}
      {e && (
        <Space orientation="vertical" style={{ width: '100%' }} data-testid="sourcing-detail">
          {e.status === 'INSUFFICIENT' && (
            <Alert
              type="warning"
              showIcon
              title="有效报价不足：可继续开标（须主管权限）、延期或流标"
              data-testid="sourcing-insufficient"
            />
          )}
          <Tabs items={tabs} />
        </Space>
      )}
      <EventReasonModal key={asked} event={e} kind={reasonKind} onClose={() => setReasonKind(null)} onDone={done} />
    </Drawer>
  );
}
