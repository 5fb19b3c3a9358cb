import { Alert, Button, Card, Popconfirm, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { postAction } from '../../../lib/http';
import { EventStatusTag } from '../sourcing/sourcing-detail';
import {
  BID_STATUS,
  listMyTenders,
  listOpenTenders,
  loadSignupRefusal,
  PARTICIPATION_STATUS,
  type MyTenderRow,
  type OpenTenderRow,
} from './my-tender-api';
import { InvitationActions, MyTenderDrawer } from './my-tender-detail';
import { useTenderCommand } from './tender-command';
import { useDetailParam } from '../../../lib/detail-param';

/** 报名 of one open tender (SRC-4): the server decides the window and the eligibility; its refusal stays on the row. */
function SignupButton({
  row,
  blocked,
  onDone,
}: {
  row: OpenTenderRow;
  /** Why the supplier cannot sign up at all yet (its admission is pending, X-15): the button says so instead of failing. */
  blocked: string | null;
  onDone: () => Promise<void>;
}) {
  const { busy, refusal, run } = useTenderCommand();
  if (blocked)
    return (
      <Space orientation="vertical" size={2}>
        <Tooltip title={blocked}>
          <Button type="primary" size="small" disabled data-testid="tender-signup">
            报名
          </Button>
        </Tooltip>
        <Typography.Text type="secondary" data-testid="tender-signup-blocked">
          {blocked}
        </Typography.Text>
      </Space>
    );
  return (
    <Space orientation="vertical" size={2}>
      <Popconfirm
        title={`确定报名「${row.title}」？`}
        okText="报名"
        cancelText="取消"
        onConfirm={() => run(() => postAction('/srm/tender/supplier/signup', { id: row.id }), onDone)}
      >
        <Button type="primary" size="small" loading={busy} data-testid="tender-signup">
          报名
        </Button>
      </Popconfirm>
      {refusal && (
        <Typography.Text type="danger" data-testid="tender-signup-refusal">
          {refusal}
        </Typography.Text>
      )}
    </Space>
  );
}

/**
 * 我的投标 (domain §9, §11): the tenders the supplier is invited to or signed up for, with its
 * own participation and bid status, and the open tenders inside their sign-up window. Never
 * shows who else takes part or how many (TND-23).
 */
export default function MyTenderPage() {
  const client = useQueryClient();
  const [shown, setShown] = useDetailParam();
  const mine = useQuery({ queryKey: ['myTender', 'list'], queryFn: listMyTenders });
  const open = useQuery({ queryKey: ['myTender', 'open'], queryFn: listOpenTenders });
  const signupCheck = useQuery({ queryKey: ['myTender', 'signupCheck'], queryFn: loadSignupRefusal });
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: ['myTender'] });
  };
  const joined = new Set((mine.data ?? []).map((r) => r.id));
  const available = (open.data ?? []).filter((r) => !joined.has(r.id));

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Card title="我的投标">
        {mine.isError && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 12 }}
            title="招标项目加载失败"
            description={mine.error.message}
            action={
              <Button size="small" onClick={() => void mine.refetch()}>
                重试
              </Button>
            }
          />
        )}
        <Table<MyTenderRow>
          rowKey="id"
          size="small"
          loading={mine.isFetching}
          dataSource={mine.data ?? []}
          locale={{ emptyText: '暂无受邀或已报名的招标项目' }}
          data-testid="my-tender-table"
          columns={[
            { title: '招标编号', dataIndex: 'code', width: 170 },
            { title: '项目名称', dataIndex: 'title', ellipsis: true },
            { title: '状态', dataIndex: 'status', width: 100, render: (v: string) => <EventStatusTag status={v} /> },
            { title: '投标截止', dataIndex: 'responseDeadline', width: 170 },
            {
              title: '我的参与',
              dataIndex: 'participationStatus',
              width: 110,
              render: (v: string) => PARTICIPATION_STATUS[v] ?? v,
            },
            {
              title: '我的投标',
              dataIndex: 'myResponseStatus',
              width: 140,
              render: (v: string | null, r) =>
                v ? <Tag>{`${BID_STATUS[v] ?? v} 第${r.myVersionNo ?? 1}版`}</Tag> : '-',
            },
            {
              title: '操作',
              width: 230,
              render: (_: unknown, r) => (
                <Space align="start">
                  <Button
                    size="small"
                    type="link"
                    onClick={() => setShown(r.id)}
                    data-testid={`my-tender-open-${r.code}`}
                  >
                    查看
                  </Button>
                  {r.participationStatus === 'INVITED' && r.status === 'PUBLISHED' && (
                    <InvitationActions eventId={r.id} onDone={refresh} />
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Card title="可报名的公开招标">
        {open.isError && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 12 }}
            title="公开招标加载失败"
            description={open.error.message}
            action={
              <Button size="small" onClick={() => void open.refetch()}>
                重试
              </Button>
            }
          />
        )}
        <Table<OpenTenderRow>
          rowKey="id"
          size="small"
          loading={open.isFetching}
          dataSource={available}
          locale={{ emptyText: '暂无报名期内的公开招标' }}
          data-testid="open-tender-table"
          columns={[
            { title: '招标编号', dataIndex: 'code', width: 170 },
            { title: '项目名称', dataIndex: 'title', ellipsis: true },
            { title: '招标方式', dataIndex: 'methodText', width: 100 },
            { title: '报名截止', dataIndex: 'signupDeadline', width: 170 },
            { title: '投标截止', dataIndex: 'responseDeadline', width: 170 },
            {
              title: '操作',
              width: 220,
              render: (_: unknown, r) => <SignupButton row={r} blocked={signupCheck.data ?? null} onDone={refresh} />,
            },
          ]}
        />
      </Card>
      <MyTenderDrawer id={shown} onClose={() => setShown(null)} onChanged={() => void refresh()} />
    </Space>
  );
}
