import type { DocLogEntry, WorkflowDef } from '@procura/shared';
import { toWireDateTime } from '../core/clock.js';
import type { Db } from '../db/database.js';

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
