import { fieldEntries, isInDetail, type FieldDef, type ResourceDef } from '@procura/shared';
import type { Db } from '../db/database.js';
import { resourceFields, detailTable } from '../modules/approval/approval-detail-fields.js';
import { defineApprovalDocType, type ApprovalDocTypeDef } from '../modules/approval/approval-registry.js';
import { linesOf } from '../resource/workflow-lines.js';
import { camelTable } from '../resource/workflow-routes.js';
import type { AnyDb } from '../resource/resource-query.js';
import { operatorById } from './doc-log.js';
import { runTransition, type WorkflowRow } from './transition.js';

/**
 * The approval document types of a workflow document (issue 17), from its definition: one per
 * distinct `approval.docType` of its transitions, listed in the module manifest's
 * `approvalDocTypes`. The engine's outcome fires the definition's named SYSTEM transitions
 * through runTransition, in the deciding transaction, naming the decider in the log; the
 * approver's detail shows the header fields and every line set.
 */
export function workflowApprovalDocTypes(def: ResourceDef, label = def.label): ApprovalDocTypeDef[] {
  const wf = def.workflow!;
  const table = camelTable(def.table);
  const out = new Map<string, ApprovalDocTypeDef>();
  for (const rule of Object.values(wf.def.transitions)) {
    const a = rule.approval;
    if (!a || out.has(a.docType)) continue;
    const fire = (action: string | undefined) =>
      action
        ? async (
            trx: Db,
            {
              instance,
              actorId,
              comment,
            }: { instance: { docId: string }; actorId: string | null; comment: string | null },
          ) => {
            await runTransition<WorkflowRow, string>(trx, wf.def, {
              table,
              id: instance.docId,
              action,
              actor: null,
              operator: await operatorById(trx, actorId),
              reason: comment,
            });
          }
        : undefined;
    out.set(
      a.docType,
      defineApprovalDocType(a.docType, {
        label,
        openPage: wf.def.page,
        onApproved: fire(a.approved ?? 'approved'),
        onRejected: fire(a.rejected ?? 'rejected'),
        onWithdrawn: fire(a.withdrawn),
        detail: async ({ db, dicts, viewer }, docId) => {
          const row = (await (db as unknown as AnyDb)
            .selectFrom(table)
            .selectAll()
            .where('id', '=', docId)
            .where('tenantId', '=', viewer.tenantId)
            .executeTakeFirst()) as Record<string, unknown> | undefined;
          if (!row) return null;
          const shown = Object.fromEntries(
            fieldEntries(def).filter(([, f]) => (isInDetail(f) && f.list !== false) || f.required),
          ) as Record<string, FieldDef>;
          const lines = await linesOf(db as unknown as AnyDb, def, docId);
          return {
            fields: await resourceFields(dicts, shown, row),
            tables: Object.entries(wf.lines ?? {}).map(([name, set]) =>
              detailTable(
                set.label,
                Object.entries(set.fields).map(([key, f]) => ({ key, title: f.label })),
                (lines[name] ?? []) as Record<string, string | number | null>[],
              ),
            ),
            files: (wf.attachments ?? []).map((f) => ({ label: def.fields[f]!.label, paths: String(row[f] ?? '') })),
          };
        },
      }),
    );
  }
  return [...out.values()];
}
