import type { DocLogEntry, WorkflowDef } from '@procura/shared';
import { toWireDateTime } from '../core/clock.js';
import type { Db } from '../db/database.js';
import type { LogOperator } from './transition.js';

export type { DocLogEntry };

/** A document's status log, oldest first (the caller has checked the actor may see the document). */
export async function documentLog(db: Db, def: WorkflowDef, docId: string): Promise<DocLogEntry[]> {
  const rows = await db
    .selectFrom('sysDocLog')
    .select(['id', 'action', 'fromStatus', 'toStatus', 'operatorName', 'operatorKind', 'reason', 'createdTime'])
    .select(['sourceDocType', 'sourceDocId'])
    .where('docType', '=', def.docType)
    .where('docId', '=', docId)
    .orderBy('createdTime')
    .orderBy('id')
    .execute();
  return rows.map(({ operatorName, operatorKind, createdTime, ...r }) => ({
    ...r,
    actorName: operatorName,
    actorKind: operatorKind,
    at: toWireDateTime(createdTime),
  }));
}

/**
 * Who the log names for a move the system makes on a user's decision (an approval's outcome):
 * the user by name, or the system when no one decided (no step applied).
 */
export async function operatorById(db: Db, userId: string | null): Promise<LogOperator> {
  if (!userId) return { id: null, name: '系统', kind: 'SYSTEM' };
  const u = await db.selectFrom('sysUser').select(['realname', 'username']).where('id', '=', userId).executeTakeFirst();
  return { id: userId, name: u?.realname || u?.username || userId, kind: 'INTERNAL' };
}
