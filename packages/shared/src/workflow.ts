/**
 * Workflow documents (issue 17): one definition names a document's states and its named
 * transitions (who takes each, from which states, to which, whether it needs a reason or a
 * confirmation, and what the caller is told), and what a supplier may see (X-5). The server
 * runs every transition through one path (apps/server/src/workflow/transition.ts) and the web
 * draws the row actions and the status timeline from the same definition.
 */

/** Who takes a transition: an internal user, the document's own supplier, or the system (jobs, approvals). */
export type WorkflowSide = 'INTERNAL' | 'SUPPLIER' | 'SYSTEM';
export const WORKFLOW_SIDES: readonly WorkflowSide[] = ['INTERNAL', 'SUPPLIER', 'SYSTEM'];

export type WorkflowStateDef = {
  /** The state's name as the status dictionary shows it. */
  text: string;
  /** An antd tag colour. */
  color: string;
  /** No transition leaves it. */
  terminal: boolean;
};

export type WorkflowTransitionDef<S extends string = string> = {
  from: readonly S[];
  to: S;
  side: WorkflowSide;
  /** The permission code behind it; by default `<permission prefix>:<action>`. */
  permission?: string;
  /** A reason is required (refusals, cancellations after sending). */
  reason?: boolean;
  /** The reason's name in the dialog and the refusal (拒绝原因); 原因 when absent. */
  reasonLabel?: string;
  /** The confirmation the web asks before taking it. */
  confirm?: string;
  /** The refusal when taken from a state not in `from`. */
  refusal: string;
  /** The success message. */
  done: string;
  /** The button's name; the action name when absent. */
  label?: string;
  /** The action's name in the status timeline; the button's name when absent. */
  logText?: string;
  /**
   * Hands the document over to the approval engine (X-10) in the same transaction: an instance
   * of `docType` with the header's `amountField`; the outcome fires the named SYSTEM transitions.
   */
  approval?: WorkflowApprovalDef;
  /** Who is told when the transition is taken (X-12), in the same transaction. */
  notices?: readonly WorkflowNoticeDef[];
};

export type WorkflowApprovalDef = {
  docType: string;
  /** The header field (camelCase) whose amount picks the steps. */
  amountField: string;
  /** The instance's title; `{field}` placeholders take the header's values, `{label}` the document's name. */
  title?: string;
  /** The SYSTEM transitions fired by the outcome; `approved` / `rejected` by default. */
  approved?: string;
  rejected?: string;
  /** Fired when the submitter withdraws; none by default (withdrawing is then refused by the engine's caller). */
  withdrawn?: string;
};

/** A notice's recipients: the document's supplier users, its creator, or the internal holders of a permission. */
export type WorkflowNoticeTo = 'supplier' | 'creator' | { permission: string };

export type WorkflowNoticeDef = {
  to: readonly WorkflowNoticeTo[];
  /** The title; `{code}` and `{label}` are replaced by the document's number and name. */
  title: string;
  /** A plain-text line under it, with the same placeholders. */
  content?: string;
};

export type WorkflowDef<S extends string = string, A extends string = string> = {
  /** The document type code: the log's and the audit chain's doc_type. */
  docType: string;
  /** The document's name in messages (送样申请). */
  label: string;
  /** The permission prefix of its transitions (`sampleRequest` → `sampleRequest:send`). */
  permission: string;
  states: Readonly<Record<S, WorkflowStateDef>>;
  transitions: Readonly<Record<A, WorkflowTransitionDef<S>>>;
  /** The refusal when an internal user takes a supplier's transition. */
  supplierSideRefusal?: string;
  /** X-5: the states a supplier sees its documents in; all when absent. */
  supplierVisibleFrom?: readonly S[];
  /** X-5: the states internal users see a document in; all when absent (a supplier's unsent drafts are its own). */
  internalVisibleFrom?: readonly S[];
  /** The web page that opens the document (the link of its notices and of its approval). */
  page?: string;
  /** The page a supplier user opens it on, when it differs. */
  supplierPage?: string;
  /** How the status log names actions it records that are no transition (a version's creation). */
  logActions?: Readonly<Record<string, string>>;
};

