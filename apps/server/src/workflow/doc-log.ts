import type { WorkflowDef } from '@procura/shared';
import { toWireDateTime } from '../core/clock.js';
import type { Db } from '../db/database.js';

/** One entry of a document's status timeline, as the web shows it. */
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
