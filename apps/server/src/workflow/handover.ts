import type { WorkflowDef, WorkflowNoticeTo, WorkflowTransitionDef } from '@procura/shared';
import type { Actor } from '../core/access.js';
import { noticeHtml } from '../core/sanitize.js';
import type { Db } from '../db/database.js';
import { notifyUsers } from '../modules/announcements/notify.js';
import { submitForApproval } from '../modules/approval/approval-engine.js';
import { internalUsersWith, supplierUserIds } from '../modules/supplier/status-log.js';
import type { WorkflowRow } from './transition.js';

/**
 * What a transition's definition declares beyond the status (issue 17), run in its transaction
 * after the status log: the hand-over to the approval engine, whose outcome fires the
 * definition's SYSTEM transitions (workflow-approval.ts), and the notices.
 */

type Row = WorkflowRow & { code?: string | null; createBy?: string | null } & Record<string, unknown>;

const fill = (text: string, def: WorkflowDef, row: Row) =>
  text.replaceAll('{code}', String(row.code ?? row.id)).replaceAll('{label}', def.label);

/** An approval title: `{label}` the document's name, `{code}` its number, any other `{field}` the header's value. */
const fillFields = (text: string, def: WorkflowDef, row: Row) =>
  fill(text, def, row).replace(/\{([A-Za-z0-9]+)\}/g, (_m, f: string) => String(row[f] ?? ''));

async function recipients(trx: Db, to: WorkflowNoticeTo, row: Row): Promise<string[]> {
  if (to === 'supplier') return row.supplierId ? supplierUserIds(trx, row.supplierId) : [];
  if (to === 'creator') {
    if (!row.createBy) return [];
    const u = await trx.selectFrom('sysUser').select('id').where('username', '=', row.createBy).executeTakeFirst();
    return u ? [u.id] : [];
  }
  return internalUsersWith(trx, to.permission);
}

/** The notices a transition declares, one per entry, to the distinct recipients (never the actor). */
export async function sendWorkflowNotices(
  trx: Db,
  def: WorkflowDef,
  rule: WorkflowTransitionDef,
  row: Row,
  actor: Actor | null,
): Promise<void> {
  for (const notice of rule.notices ?? []) {
    const ids = new Set<string>();
    for (const to of notice.to) for (const id of await recipients(trx, to, row)) ids.add(id);
    if (actor) ids.delete(actor.user.id);
    const supplierSide = notice.to.length === 1 && notice.to[0] === 'supplier';
    const page = (supplierSide ? def.supplierPage : undefined) ?? def.page ?? null;
    await notifyUsers(trx, {
      userIds: [...ids],
      title: fill(notice.title, def, row),
      content: notice.content ? noticeHtml`<p>${fill(notice.content, def, row)}</p>` : undefined,
      busType: def.docType,
      busId: row.id,
      openType: page ? 'url' : null,
      openPage: page,
    });
  }
}

/** a transition with `approval` opens an instance of its document type; none applying approves at once. */
export async function handOverToApproval(
  trx: Db,
  def: WorkflowDef,
  rule: WorkflowTransitionDef,
  row: Row,
  actor: Actor | null,
): Promise<void> {
  if (!rule.approval || !actor) return;
  await submitForApproval(trx, {
    docType: rule.approval.docType,
    docId: row.id,
    title: rule.approval.title
      ? fillFields(rule.approval.title, def, row)
      : `${def.label}：${String(row.code ?? row.id)}`,
    amount: (row[rule.approval.amountField] as string | null | undefined) ?? null,
    submitterId: actor.user.id,
    tenantId: row.tenantId,
  });
}