/**
 * A workflow definition, checked once: every transition's states are states of the definition
 * and no transition leaves a terminal state.
 */
export function defineWorkflow<const S extends string, const A extends string>(
  def: WorkflowDef<S, A>,
): WorkflowDef<S, A> {
  const states = Object.keys(def.states) as S[];
  for (const [action, t] of Object.entries(def.transitions) as [A, WorkflowTransitionDef<S>][]) {
    for (const s of [...t.from, t.to])
      if (!states.includes(s)) throw new Error(`${def.docType}.${action}: unknown state ${s}`);
    for (const s of t.from)
      if (def.states[s].terminal) throw new Error(`${def.docType}.${action}: leaves terminal state ${s}`);
    if (t.approval)
      for (const a of [t.approval.approved ?? 'approved', t.approval.rejected ?? 'rejected', t.approval.withdrawn]) {
        const next = a ? (def.transitions as Record<string, WorkflowTransitionDef<S>>)[a] : undefined;
        if (a && next?.side !== 'SYSTEM')
          throw new Error(`${def.docType}.${action}: approval outcome ${a} is no SYSTEM transition`);
      }
  }
  for (const s of [...(def.supplierVisibleFrom ?? []), ...(def.internalVisibleFrom ?? [])])
    if (!states.includes(s)) throw new Error(`${def.docType}: unknown visible state ${s}`);
  return def;
}

/** The state texts (code → name), e.g. for refusal messages and status columns. */
export function workflowStateText<S extends string>(def: WorkflowDef<S>): Readonly<Record<S, string>> {
  return Object.fromEntries(Object.entries<WorkflowStateDef>(def.states).map(([k, v]) => [k, v.text])) as Record<
    S,
    string
  >;
}

/** The permission code of a transition. */
export function workflowPermission(def: WorkflowDef, action: string): string {
  return def.transitions[action]?.permission ?? `${def.permission}:${action}`;
}

/** The actions a side may take from a status, in definition order. */
export function workflowActionsFrom<S extends string, A extends string>(
  def: WorkflowDef<S, A>,
  status: string,
  side: WorkflowSide,
): A[] {
  return (Object.entries(def.transitions) as [A, WorkflowTransitionDef<S>][])
    .filter(([, t]) => t.side === side && (t.from as readonly string[]).includes(status))
    .map(([a]) => a);
}

/** Whether a supplier sees a document in this state (X-5). */
export function workflowSupplierSees(def: WorkflowDef, status: string): boolean {
  return !def.supplierVisibleFrom || (def.supplierVisibleFrom as readonly string[]).includes(status);
}

/** Whether internal users see a document in this state (X-5: not a supplier's unsent draft). */
export function workflowInternalSees(def: WorkflowDef, status: string): boolean {
  return !def.internalVisibleFrom || (def.internalVisibleFrom as readonly string[]).includes(status);
}

/** The refusal of a transition taken from a wrong state, naming the current state. */
export function workflowRefusal(def: WorkflowDef, action: string, status: string): string {
  const t = def.transitions[action];
  const text = (def.states as Record<string, WorkflowStateDef | undefined>)[status]?.text ?? status;
  return `${t?.refusal ?? `不能执行${action}`}，当前状态：${text}`;
}

/** The refusal when the status moved between reading and writing (X-4): two concurrent actions, one wins. */
export const WORKFLOW_STALE = '状态已变化，请刷新后重试';

/** One entry of a document's status timeline (`GET <path>/logs?id=`), as the server sends it. */
export type DocLogEntry = {
  id: string;
  action: string;
  fromStatus: string | null;
  toStatus: string;
  actorName: string;
  actorKind: string;
  reason: string | null;
  at: string | null;
  sourceDocType: string | null;
  sourceDocId: string | null;
};

/** What verifying a tenant's audit chain finds: the first broken entry, if any (`/sys/auditChain/verify`). */
export type AuditVerdict = { ok: boolean; count: number; brokenSeq?: number; reason?: string };
