import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Input,
  InputNumber,
  Select,
  Space,
  Spin,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useQuery } from '@tanstack/react-query';
import { postAction } from '../../../lib/http';
import { useCommand } from '../../../lib/use-command';
import { GROUP_TEXT } from '../tender-evaluation/evaluation-api';
import {
  defaultCriteria,
  draftKey,
  initialDraft,
  loadSetup,
  METHOD_TEXT,
  PRICE_FORMULAS,
  SETUP_CLOSED,
  setupBody,
  setupErrors,
  type CriterionDraft,
  type EvaluationSetup,
  type SetupDraft,
} from './evaluation-setup-api';
import { EVALUATION_METHODS, type TenderDetail } from './tender-api';

/** The saved method and criteria, read-only. */
function SavedSetup({ setup }: { setup: EvaluationSetup }) {
  const s = setup.settings!;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="evaluation-setup-saved">
      <Descriptions size="small" column={4} bordered>
        <Descriptions.Item label="评标办法">
          {EVALUATION_METHODS[s.evaluationMethod] ?? s.evaluationMethod}
        </Descriptions.Item>
        <Descriptions.Item label="价格分基准">{PRICE_FORMULAS[s.priceFormula] ?? s.priceFormula}</Descriptions.Item>
        <Descriptions.Item label="公示天数">{s.publicityDays}</Descriptions.Item>
        <Descriptions.Item label="须确定第一名">{s.mustAwardRank1 ? '是' : '否'}</Descriptions.Item>
      </Descriptions>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={setup.criteria}
        columns={[
          { title: '分组', dataIndex: 'criterionGroup', width: 80, render: (v: string) => GROUP_TEXT[v] ?? v },
          { title: '评审项', dataIndex: 'name' },
          {
            title: '方式',
            dataIndex: 'method',
            width: 110,
            render: (v: keyof typeof METHOD_TEXT) => METHOD_TEXT[v] ?? v,
          },
          {
            title: '满分',
            dataIndex: 'maxScore',
            width: 80,
            render: (v: string, c) => (c.method === 'PASS_FAIL' ? '-' : v),
          },
          { title: '评分标准', dataIndex: 'guide', render: (v: string | null) => v ?? '-' },
        ]}
      />
    </Space>
  );
}

