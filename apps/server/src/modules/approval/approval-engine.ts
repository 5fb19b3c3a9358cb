import { APPROVAL_STATUS, SELF_APPROVAL_MESSAGE, type ApprovalStep } from '@procura/shared';
import { businessError, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { serverNowIso } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import type { ApprovalInstanceTable, ApprovalTaskTable } from '../../db/approval-tables.js';
import { notifyUsers } from '../announcements/notify.js';
import { tenantIdsOf } from '../tenants/tenant-service.js';
import { amountReaches, normaliseAmount } from './approval-amount.js';
import { approvalDocType, type ApprovalOutcome } from './approval-registry.js';
import { noticeHtml } from '../../core/sanitize.js';

export type SubmitForApproval = {
  docType: string;
  docId: string;
  /** Shown in the task lists and notices, e.g. `供应商准入：华东精密机械有限公司`. */
  title: string;
  /** Decimal (string preferred, X-6); steps with a threshold apply when it is reached. */
  amount?: string | number | null;
  submitterId: string;
  tenantId: number;
};

export type SubmitResult = { instanceId: string; status: 'RUNNING' | 'APPROVED' };

/** The acting user of a decision: id plus the role codes that make them an assignee. */
export type Approver = { id: string; tenantId: number };

const MY_TASKS_PAGE = '/approval/todo';
const MINE_PAGE = '/approval/mine';

export function parseSteps(json: string): ApprovalStep[] {
  return JSON.parse(json) as ApprovalStep[];
}

function ccList(ids: string | null): string[] {
  return (ids ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The active internal users able to act on a step (a user, or the holders of a role) in the tenant. */
export async function approversOf(
  trx: Db,
  step: Pick<ApprovalStep, 'approverType' | 'approverId'>,
  tenantId: number,
): Promise<string[]> {
  let q = trx
    .selectFrom('sysUser as u')
    .select(['u.id', 'u.relTenantIds'])
    .where('u.delFlag', '=', 0)
    .where('u.status', '=', 1)
    .where('u.userType', '=', 1);
  q =
    step.approverType === 'USER'
      ? q.where('u.id', '=', step.approverId)
      : q.where('u.id', 'in', (eb) =>
          eb
            .selectFrom('sysUserRole as ur')
            .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
            .select('ur.userId')
            .where('r.roleCode', '=', step.approverId),
        );
  const rows = await q.execute();
  // A user with tenants works only in those; tenant 0 documents belong to the tenant-less installation.
  return rows
    .filter(
      (u) =>
        tenantId === 0 || tenantIdsOf(u.relTenantIds).length === 0 || tenantIdsOf(u.relTenantIds).includes(tenantId),
    )
    .map((u) => u.id);
}

/** The role codes of a user (ROLE tasks they may take). */
export async function roleCodesOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sysUserRole as ur')
    .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
    .select('r.roleCode')
    .where('ur.userId', '=', userId)
    .execute();
  return rows.map((r) => r.roleCode);
}

async function history(
  trx: Db,
  instanceId: string,
  action: string,
  actorId: string | null,
  step: number | null,
  comment: string | null,
  at: string,
) {
  await trx
    .insertInto('approvalHistory')
    .values({ id: newId(), instanceId, step, action, actorId, comment: comment || null, at })
    .execute();
}

async function openTask(
  trx: Db,
  instance: Pick<ApprovalInstanceTable, 'id' | 'title' | 'tenantId' | 'submittedBy'>,
  steps: ApprovalStep[],
  index: number,
  at: string,
) {
  const step = steps[index]!;
  await trx
    .insertInto('approvalTask')
    .values({
      id: newId(),
      instanceId: instance.id,
      step: index,
      stepName: step.name,
      assigneeType: step.approverType,
      assigneeId: step.approverId,
      decision: 'PENDING',
      decidedBy: null,
      comment: null,
      createTime: at,
      decidedAt: null,
    })
    .execute();
  const approvers = (await approversOf(trx, step, instance.tenantId)).filter((id) => id !== instance.submittedBy);
  await notifyUsers(trx, {
    userIds: approvers,
    title: `待审批：${instance.title}`,
    content: noticeHtml`<p>${instance.title} 已进入审批步骤「${step.name}」，请及时处理。</p>`,
    busType: 'approval',
    busId: instance.id,
    openType: 'url',
    openPage: MY_TASKS_PAGE,
  });
}

/**
 * Starts the approval of a document (X-10) inside the caller's transaction. The steps of the
 * enabled definition for the document type whose threshold the amount reaches apply, in order.
 * Without a definition or an applying step the document is approved at once (its `onApproved`
 * runs here). Refused: an unregistered type, a document already under approval, a step nobody
 * but the submitter could approve.
 */
export async function submitForApproval(trx: Db, input: SubmitForApproval): Promise<SubmitResult> {
  const type = approvalDocType(input.docType);
  if (!type) throw businessError(`未知的审批单据类型：${input.docType}`);
  const amount = normaliseAmount(input.amount);
  const running = await trx
    .selectFrom('approvalInstance')
    .select('id')
    .where('docType', '=', input.docType)
    .where('docId', '=', input.docId)
    .where('status', '=', APPROVAL_STATUS.RUNNING)
    .executeTakeFirst();
  if (running) throw businessError('该单据已在审批中，请勿重复提交');

  const definition = await trx
    .selectFrom('approvalDefinition')
    .selectAll()
    .where('tenantId', '=', input.tenantId)
    .where('docType', '=', input.docType)
    .where('enabled', '=', 1)
    .executeTakeFirst();
  const steps = definition
    ? parseSteps(definition.steps).filter(
        (s) =>
          s.minAmount === null ||
          (amount !== null && amountReaches(amount, s.minAmount)) ||
          (amount === null && amountReaches('0', s.minAmount)),
      )
    : [];
  // Segregation of duties (X-10): every step needs someone other than the submitter.
  for (const step of steps) {
    const approvers = (await approversOf(trx, step, input.tenantId)).filter((id) => id !== input.submitterId);
    if (approvers.length === 0)
      throw businessError(
        `审批步骤「${step.name}」没有可审批的人员（提交人不能审批本人的单据），请联系管理员调整审批配置`,
      );
  }

  const at = serverNowIso();
  const instance: ApprovalInstanceTable = {
    id: newId(),
    tenantId: input.tenantId,
    docType: input.docType,
    docId: input.docId,
    title: input.title.slice(0, 200),
    amount,
    ruleCode: definition?.id ?? null,
    steps: JSON.stringify(steps),
    ccUserIds: definition?.ccUserIds ?? null,
    currentStep: 0,
    status: steps.length === 0 ? APPROVAL_STATUS.APPROVED : APPROVAL_STATUS.RUNNING,
    submittedBy: input.submitterId,
    submittedAt: at,
    finishedAt: steps.length === 0 ? at : null,
    version: 1,
  };
  await trx.insertInto('approvalInstance').values(instance).execute();
  await history(trx, instance.id, 'SUBMIT', input.submitterId, null, null, at);
  const cc = ccList(instance.ccUserIds);
  if (cc.length > 0) {
    await trx
      .insertInto('approvalCc')
      .values(cc.map((userId) => ({ id: newId(), instanceId: instance.id, userId, createTime: at })))
      .execute();
  }
  if (steps.length === 0) {
    await history(trx, instance.id, 'AUTO_APPROVE', null, null, '无适用的审批步骤，自动通过', at);
    await type.onApproved?.(trx, { instance, actorId: null, comment: null });
    return { instanceId: instance.id, status: 'APPROVED' };
  }
  await openTask(trx, instance, steps, 0, at);
  return { instanceId: instance.id, status: 'RUNNING' };
}

async function lockInstance(
  trx: Db,
  instance: ApprovalInstanceTable,
  changes: Partial<ApprovalInstanceTable>,
): Promise<ApprovalInstanceTable> {
  // X-4: whoever decides second finds the version moved on and changes nothing.
  const updated = await trx
    .updateTable('approvalInstance')
    .set({ ...changes, version: instance.version + 1 })
    .where('id', '=', instance.id)
    .where('version', '=', instance.version)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw businessError('该审批已被他人处理，请刷新后重试');
  return { ...instance, ...changes, version: instance.version + 1 };
}

async function taskForDecision(
  trx: Db,
  approver: Approver,
  taskId: string,
): Promise<{ task: ApprovalTaskTable; instance: ApprovalInstanceTable }> {
  const task = await trx.selectFrom('approvalTask').selectAll().where('id', '=', taskId).executeTakeFirst();
  if (!task) throw notFound('审批任务不存在');
  const instance = await trx
    .selectFrom('approvalInstance')
    .selectAll()
    .where('id', '=', task.instanceId)
    .executeTakeFirstOrThrow();
  if (instance.tenantId !== approver.tenantId) throw notFound('审批任务不存在');
  const mine =
    task.assigneeType === 'USER'
      ? task.assigneeId === approver.id
      : (await roleCodesOf(trx, approver.id)).includes(task.assigneeId);
  if (!mine) throw businessError('您不是该审批任务的审批人');
  if (instance.submittedBy === approver.id) throw businessError(SELF_APPROVAL_MESSAGE);
  if (task.decision !== 'PENDING' || instance.status !== APPROVAL_STATUS.RUNNING)
    throw businessError('该审批任务已处理');
  return { task, instance };
}

async function tellSubmitterAndCc(trx: Db, instance: ApprovalInstanceTable, verdict: string, comment: string | null) {
  const cc = ccList(instance.ccUserIds);
  await notifyUsers(trx, {
    userIds: approvalDocType(instance.docType)?.tellsSubmitter
      ? cc.filter((id) => id !== instance.submittedBy)
      : [instance.submittedBy, ...cc],
    title: `审批${verdict}：${instance.title}`,
    content: noticeHtml`<p>${instance.title} 审批${verdict}。${comment ? `意见：${comment}` : ''}</p>`,
    busType: 'approval',
    busId: instance.id,
    openType: 'url',
    openPage: MINE_PAGE,
  });
}

/** Approves a pending task: the next step opens, or the last one approves the document (`onApproved` in this transaction). */
export async function approveTask(
  trx: Db,
  approver: Approver,
  taskId: string,
  comment: string,
): Promise<ApprovalInstanceTable> {
  const { task, instance } = await taskForDecision(trx, approver, taskId);
  const at = serverNowIso();
  await trx
    .updateTable('approvalTask')
    .set({ decision: 'APPROVED', decidedBy: approver.id, comment: comment || null, decidedAt: at })
    .where('id', '=', task.id)
    .execute();
  await history(trx, instance.id, 'APPROVE', approver.id, task.step, comment, at);
  const steps = parseSteps(instance.steps);
  const next = task.step + 1;
  if (next < steps.length) {
    const moved = await lockInstance(trx, instance, { currentStep: next });
    await openTask(trx, moved, steps, next, at);
    return moved;
  }
  const done = await lockInstance(trx, instance, { status: APPROVAL_STATUS.APPROVED, finishedAt: at });
  await approvalDocType(instance.docType)?.onApproved?.(trx, {
    instance: done,
    actorId: approver.id,
    comment: comment || null,
  });
  await tellSubmitterAndCc(trx, done, '已通过', comment || null);
  return done;
}

/** Rejects a pending task with a required comment; the document is rejected (`onRejected` in this transaction). */
export async function rejectTask(
  trx: Db,
  approver: Approver,
  taskId: string,
  comment: string,
): Promise<ApprovalInstanceTable> {
  if (!comment.trim()) throw businessError('请填写驳回意见');
  const { task, instance } = await taskForDecision(trx, approver, taskId);
  const at = serverNowIso();
  await trx
    .updateTable('approvalTask')
    .set({ decision: 'REJECTED', decidedBy: approver.id, comment, decidedAt: at })
    .where('id', '=', task.id)
    .execute();
  await history(trx, instance.id, 'REJECT', approver.id, task.step, comment, at);
  const done = await lockInstance(trx, instance, { status: APPROVAL_STATUS.REJECTED, finishedAt: at });
  await approvalDocType(instance.docType)?.onRejected?.(trx, { instance: done, actorId: approver.id, comment });
  await tellSubmitterAndCc(trx, done, '被驳回', comment);
  return done;
}

/** The submitter takes back a running approval; open tasks are cancelled (`onWithdrawn` in this transaction). */
export async function withdrawApproval(
  trx: Db,
  actor: Approver,
  instanceId: string,
  comment: string,
): Promise<ApprovalInstanceTable> {
  const instance = await trx.selectFrom('approvalInstance').selectAll().where('id', '=', instanceId).executeTakeFirst();
  if (!instance || instance.tenantId !== actor.tenantId) throw notFound('审批单不存在');
  if (instance.submittedBy !== actor.id) throw businessError('只有提交人可以撤回');
  if (instance.status !== APPROVAL_STATUS.RUNNING) throw businessError('审批已结束，不能撤回');
  const at = serverNowIso();
  const done = await lockInstance(trx, instance, { status: APPROVAL_STATUS.WITHDRAWN, finishedAt: at });
  await trx
    .updateTable('approvalTask')
    .set({ decision: 'CANCELLED', decidedAt: at })
    .where('instanceId', '=', instance.id)
    .where('decision', '=', 'PENDING')
    .execute();
  await history(trx, instance.id, 'WITHDRAW', actor.id, instance.currentStep, comment, at);
  await approvalDocType(instance.docType)?.onWithdrawn?.(trx, {
    instance: done,
    actorId: actor.id,
    comment: comment || null,
  });
  return done;
}

/** The latest approval of a document, if any (for document screens: status, current step). */
export async function latestApprovalOf(
  db: Db,
  docType: string,
  docId: string,
): Promise<ApprovalInstanceTable | undefined> {
  return db
    .selectFrom('approvalInstance')
    .selectAll()
    .where('docType', '=', docType)
    .where('docId', '=', docId)
    .orderBy('submittedAt', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export type { ApprovalOutcome };
