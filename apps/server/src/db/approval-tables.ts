/** Tables of the approval engine: definitions, running instances, tasks, history and copies. */

/** Approval engine (decision 6, X-10): one definition per tenant and document type. */
export type ApprovalDefinitionTable = {
  id: string;
  tenantId: number;
  docType: string;
  name: string;
  enabled: number;
  /** JSON: ApprovalStep[] in order. */
  steps: string;
  ccUserIds: string | null;
  version: number;
  createBy: string | null;
  createTime: string;
  updateBy: string | null;
  updateTime: string | null;
};

export type ApprovalInstanceTable = {
  id: string;
  tenantId: number;
  docType: string;
  docId: string;
  title: string;
  /** Decimal string. */
  amount: string | null;
  /** The id of the tenant's enabled definition the steps came from; null when it had none. */
  ruleCode: string | null;
  /** JSON: the steps that apply, copied at submission. */
  steps: string;
  ccUserIds: string | null;
  currentStep: number;
  /** RUNNING, APPROVED, REJECTED, WITHDRAWN. */
  status: string;
  submittedBy: string;
  submittedAt: string;
  finishedAt: string | null;
  version: number;
};

export type ApprovalTaskTable = {
  id: string;
  instanceId: string;
  step: number;
  stepName: string;
  /** USER or ROLE (role code). */
  assigneeType: string;
  assigneeId: string;
  /** PENDING, APPROVED, REJECTED, CANCELLED. */
  decision: string;
  decidedBy: string | null;
  comment: string | null;
  createTime: string;
  decidedAt: string | null;
};

export type ApprovalHistoryTable = {
  id: string;
  instanceId: string;
  step: number | null;
  /** SUBMIT, APPROVE, REJECT, WITHDRAW, AUTO_APPROVE. */
  action: string;
  actorId: string | null;
  comment: string | null;
  at: string;
};

export type ApprovalCcTable = { id: string; instanceId: string; userId: string; createTime: string };

export type ApprovalTables = {
  approvalDefinition: ApprovalDefinitionTable;
  approvalInstance: ApprovalInstanceTable;
  approvalTask: ApprovalTaskTable;
  approvalHistory: ApprovalHistoryTable;
  approvalCc: ApprovalCcTable;
};
