import { requisitionWorkflow } from './requisition.js';
import { resources } from './resources/system.js';
import { sourcingLogDocOf, type TimelineDoc } from './sourcing-log.js';
import { changeWorkflow } from './supplier-change.js';
import type { WorkflowDef } from './workflow.js';

/** The workflow documents' definitions: every resource with a workflow, the requisition and the supplier change request. */
const WORKFLOW_DEFS: readonly WorkflowDef[] = [
  ...Object.values(resources).flatMap((r) => (r.workflow ? [r.workflow.def as WorkflowDef] : [])),
  requisitionWorkflow,
  changeWorkflow,
];

const asTimelineDoc = (def: WorkflowDef): TimelineDoc => ({
  def,
  actionText: {
    ...def.logActions,
    ...Object.fromEntries(
      Object.entries(def.transitions).map(([action, t]) => [action, t.logText ?? t.label ?? action]),
    ),
  },
});

/**
 * How the status log and the audit chain name a document type and its actions in Chinese (issue
 * 17): the workflow documents by their definitions, the inquiries, tenders and auctions and their
 * documents by the sourcing log's. Undefined for a type none of them names.
 */
export function docLogNames(docType: string): TimelineDoc | undefined {
  const def = WORKFLOW_DEFS.find((d) => d.docType === docType);
  return def ? asTimelineDoc(def) : sourcingLogDocOf(docType);
}
