import { COMMITTEE_ROLE_TEXT } from '@procura/shared';
import { useState } from 'react';
import { Alert, App, Button, Popconfirm, Select, Space, Spin, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { postAction } from '../../../lib/http';
import { useCommand } from '../../../lib/use-command';
import {
  COMMITTEE_OPEN,
  committeeErrors,
  loadCommittee,
  searchCandidates,
  type CommitteeMember,
  type SeatDraft,
} from './evaluation-setup-api';
import type { TenderDetail } from './tender-api';

const seatsOf = (members: CommitteeMember[]): SeatDraft[] =>
  members.map((m) => ({
    userId: m.userId,
    name: m.userName,
    role: m.role,
    isExpert: m.isExpert === 1,
    linkedBidder: null,
  }));

/** Picks members among internal users (experts first, each marked expert or linked to a bidder) and gives each a role; TND-11 checked before sending. */
function CommitteeForm({
  tender,
  initial,
  onFormed,
  onCancel,
}: {
  tender: TenderDetail;
  initial: SeatDraft[];
  onFormed: () => Promise<void>;
  onCancel?: () => void;
}) {
  const { message } = App.useApp();
  const { busy, run } = useCommand();
  const [seats, setSeats] = useState<SeatDraft[]>(initial);
  const [keyword, setKeyword] = useState('');
  const candidates = useQuery({
    queryKey: ['tender', 'committeeCandidates', tender.id, keyword],
    queryFn: () => searchCandidates(tender.id, keyword),
  });
  const experts = seats.filter((s) => s.isExpert).length;
  const add = (userId: string) => {
    const c = candidates.data?.find((x) => x.id === userId);
    if (!c) return;
    setSeats((all) => [
      ...all,
      {
        userId: c.id,
        name: c.realname || c.username,
        role: all.some((s) => s.role === 'CHAIR') ? 'MEMBER' : 'CHAIR',
        isExpert: c.isExpert,
        linkedBidder: c.linkedBidder,
      },
    ]);
  };
  const form = () => {
    const errors = committeeErrors(seats);
    if (errors.length) {
      message.warning(errors.join('；'));
      return;
    }
    void run(
      () =>
        postAction('/srm/tender/evaluation/committee', {
          eventId: tender.id,
          members: seats.map((s) => ({ userId: s.userId, role: s.role })),
        }),
      onFormed,
    );
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="committee-form">
      <Typography.Text type="secondary">
        评标委员会须为5人以上单数，技术、经济专家不少于三分之二，设一名主任委员；与投标人有关联者须回避。
      </Typography.Text>
      {candidates.isError && (
        <Alert type="error" showIcon title="可选评委加载失败" description={candidates.error.message} />
      )}
      <Select
        aria-label="添加评委"
        style={{ width: 420 }}
        placeholder="输入姓名或账号搜索评委"
        value={null}
        showSearch={{ filterOption: false, onSearch: setKeyword }}
        loading={candidates.isFetching}
        notFoundContent="无匹配的用户"
        onChange={(v: string | null) => v && add(v)}
        options={(candidates.data ?? []).map((c) => ({
          value: c.id,
          disabled: seats.some((s) => s.userId === c.id),
          label: `${c.realname || c.username}（${c.username}）${c.isExpert ? ' · 评标专家' : ''}${c.linkedBidder ? ` · 与${c.linkedBidder}有关联` : ''}`,
        }))}
        data-testid="committee-picker"
      />
      <Table<SeatDraft>
        rowKey="userId"
        size="small"
        pagination={false}
        dataSource={seats}
        locale={{ emptyText: '尚未选择评委' }}
        data-testid="committee-seats"
        columns={[
          { title: '评委', dataIndex: 'name' },
          {
            title: '身份',
            render: (_: unknown, s) => (
              <Space>
                {s.isExpert ? <Tag color="blue">评标专家</Tag> : <Tag>非专家</Tag>}
                {s.linkedBidder && <Tag color="red">{`与${s.linkedBidder}有关联`}</Tag>}
              </Space>
            ),
          },
          {
            title: '角色',
            width: 160,
            render: (_: unknown, s) => (
              <Select
                aria-label={`${s.name}的角色`}
                style={{ width: 140 }}
                value={s.role}
                onChange={(role: string) =>
                  setSeats((all) => all.map((x) => (x.userId === s.userId ? { ...x, role } : x)))
                }
                options={Object.entries(COMMITTEE_ROLE_TEXT).map(([value, label]) => ({ value, label }))}
              />
            ),
          },
          {
            title: '',
            width: 60,
            render: (_: unknown, s) => (
              <Button
                type="link"
                danger
                size="small"
                onClick={() => setSeats((all) => all.filter((x) => x.userId !== s.userId))}
              >
                移除
              </Button>
            ),
          },
        ]}
      />
      <Typography.Text data-testid="committee-summary">{`共${seats.length}人，其中评标专家${experts}人`}</Typography.Text>
      <Space>
        <Popconfirm
          title="确定组建评标委员会？评委声明无利害关系后即可查看已开标的投标文件。"
          okText="组建"
          cancelText="取消"
          onConfirm={form}
        >
          <Button type="primary" loading={busy} data-testid="committee-submit">
            组建评标委员会
          </Button>
        </Popconfirm>
        {onCancel && <Button onClick={onCancel}>取消</Button>}
      </Space>
    </Space>
  );
}

/** 评标委员会 of a tender (TND-11): the members with their declaration and scoring progress; formed or re-formed until a member has scored. */
export function CommitteePanel({
  tender,
  canEdit,
  onChanged,
}: {
  tender: TenderDetail;
  canEdit: boolean;
  onChanged: () => Promise<void>;
}) {
  const committee = useQuery({ queryKey: ['tender', 'committee', tender.id], queryFn: () => loadCommittee(tender.id) });
  const [editing, setEditing] = useState(false);
  if (committee.isPending) return <Spin />;
  if (committee.isError)
    return (
      <Alert
        type="error"
        showIcon
        title="评标委员会加载失败"
        description={committee.error.message}
        action={
          <Button size="small" onClick={() => void committee.refetch()}>
            重试
          </Button>
        }
      />
    );
  const members = committee.data;
  const scored = members.some((m) => m.scoresSubmittedAt);
  const editable = canEdit && !scored && COMMITTEE_OPEN.includes(tender.status);
  const formed = async () => {
    setEditing(false);
    await committee.refetch();
    await onChanged();
  };
  if (editable && (editing || members.length === 0))
    return (
      <CommitteeForm
        tender={tender}
        initial={seatsOf(members)}
        onFormed={formed}
        onCancel={members.length ? () => setEditing(false) : undefined}
      />
    );
  if (members.length === 0) return <Alert type="info" showIcon title="尚未组建评标委员会" />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {editable && (
        <Button size="small" onClick={() => setEditing(true)} data-testid="committee-edit">
          重新组建
        </Button>
      )}
      <Table<CommitteeMember>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={members}
        data-testid="committee-members"
        columns={[
          { title: '评委', dataIndex: 'userName' },
          { title: '角色', dataIndex: 'roleText', width: 110 },
          { title: '评标专家', dataIndex: 'isExpert', width: 90, render: (v: number) => (v ? '是' : '否') },
          {
            title: '无利害关系声明',
            dataIndex: 'declaredNoConflictAt',
            render: (v: string | null) => v ?? <Typography.Text type="secondary">未声明</Typography.Text>,
          },
          {
            title: '评分提交',
            dataIndex: 'scoresSubmittedAt',
            render: (v: string | null) => v ?? <Typography.Text type="secondary">未提交</Typography.Text>,
          },
        ]}
      />
    </Space>
  );
}
