import type { ApprovalDocumentDetail, ApprovalStep } from '@procura/shared';
import { getAction, postAction } from '../../lib/http';

/** A row of the approval lists (我的待办, 已办, 我的申请, 抄送我的). */
export type ApprovalRow = {
  id: string;
  docType: string;
  docType_dictText: string;
  docId: string;
  title: string;
  amount: string | null;
  status: string;
  status_dictText: string;
  submittedBy: string;
  submittedBy_dictText: string | null;
  submittedAt: string | null;
  finishedAt: string | null;
  currentStep: number;
  openPage: string | null;
  /** 我的待办 */
  taskId?: string;
  stepName?: string;
  /** 已办 */
  historyId?: string;
  action?: string;
  action_dictText?: string;
  comment?: string | null;
  decidedAt?: string | null;
  ccId?: string;
};

export type ApprovalDetail = ApprovalRow & {
  steps: ApprovalStep[];
  /** The document as its module shows it to the approver (null: the type provides none). */
  document: ApprovalDocumentDetail | null;
  /** The pending task this user may decide now (同意 / 驳回 in the detail). */
  myTaskId: string | null;
  ccUsers: { id: string; realname: string | null }[];
  tasks: {
    id: string;
    step: number;
    stepName: string;
    decision: string;
    decidedBy_dictText: string | null;
    comment: string | null;
    decidedAt: string | null;
  }[];
  history: {
    id: string;
    step: number | null;
    action: string;
    actorId_dictText: string | null;
    comment: string | null;
    at: string;
  }[];
};

export type DocTypeDefinition = {
  docType: string;
  label: string;
  definition: {
    id: string;
    name: string;
    enabled: number;
    steps: ApprovalStep[];
    ccUserIds: string[];
    version: number;
    updateTime: string | null;
    updateBy: string | null;
  } | null;
};

export type ApproverOptions = {
  users: { id: string; username: string; realname: string }[];
  roles: { roleCode: string; roleName: string }[];
};

async function unwrap<T>(call: Promise<{ success: boolean; message: string; result: T }>): Promise<T> {
  const body = await call;
  if (!body.success) throw new Error(body.message);
  return body.result;
}

export const approvalApi = {
  detail: (id: string) => unwrap(getAction<ApprovalDetail>('/approval/instance/queryById', { id })),
  approve: (taskId: string, comment: string) => postAction('/approval/task/approve', { taskId, comment }),
  reject: (taskId: string, comment: string) => postAction('/approval/task/reject', { taskId, comment }),
  withdraw: (instanceId: string) => postAction('/approval/instance/withdraw', { instanceId }),
  definitions: () => unwrap(getAction<DocTypeDefinition[]>('/approval/definition/list')),
  approverOptions: () => unwrap(getAction<ApproverOptions>('/approval/approverOptions')),
  saveDefinition: (body: unknown) => postAction('/approval/definition/save', body),
};
