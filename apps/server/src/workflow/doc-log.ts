import type { DocLogEntry, WorkflowDef } from '@procura/shared';
import { toWireDateTime } from '../core/clock.js';
import type { Db } from '../db/database.js';
import type { LogOperator } from './transition.js';

export type { DocLogEntry };

const LOG_COLUMNS = ['id', 'docType', 'docId', 'action', 'fromStatus', 'toStatus', 'reason', 'createdTime'] as const;
const WHO_COLUMNS = ['operatorName', 'operatorKind', 'sourceDocType', 'sourceDocId'] as const;

type LogRow = Omit<DocLogEntry, 'actorName' | 'actorKind' | 'at'> & {
  docType: string;
  docId: string;
  operatorName: string;
  operatorKind: string;
  createdTime: string;
};

const toEntry = ({ operatorName, operatorKind, createdTime, ...r }: LogRow) => ({
  ...r,
  actorName: operatorName,
  actorKind: operatorKind,
  at: toWireDateTime(createdTime),
});

/** A document's status log, oldest first (the caller has checked the actor may see the document). */
export async function documentLog(db: Db, def: WorkflowDef, docId: string): Promise<DocLogEntry[]> {
  const rows = await db
    .selectFrom('sysDocLog')
    .select([...LOG_COLUMNS, ...WHO_COLUMNS])
    .where('docType', '=', def.docType)
    .where('docId', '=', docId)
    .orderBy('createdTime')
    .orderBy('id')
    .execute();
  return rows.map((r) => {
    const { docType: _t, docId: _d, ...entry } = toEntry(r);
    return entry;
  });
}

/**
 * The status log of a document and of the documents it is the source of, oldest first, each row
 * naming its document: a sourcing event's own moves with its participations', responses' and
 * awards' (the caller has checked the actor may see the document).
 */
export async function documentFamilyLog(
  db: Db,
  def: Pick<WorkflowDef, 'docType'>,
  docId: string,
): Promise<(DocLogEntry & { docType: string; docId: string })[]> {
  const rows = await db
    .selectFrom('sysDocLog')
    .select([...LOG_COLUMNS, ...WHO_COLUMNS])
    .where((eb) =>
      eb.or([
        eb.and([eb('docType', '=', def.docType), eb('docId', '=', docId)]),
        eb.and([eb('sourceDocType', '=', def.docType), eb('sourceDocId', '=', docId)]),
      ]),
    )
    .orderBy('createdTime')
    .orderBy('id')
    .execute();
  return rows.map(toEntry);
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
