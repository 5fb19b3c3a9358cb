import { withoutRuleIds } from '@procura/shared';
import { useState } from 'react';
import { Alert, App, Button, DatePicker, Drawer, Input, Modal, Popconfirm, Select, Space, Spin, Tabs } from 'antd';
import { beforeToday } from '../../../components/form/date-input';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { useHasPermission } from '../../../components/has';
import { postAction } from '../../../lib/http';
import { useCommand } from '../../../lib/use-command';
import { BuyerClarifications, type ClarificationInput } from '../sourcing/clarification-panel';
import { EventTimeline, TIMELINE_QUERY_KEY } from '../sourcing/event-timeline';
import { AwardTab } from './award-tab';
import { EvaluationTab } from './evaluation-tab';
import { ObjectionsPanel } from './objections-panel';
import { FAIL_REASONS, loadTender, type OpenResult, type TenderDetail } from './tender-api';
import { TenderInfo, TenderLines, TenderOpening, TenderSuppliers } from './tender-info-tabs';
import { AuditPanel, BidsPanel } from './tender-record-panels';

type Ask = 'extend' | 'amendment' | 'cancel' | null;

/** One 招标项目 for the buyer: header and settings, lines, suppliers, the officers' opening, the opening records, bids after opening and the audit chain. */
export function TenderDetailDrawer({
  id,
  onClose,
  onEdit,
  onChanged,
  onCloned,
}: {
  id: string | null;
  onClose: () => void;
  onEdit: (t: TenderDetail) => void;
  onChanged: () => void;
  onCloned: (id: string) => void;
}) {
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const { busy, run } = useCommand();
  const [ask, setAsk] = useState<Ask>(null);
  const [text, setText] = useState('');
  const [affects, setAffects] = useState(false);
  const [deadline, setDeadline] = useState<Dayjs | null>(null);
  const can = {
    add: useHasPermission('srm:tender:add'),
    edit: useHasPermission('srm:tender:edit'),
    publish: useHasPermission('srm:tender:publish'),
    open: useHasPermission('srm:tender:open'),
    list: useHasPermission('srm:tender:list'),
    setup: useHasPermission('srm:tenderEval:setup'),
    award: useHasPermission('srm:tenderEval:award'),
  };
  const detail = useQuery({ queryKey: ['tender', 'detail', id], queryFn: () => loadTender(id!), enabled: id !== null });
  const t = detail.data;
  const done = async () => {
    await detail.refetch();
    void client.invalidateQueries({ queryKey: TIMELINE_QUERY_KEY });
    onChanged();
  };

  const open = async (url: string) => {
    if (!t) return;
    await run(async () => {
      const answer = await postAction<OpenResult>(url, { id: t.id });
      if (answer.success && answer.result.result === 'FAILED')
        modal.warning({
          title: '招标失败',
          content: '投标人少于3家，不得开标，项目已流标。可“重新招标”复制为新项目。',
        });
      return answer;
    }, done);
  };

  const sendAsk = () => {
    if (!t || !ask) return;
    if (!text.trim()) {
      message.warning(
        ask === 'extend' ? '请填写延期原因' : ask === 'cancel' ? '请填写终止原因' : '请填写澄清或修改内容',
      );
      return;
    }
    if (ask === 'extend' && !deadline) {
      message.warning('请选择新的投标截止时间');
      return;
    }
    const request =
      ask === 'extend'
        ? postAction('/srm/tender/extend', {
            id: t.id,
            reason: text.trim(),
            responseDeadline: deadline!.format('YYYY-MM-DD HH:mm'),
          })
        : ask === 'cancel'
          ? postAction('/srm/tender/cancel', { id: t.id, reason: text.trim() })
          : postAction('/srm/tender/amendment', { id: t.id, answer: text.trim(), affectsResponses: affects });
    void run(
      () => request,
      async () => {
        setAsk(null);
        await done();
      },
    );
  };

  const clone = async () => {
    if (!t) return;
    let copied = '';
    await run(
      async () => {
        const answer = await postAction<{ id: string }>('/srm/tender/clone', { id: t.id });
        if (answer.success) copied = answer.result.id;
        return answer;
      },
      () => {
        onChanged();
        onCloned(copied);
      },
    );
  };

  const commercialPending =
    !!t &&
    t.twoEnvelope === 1 &&
    t.openingRecords.some((r) => r.envelope === 'TECHNICAL') &&
    !t.openingRecords.some((r) => r.envelope === 'COMMERCIAL');
  const actions = t && (
    <Space wrap>
      {t.status === 'DRAFT' && can.edit && <Button onClick={() => onEdit(t)}>编辑</Button>}
      {t.status === 'DRAFT' && can.edit && (
        <Popconfirm
          title="提交审批？将校验法定时限与邀请家数。"
          okText="提交"
          cancelText="取消"
          onConfirm={() => run(() => postAction('/srm/tender/submit', { id: t.id }), done)}
        >
          <Button type="primary" loading={busy} data-testid="tender-submit">
            提交审批
          </Button>
        </Popconfirm>
      )}
      {t.status === 'APPROVED' && can.publish && (
        <Popconfirm
          title={`确定发布招标项目 ${t.code}？${t.method === 'OPEN_TENDER' ? '公开招标将同步到门户采购公告。' : '受邀供应商将收到投标邀请。'}`}
          okText="发布"
          cancelText="取消"
          onConfirm={() => run(() => postAction('/srm/tender/publish', { id: t.id }), done)}
        >
          <Button type="primary" loading={busy} data-testid="tender-publish">
            发布
          </Button>
        </Popconfirm>
      )}
      {t.status === 'PUBLISHED' && can.publish && (
        <Button
          onClick={() => {
            setText('');
            setDeadline(null);
            setAsk('extend');
          }}
          data-testid="tender-extend"
        >
          延期
        </Button>
      )}
      {t.status === 'PUBLISHED' && can.publish && (
        <Button
          onClick={() => {
            setText('');
            setAffects(false);
            setAsk('amendment');
          }}
          data-testid="tender-amendment"
        >
          澄清或修改
        </Button>
      )}
      {(t.status === 'PUBLISHED' || t.status === 'CLOSED') && can.open && (
        <Popconfirm
          title="确认开标？截止时间前服务器会拒绝；须达到开标人确认人数后才解密。"
          okText="确认开标"
          cancelText="取消"
          onConfirm={() => void open('/srm/tender/open')}
        >
          <Button type="primary" loading={busy} data-testid="tender-open">
            {t.twoEnvelope ? '确认开启技术标' : '确认开标'}
          </Button>
        </Popconfirm>
      )}
      {commercialPending && can.open && (
        <Popconfirm
          title="确认开启商务标？仅开启技术评审未被否决的投标。"
          okText="确认"
          cancelText="取消"
          onConfirm={() => void open('/srm/tender/open-commercial')}
        >
          <Button type="primary" loading={busy} data-testid="tender-open-commercial">
            确认开启商务标
          </Button>
        </Popconfirm>
      )}
      {['DRAFT', 'APPROVED', 'PUBLISHED', 'CLOSED', 'OPENED', 'EVALUATING'].includes(t.status) && can.edit && (
        <Button
          danger
          onClick={() => {
            setText('');
            setAsk('cancel');
          }}
          data-testid="tender-cancel"
        >
          终止
        </Button>
      )}
      {t.status === 'FAILED' && can.add && (
        <Popconfirm title="复制为新的招标项目草稿？" okText="重新招标" cancelText="取消" onConfirm={() => void clone()}>
          <Button loading={busy} data-testid="tender-clone">
            重新招标
          </Button>
        </Popconfirm>
      )}
    </Space>
  );

  const s = t?.settings;
  // Evaluation and objections begin with the publication (committee before the opening, TND-4 objections while bids are open).
  const published = !!t && !['DRAFT', 'PENDING_APPROVAL', 'APPROVED'].includes(t.status);
  const tabs =
    t && s
      ? [
          {
            key: 'info',
            label: '基本信息',
            children: <TenderInfo t={t} />,
          },
          {
            key: 'lines',
            label: `物料行（${t.lines.length}）`,
            children: <TenderLines t={t} />,
          },
          {
            key: 'suppliers',
            label: `供应商（${t.participants.length}）`,
            children: <TenderSuppliers t={t} canEdit={can.edit} onChanged={done} />,
          },
          {
            key: 'opening',
            label: '开标',
            children: <TenderOpening t={t} />,
          },
          // Questions are answered through the tender's own route: TND-3 may push the deadline, the audit chain records it.
          ...(published
            ? [
                {
                  key: 'clarifications',
                  label: '答疑澄清',
                  children: (
                    <BuyerClarifications
                      eventId={t.id}
                      permission="srm:tender:publish"
                      affectsLabel="可能影响投标文件编制"
                      publish={(c: ClarificationInput) => postAction('/srm/tender/amendment', { id: t.id, ...c })}
                      onPublished={done}
                    />
                  ),
                },
              ]
            : []),
          ...(t.openedAt && can.list ? [{ key: 'bids', label: '投标文件', children: <BidsPanel id={t.id} /> }] : []),
          ...(published && can.setup
            ? [
                {
                  key: 'evaluation',
                  label: '评标',
                  children: <EvaluationTab tender={t} canEdit={can.setup} onChanged={done} />,
                },
              ]
            : []),
          ...(t.openedAt && t.status !== 'FAILED' && can.award
            ? [{ key: 'award', label: '定标', children: <AwardTab tender={t} canAward={can.award} onChanged={done} /> }]
            : []),
          ...(published && can.award
            ? [
                {
                  key: 'objections',
                  label: '异议',
                  children: <ObjectionsPanel eventId={t.id} canAnswer={can.award} onChanged={done} />,
                },
              ]
            : []),
          { key: 'log', label: '状态记录', children: <EventTimeline type="TENDER" id={t.id} /> },
          { key: 'audit', label: '审计日志', children: <AuditPanel id={t.id} /> },
        ]
      : [];

  return (
    <Drawer
      title={t ? `招标项目 ${t.code}` : '招标项目'}
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
          title="招标项目加载失败"
          description={detail.error.message}
          action={
            <Button size="small" onClick={() => void detail.refetch()}>
              重试
            </Button>
          }
        />
      )}
      {t && (
        <Space orientation="vertical" style={{ width: '100%' }} data-testid="tender-detail">
          {t.status === 'FAILED' && (
            <Alert
              type="error"
              showIcon
              title={`已流标：${FAIL_REASONS[t.failReason ?? ''] ?? withoutRuleIds(t.failReason ?? '')}`}
              data-testid="tender-failed"
            />
          )}
          <Tabs items={tabs} />
        </Space>
      )}
      <Modal
        title={
          ask === 'extend'
            ? '延长投标截止时间'
            : ask === 'cancel'
              ? '终止招标项目（发布后须采购主管权限）'
              : '发布澄清或修改'
        }
        open={ask !== null}
        okText="确定"
        cancelText="返回"
        okButtonProps={{ loading: busy, danger: ask === 'cancel' }}
        onCancel={() => setAsk(null)}
        onOk={sendAsk}
      >
        {ask === 'extend' && (
          <Space style={{ marginBottom: 8 }}>
            <span>新的投标截止时间</span>
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              disabledDate={beforeToday}
              value={deadline}
              onChange={setDeadline}
            />
          </Space>
        )}
        {ask === 'amendment' && (
          <Space style={{ marginBottom: 8 }}>
            <Select
              aria-label="是否影响投标"
              style={{ width: 280 }}
              value={affects}
              onChange={setAffects}
              options={[
                { value: false, label: '不影响投标文件编制' },
                { value: true, label: '可能影响投标文件编制' },
              ]}
            />
          </Space>
        )}
        <Input.TextArea
          rows={3}
          maxLength={ask === 'amendment' ? 20000 : 500}
          placeholder={
            ask === 'extend' ? '延期原因（必填）' : ask === 'cancel' ? '终止原因（必填）' : '澄清或修改内容（必填）'
          }
          value={text}
          onChange={(ev) => setText(ev.target.value)}
          data-testid="tender-ask-text"
        />
      </Modal>
    </Drawer>
  );
}