/** The editable method and criteria (§11.1); checked before sending (TND-13, TND-17), the server's refusal shown as it comes. */
function SetupForm({
  tender,
  initial,
  onSaved,
  onCancel,
}: {
  tender: TenderDetail;
  initial: SetupDraft;
  onSaved: () => Promise<void>;
  onCancel?: () => void;
}) {
  const { message } = App.useApp();
  const { busy, run } = useCommand();
  const [d, setD] = useState<SetupDraft>(initial);
  const w = tender.settings;
  const patch = (key: string, change: Partial<CriterionDraft>) =>
    setD((x) => ({ ...x, criteria: x.criteria.map((c) => (c.key === key ? { ...c, ...change } : c)) }));
  const save = () => {
    const errors = setupErrors(d, w);
    if (errors.length) {
      message.warning(errors.join('；'));
      return;
    }
    void run(() => postAction('/srm/tender/evaluation/setup', setupBody(tender.id, d)), onSaved);
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="evaluation-setup-form">
      <Typography.Text type="secondary">{`招标文件权重：价格 ${w.priceWeight} / 技术 ${w.techWeight} / 商务 ${w.businessWeight}。综合评估法各组评审项满分合计须等于对应权重，总计100分；价格分按公式计算。评委提交评分后不能再修改。`}</Typography.Text>
      <Space wrap>
        <span>评标办法</span>
        <Select
          aria-label="评标办法"
          style={{ width: 200 }}
          value={d.evaluationMethod}
          onChange={(v: string) => setD((x) => ({ ...x, evaluationMethod: v }))}
          options={Object.entries(EVALUATION_METHODS).map(([value, label]) => ({ value, label }))}
        />
        <span>价格分基准</span>
        <Select
          aria-label="价格分基准"
          style={{ width: 140 }}
          value={d.priceFormula}
          onChange={(v: string) => setD((x) => ({ ...x, priceFormula: v }))}
          options={Object.entries(PRICE_FORMULAS).map(([value, label]) => ({ value, label }))}
        />
        <span>公示天数</span>
        <InputNumber
          aria-label="公示天数"
          min={1}
          max={30}
          precision={0}
          value={d.publicityDays}
          onChange={(v) => setD((x) => ({ ...x, publicityDays: v ?? 0 }))}
        />
        <span>须确定排名第一的候选人</span>
        <Switch
          aria-label="须确定排名第一的候选人"
          checked={d.mustAwardRank1}
          onChange={(v) => setD((x) => ({ ...x, mustAwardRank1: v }))}
        />
      </Space>
      <Table<CriterionDraft>
        rowKey="key"
        size="small"
        pagination={false}
        dataSource={d.criteria}
        data-testid="evaluation-criteria"
        columns={[
          {
            title: '分组',
            width: 100,
            render: (_: unknown, c) => (
              <Select
                aria-label={`${c.name}分组`}
                style={{ width: 90 }}
                value={c.group}
                onChange={(v: CriterionDraft['group']) => patch(c.key, { group: v })}
                options={Object.entries(GROUP_TEXT).map(([value, label]) => ({ value, label }))}
              />
            ),
          },
          {
            title: '评审项',
            render: (_: unknown, c) => (
              <Input
                aria-label="评审项名称"
                maxLength={200}
                value={c.name}
                onChange={(e) => patch(c.key, { name: e.target.value })}
              />
            ),
          },
          {
            title: '方式',
            width: 140,
            render: (_: unknown, c) => (
              <Select
                aria-label={`${c.name}评分方式`}
                style={{ width: 130 }}
                value={c.method}
                onChange={(v: CriterionDraft['method']) => patch(c.key, { method: v })}
                options={Object.entries(METHOD_TEXT).map(([value, label]) => ({ value, label }))}
              />
            ),
          },
          {
            title: '满分',
            width: 100,
            render: (_: unknown, c) =>
              c.method === 'PASS_FAIL' ? (
                '-'
              ) : (
                <Input
                  aria-label={`${c.name}满分`}
                  value={c.maxScore}
                  onChange={(e) => patch(c.key, { maxScore: e.target.value })}
                />
              ),
          },
          {
            title: '评分标准',
            render: (_: unknown, c) => (
              <Input
                aria-label={`${c.name}评分标准`}
                maxLength={1000}
                value={c.guide}
                onChange={(e) => patch(c.key, { guide: e.target.value })}
              />
            ),
          },
          {
            title: '',
            width: 60,
            render: (_: unknown, c) => (
              <Button
                type="link"
                danger
                size="small"
                onClick={() => setD((x) => ({ ...x, criteria: x.criteria.filter((y) => y.key !== c.key) }))}
              >
                删除
              </Button>
            ),
          },
        ]}
      />
      <Space wrap>
        <Button
          onClick={() =>
            setD((x) => ({
              ...x,
              criteria: [
                ...x.criteria,
                { key: draftKey(), group: 'TECHNICAL', name: '', method: 'MANUAL', maxScore: '', guide: '' },
              ],
            }))
          }
        >
          添加评审项
        </Button>
        <Button
          onClick={() =>
            setD((x) => ({ ...x, criteria: defaultCriteria({ ...w, evaluationMethod: x.evaluationMethod }) }))
          }
        >
          按招标文件权重填入
        </Button>
        <Button type="primary" loading={busy} onClick={save} data-testid="evaluation-setup-save">
          保存评标办法
        </Button>
        {onCancel && <Button onClick={onCancel}>取消</Button>}
      </Space>
    </Space>
  );
}

/** 评标办法 of a tender (§11.1): editable until a member has scored or the award is under way, then read-only. */
export function EvaluationSetupPanel({ tender, canEdit }: { tender: TenderDetail; canEdit: boolean }) {
  const setup = useQuery({ queryKey: ['tender', 'evaluationSetup', tender.id], queryFn: () => loadSetup(tender.id) });
  const [editing, setEditing] = useState(false);
  if (setup.isPending) return <Spin />;
  if (setup.isError)
    return (
      <Alert
        type="error"
        showIcon
        title="评标办法加载失败"
        description={setup.error.message}
        action={
          <Button size="small" onClick={() => void setup.refetch()}>
            重试
          </Button>
        }
      />
    );
  const data = setup.data;
  const locked = !!data.settings?.criteriaLockedAt;
  const editable = canEdit && !locked && !SETUP_CLOSED.includes(tender.status);
  const saved = async () => {
    setEditing(false);
    await setup.refetch();
  };
  if (editable && (editing || !data.settings))
    return (
      <SetupForm
        tender={tender}
        initial={initialDraft(data, tender.settings)}
        onSaved={saved}
        onCancel={data.settings ? () => setEditing(false) : undefined}
      />
    );
  if (!data.settings) return <Alert type="info" showIcon title="尚未设置评标办法" />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space>
        {locked && <Tag color="orange">已有评委提交评分，评标办法已锁定</Tag>}
        {editable && (
          <Button size="small" onClick={() => setEditing(true)} data-testid="evaluation-setup-edit">
            修改评标办法
          </Button>
        )}
      </Space>
      <SavedSetup setup={data} />
    </Space>
  );
}
