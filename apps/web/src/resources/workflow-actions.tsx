import type { ComponentType } from 'react';
import { Drawer, Empty, Form, Input, Spin, Tag, Timeline } from 'antd';
import { useQuery } from '@tanstack/react-query';
import {
  workflowPermission,
  type DocLogEntry,
  type TimelineDoc,
  type WorkflowDef,
  type WorkflowTransitionDef,
} from '@procura/shared';
import { getAction, postAction } from '../lib/http';
import type { ResourceRecord, RowAction, RowActionPanelProps } from './resource-types';
import { RowCommandModal } from './row-command-modal';

/** One entry of a document's status log (`GET <path>/logs?id=`); a family log names each row's document. */
export type WorkflowLogEntry = DocLogEntry & { docType?: string };

export type WorkflowActionsOptions = {
  /** The document's route prefix: transitions post to `<path>/<action>`, the log is `<path>/logs`. */
  path: string;
  /** Prefix of row action keys and test ids (`sample` → `sample-send`, `sample-refuse-submit`). */
  key: string;
  /** Transitions that take more input than a reason: their own dialog. */
  panels?: Readonly<Record<string, ComponentType<RowActionPanelProps>>>;
};

const labelOf = (action: string, t: WorkflowTransitionDef) => t.label ?? action;
const logTextOf = (action: string, t: WorkflowTransitionDef | undefined) =>
  t ? (t.logText ?? labelOf(action, t)) : action;
const reasonRules = (label: string) => [
  { required: true, whitespace: true, message: `请填写${label}` },
  { max: 500, message: `${label}不能超过500个字符` },
];

/** A transition that needs a reason: the dialog, then `POST <path>/<action> {id, reason}`. */
function reasonPanel(def: WorkflowDef, options: WorkflowActionsOptions, action: string) {
  const t = def.transitions[action]!;
  const label = t.reasonLabel ?? '原因';
  return function ReasonPanel(props: RowActionPanelProps) {
    return (
      <RowCommandModal
        {...props}
        path={`${options.path}/${action}`}
        title={`${logTextOf(action, t)} - ${String(props.record.code ?? '')}`}
        okText={labelOf(action, t)}
        danger
        testId={`${options.key}-${action}`}
      >
        {() => (
          <Form.Item name="reason" label={label} rules={reasonRules(label)}>
            <Input.TextArea rows={4} maxLength={500} showCount data-testid={`${options.key}-${action}-reason`} />
          </Form.Item>
        )}
      </RowCommandModal>
    );
  };
}

export type WorkflowTimelineProps = {
  def: WorkflowDef;
  /** The document's route prefix: the log is `GET <path>/logs?id=`. */
  path: string;
  id: string;
  /** The timeline's test id. */
  testId: string;
  /** Texts of logged actions that are no transition of the definition (create, a consumption). */
  actionText?: Readonly<Record<string, string>>;
  /** False while hidden (a closed drawer): nothing is fetched. */
  enabled?: boolean;
  /**
   * A log that holds the rows of the documents this one is the source of too (a sourcing event's
   * participations, responses, awards): each row's document by its type, whose name leads the row
   * and whose states and action names it is read by.
   */
  docs?: Readonly<Record<string, TimelineDoc>>;
};

/** Who moved the document when, and why (X-3): the status log (`GET <path>/logs?id=`) as a timeline. */
export function WorkflowTimeline({ def, path, id, testId, actionText, enabled = true, docs }: WorkflowTimelineProps) {
  const logs = useQuery({
    queryKey: ['workflowLog', def.docType, id],
    enabled,
    queryFn: async () => {
      const body = await getAction<WorkflowLogEntry[]>(`${path}/logs`, { id });
      if (!body.success) throw new Error(body.message);
      return body.result;
    },
  });
  if (logs.isLoading) return <Spin />;
  if (!logs.data?.length) return <Empty description={logs.error ? logs.error.message : '暂无记录'} />;
  const own: TimelineDoc = { def, actionText: actionText ?? {} };
  return (
    <Timeline
      data-testid={testId}
      items={logs.data.map((l) => {
        const doc = (l.docType && docs?.[l.docType]) || own;
        const states = doc.def.states as Record<string, { text: string; color: string } | undefined>;
        const stateText = (s: string | null) => (s ? (states[s]?.text ?? s) : '');
        const t = doc.def.transitions[l.action];
        const action = t
          ? logTextOf(l.action, t)
          : (doc.actionText[l.action] ?? doc.def.logActions?.[l.action] ?? l.action);
        // Rows of another document of the family are led by its name (询价单应答).
        const lead = doc.def.docType === def.docType ? '' : `【${doc.def.label}】`;
        const actor =
          l.actorKind === 'SYSTEM' ? '系统' : `${l.actorName}${l.actorKind === 'SUPPLIER' ? '（供应商）' : ''}`;
        return {
          key: l.id,
          color: states[l.toStatus]?.color,
          content: (
            <>
              {`${l.at ?? ''} ${lead}${actor} ${action}${l.reason ? `：${l.reason}` : ''}`}{' '}
              <Tag>
                {l.fromStatus ? `${stateText(l.fromStatus)} → ${stateText(l.toStatus)}` : stateText(l.toStatus)}
              </Tag>
            </>
          ),
        };
      })}
    />
  );
}

/** The status log of a row, in a drawer. */
export function workflowLogDrawer(def: WorkflowDef, options: Pick<WorkflowActionsOptions, 'path' | 'key'>) {
  return function WorkflowLogDrawer({ record, open, onClose }: RowActionPanelProps) {
    return (
      <Drawer
        open={open}
        onClose={onClose}
        title={`状态日志 - ${String(record.code ?? '')}`}
        size={480}
        destroyOnHidden
      >
        <WorkflowTimeline
          def={def}
          path={options.path}
          id={String(record.id)}
          testId={`${options.key}-log`}
          enabled={open}
        />
      </Drawer>
    );
  };
}

/**
 * The row actions of a workflow document from its definition (issue 17): one button per
 * transition a user takes (system transitions are not offered), shown only in the states it
 * leaves from and to holders of its code, whose holders are the side that takes it. A
 * transition with its own panel opens it; one needing a reason opens the reason dialog; the
 * others ask for confirmation (the definition's text) and post. Last, the status log.
 */
export function workflowActions(def: WorkflowDef, options: WorkflowActionsOptions): RowAction[] {
  const actions = Object.entries(def.transitions)
    .filter(([, t]) => t.side !== 'SYSTEM')
    .map(([action, t]): RowAction => {
      const base = {
        key: `${options.key}-${action}`,
        label: labelOf(action, t),
        permission: workflowPermission(def, action),
        visible: (r: ResourceRecord) => (t.from as readonly string[]).includes(String(r.status)),
      };
      const Panel = options.panels?.[action] ?? (t.reason ? reasonPanel(def, options, action) : undefined);
      if (Panel) return { ...base, Panel };
      return {
        ...base,
        confirm: t.confirm ?? `确定${labelOf(action, t)}吗？`,
        run: (r) => postAction(`${options.path}/${action}`, { id: r.id }),
      };
    });
  return [
    ...actions,
    {
      key: `${options.key}-log`,
      label: '状态日志',
      permission: `${def.permission}:list`,
      Panel: workflowLogDrawer(def, options),
    },
  ];
}
