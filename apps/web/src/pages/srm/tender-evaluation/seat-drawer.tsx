import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Descriptions,
  Drawer,
  Input,
  Modal,
  Popconfirm,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useQuery } from '@tanstack/react-query';
import { EVENT_STATUS_TEXT, withoutRuleIds } from '@procura/shared';
import { postAction } from '../../../lib/http';
import { useCommand } from '../../../lib/use-command';
import { RankingTable } from './ranking-table';
import { OthersScores } from './others-scores';
import { ScoreSheet } from './score-sheet';
import { BID_STATUS, loadBids, loadReport, loadScores, type Bid, type Seat } from './evaluation-api';

/**
 * One project of the member's committee: the no-conflict declaration (TND-11), then the bids with
 * the chair's rejection, the member's score sheet, peers' scores, the report and its signature.
 */
export function SeatDrawer({
  seat,
  onClose,
  onChanged,
}: {
  seat: Seat | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { busy, run } = useCommand();
  const [agreed, setAgreed] = useState(false);
  const [rejecting, setRejecting] = useState<Bid | null>(null);
  const [reason, setReason] = useState('');
  const eventId = seat?.eventId ?? '';
  const declared = !!seat?.declaredNoConflictAt;
  const bids = useQuery({
    queryKey: ['tenderEval', 'bids', eventId],
    queryFn: () => loadBids(eventId),
    enabled: declared,
  });
  const scores = useQuery({
    queryKey: ['tenderEval', 'scores', eventId],
    queryFn: () => loadScores(eventId),
    enabled: declared,
  });
  const report = useQuery({
    queryKey: ['tenderEval', 'report', eventId],
    queryFn: () => loadReport(eventId),
    enabled: declared,
  });
  const refresh = async () => {
    onChanged();
    await Promise.all([bids.refetch(), scores.refetch(), report.refetch()]);
  };
  const chair = seat?.role === 'CHAIR';
  const view = bids.data;
  const signed = report.data?.signatures.some((s) => s.memberId === seat?.memberId);

  return (
    <Drawer
      title={seat ? `评标：${seat.code} ${seat.title}` : '评标'}
      open={seat !== null}
      onClose={onClose}
      size={1100}
      destroyOnHidden
    >
      {seat && !declared && (
        <Space orientation="vertical" data-testid="declare-panel">
          <Alert
            type="info"
            showIcon
            title="查看投标文件前，请声明与各投标人无利害关系"
            description="与投标人存在关联的评委应当回避；系统会核对您的联系方式与投标人的关联。"
          />
          <Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)}>
            本人与本项目各投标人不存在利害关系
          </Checkbox>
          <Button
            type="primary"
            disabled={!agreed}
            loading={busy}
            data-testid="declare"
            onClick={() =>
              run(
                () => postAction('/srm/tender/evaluation/declare', { eventId: seat.eventId, noConflict: true }),
                onChanged,
              )
            }
          >
            提交声明
          </Button>
        </Space>
      )}
      {declared && (bids.isPending || scores.isPending) && <Spin />}
      {bids.isError && <Alert type="error" showIcon title="投标文件加载失败" description={bids.error.message} />}
      {view && scores.data && (
        <Space orientation="vertical" style={{ width: '100%' }} data-testid="evaluation-detail">
          <Descriptions size="small" column={3} bordered>
            <Descriptions.Item label="项目">{view.event.title}</Descriptions.Item>
            <Descriptions.Item label="状态">
              {EVENT_STATUS_TEXT[view.event.status] ?? view.event.status}
            </Descriptions.Item>
            <Descriptions.Item label="我的角色">{seat?.roleText}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5}>投标文件</Typography.Title>
          <Table<Bid>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={view.bids}
            data-testid="bids-table"
            columns={[
              { title: '投标人', dataIndex: 'supplierName' },
              { title: `投标总价（${view.event.currency}）`, dataIndex: 'totalAmount' },
              { title: '递交时间', dataIndex: 'submittedAt' },
              {
                title: '状态',
                render: (_: unknown, b) => (
                  <Tag color={b.status === 'REJECTED' ? 'red' : 'blue'}>{BID_STATUS[b.status] ?? b.status}</Tag>
                ),
              },
              {
                title: '否决理由',
                dataIndex: 'rejectReason',
                render: (v: string | null) => (v ? withoutRuleIds(v) : v),
              },
              ...(chair
                ? [
                    {
                      title: '操作',
                      key: 'op',
                      render: (_: unknown, b: Bid) =>
                        b.status === 'OPENED' || b.status === 'VALID' ? (
                          <Button
                            size="small"
                            danger
                            onClick={() => {
                              setReason('');
                              setRejecting(b);
                            }}
                          >
                            否决
                          </Button>
                        ) : null,
                    },
                  ]
                : []),
            ]}
          />
          <Typography.Title level={5}>我的评分</Typography.Title>
          {scores.data.submitted ? (
            <Alert type="success" showIcon title={`已提交评分（${scores.data.mine.length}项），不能修改`} />
          ) : (
            <ScoreSheet eventId={eventId} view={view} onSubmitted={refresh} />
          )}
          <Typography.Title level={5}>其他评委评分</Typography.Title>
          {scores.data.others ? (
            <OthersScores rows={scores.data.others} view={view} />
          ) : (
            <Alert type="warning" showIcon data-testid="others-hidden" title="提交本人评分后才能查看其他评委的评分" />
          )}
          <Typography.Title level={5}>评标报告</Typography.Title>
          {chair && !report.data && (
            <Popconfirm
              title="全体评委提交评分后汇总排名，确定生成评标报告？"
              okText="生成"
              cancelText="取消"
              onConfirm={() => run(() => postAction('/srm/tender/evaluation/report/generate', { eventId }), refresh)}
            >
              <Button loading={busy} data-testid="report-generate">
                汇总评分，生成评标报告
              </Button>
            </Popconfirm>
          )}
          {report.data ? (
            <Space orientation="vertical" style={{ width: '100%' }}>
              <RankingTable rows={report.data.ranking} />
              <Typography.Text>
                中标候选人：{report.data.candidates.map((c) => `第${c.rank}名 ${c.supplierName}`).join('；') || '无'}
              </Typography.Text>
              <Typography.Text>
                已签字：{report.data.signatures.map((s) => s.userName).join('、') || '无'}
                {report.data.status === 'SIGNED' ? '（已全体签字）' : ''}
              </Typography.Text>
              {report.data.status === 'DRAFT' && !signed && (
                <Popconfirm
                  title="确认评标报告内容并签字？"
                  okText="签字"
                  cancelText="取消"
                  onConfirm={() => run(() => postAction('/srm/tender/evaluation/report/sign', { eventId }), refresh)}
                >
                  <Button type="primary" loading={busy} data-testid="report-sign">
                    签署评标报告
                  </Button>
                </Popconfirm>
              )}
            </Space>
          ) : (
            <Typography.Text type="secondary">评标报告尚未生成</Typography.Text>
          )}
        </Space>
      )}
      <Modal
        title={rejecting ? `否决投标：${rejecting.supplierName}` : '否决投标'}
        open={rejecting !== null}
        okText="否决"
        cancelText="取消"
        confirmLoading={busy}
        onCancel={() => setRejecting(null)}
        onOk={() =>
          run(
            () =>
              postAction('/srm/tender/evaluation/reject', {
                eventId,
                responseId: rejecting!.id,
                reason: reason.trim(),
              }),
            async () => {
              setRejecting(null);
              await refresh();
            },
          )
        }
      >
        <Input.TextArea
          aria-label="否决理由"
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder="如：投标报价超过最高投标限价、未盖章、不满足实质性要求"
        />
      </Modal>
    </Drawer>
  );
}
