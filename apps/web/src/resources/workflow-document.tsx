import { useState, type ComponentType } from 'react';
import { App, Button, Card, Descriptions, Space, Tabs } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { workflowInternalSees, workflowSupplierSees, type ResourceDef } from '@procura/shared';
import { StoredFileLinks } from '../components/upload/stored-file-links';
import { useSession } from '../lib/auth-store';
import { getAction, type QueryParams } from '../lib/http';
import { isSupplierUser } from '../lib/user-kind';
import { DocumentPrintView } from './print-view';
import type { DetailPanel, ResourceOverride, ResourceRecord, RowAction } from './resource-types';
import { WorkflowTimeline } from './workflow-actions';
import { LineTables } from './workflow-lines';

/** The list's query less paging, sort and the status itself: what the status tabs count under. */
function countParams(params: QueryParams, status: string): QueryParams {
  const { pageNo: _p, pageSize: _s, column: _c, order: _o, [status]: _status, ...rest } = params;
  return rest;
}

/** 全部 and one tab per state, each with its count under the list's filters (`GET <path>/statusCount`). */
export function StatusTabs({
  def,
  params,
  value,
  onChange,
}: {
  def: ResourceDef;
  params: QueryParams;
  value: string;
  onChange: (status: string) => void;
}) {
  const wf = def.workflow!;
  // No tab for states the user never sees documents in: a supplier's drafts and approvals
  // for a supplier, a supplier's unsent drafts for a buyer.
  const supplier = isSupplierUser(useSession().userInfo);
  const filters = countParams(params, wf.status);
  const counts = useQuery({
    queryKey: ['status-count', def.path, filters],
    queryFn: async () => {
      const body = await getAction<Record<string, number>>(`${def.path}/statusCount`, filters);
      return body.success ? body.result : {};
    },
  });
  const data = counts.data ?? {};
  const total = Object.values(data).reduce((a, b) => a + b, 0);
  const items = [
    { key: '', label: `全部 (${total})` },
    ...Object.entries(wf.def.states)
      .filter(([code]) => (supplier ? workflowSupplierSees(wf.def, code) : workflowInternalSees(wf.def, code)))
      .map(([code, st]) => ({ key: code, label: `${st.text} (${data[code] ?? 0})` })),
  ];
  return (
    <Tabs
      activeKey={value}
      onChange={onChange}
      items={items}
      data-testid="status-tabs"
      style={{ marginBottom: 0 }}
      size="small"
    />
  );
}

type DetailProps = {
  def: ResourceDef;
  record: ResourceRecord;
  /** The transitions the user may take (permission already checked); each shows when the record's state allows. */
  actions: readonly RowAction[];
  panels?: readonly DetailPanel[];
  /** The module's part of the print view. */
  printBody?: ResourceOverride['printBody'];
  /** Line sets with their own view (the override's `workflow.lines`). */
  lineViews?: Readonly<Record<string, ComponentType<{ record: ResourceRecord }>>>;
  /** The record changed: reload the detail and the list. */
  onChanged: () => void;
};

/**
 * What a workflow document's detail adds to its fields: the allowed transitions as buttons
 * (confirmation or dialog, from workflow-actions.tsx), 打印, the attachments, the status
 * timeline, and the module's own panels.
 */
export function WorkflowDetail({ def, record, actions, panels = [], printBody, lineViews, onChanged }: DetailProps) {
  const { message, modal } = App.useApp();
  const wf = def.workflow!;
  const [open, setOpen] = useState<RowAction | null>(null);
  const [printing, setPrinting] = useState(false);
  const shown = actions.filter((a) => !a.visible || a.visible(record));
  const take = (action: RowAction) => {
    if (!('run' in action)) return setOpen(action);
    modal.confirm({
      title: action.confirm,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        const body = await action.run(record);
        if (body.success) {
          message.success(body.message);
          onChanged();
        } else message.warning(body.message);
      },
    });
  };
  const attachments = (wf.attachments ?? []).map((name) => ({
    key: name,
    label: def.fields[name]!.label,
    children: <StoredFileLinks paths={record[name] as string | null} />,
  }));
  return (
    <div data-testid="workflow-detail">
      <Space wrap style={{ margin: '16px 0' }} data-testid="workflow-detail-actions">
        {shown.map((a) => (
          <Button key={a.key} onClick={() => take(a)} data-testid={`detail-${a.key}`}>
            {a.label}
          </Button>
        ))}
        <Button icon={<PrinterOutlined />} onClick={() => setPrinting(true)} data-testid="detail-print">
          打印
        </Button>
      </Space>
      <LineTables def={def} record={record} views={lineViews} />
      {attachments.length ? (
        <Card size="small" title="附件" style={{ marginBottom: 16 }}>
          <Descriptions column={1} items={attachments} data-testid="workflow-attachments" />
        </Card>
      ) : null}
      <Card size="small" title="状态记录" style={{ marginBottom: 16 }}>
        <WorkflowTimeline def={wf.def} path={def.path} id={record.id} testId="workflow-timeline" />
      </Card>
      {panels.map(({ key, title, Panel }) => (
        <Card key={key} size="small" title={title} style={{ marginBottom: 16 }}>
          <Panel record={record} />
        </Card>
      ))}
      {open && 'Panel' in open ? (
        <open.Panel
          record={record}
          open
          onClose={() => setOpen(null)}
          onDone={() => {
            setOpen(null);
            onChanged();
          }}
        />
      ) : null}
      {printing ? (
        <DocumentPrintView def={def} record={record} Body={printBody} open onClose={() => setPrinting(false)} />
      ) : null}
    </div>
  );
}
