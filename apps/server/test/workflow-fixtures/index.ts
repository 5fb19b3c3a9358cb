import type { TestServer } from '../harness.js';
import { sampleFixture } from './sample.js';
import { purchaseOrderFixture } from './purchase-order.js';
import { contractFixture } from './contract.js';
import { quotaFixture } from './quota.js';
import { supplierChangeFixture } from './supplier-change.js';
import { requisitionFixture } from './requisition.js';

/**
 * What the workflow-document contract suite needs to know of one document, and nothing it can
 * work out from the definition: the values of a draft, who takes each transition with which
 * values, and the tokens of an internal user and of two suppliers (the document's and another).
 */
export type WorkflowActors = {
  /** A user holding the document's internal codes (list, add, edit, delete, export). */
  internal: string;
  internalUsername: string;
  /** The document's own supplier's user, and another supplier's (for documents a supplier sees). */
  supplier?: string;
  otherSupplier?: string;
  /** The document's own supplier's username, for documents whose draft is moved by the supplier. */
  supplierUsername?: string;
  /** The values `POST <path>/add` takes for a draft owned by `supplier` (with `draft`: the values of its drafts). */
  draftValues: () => Record<string, unknown>;
  /** Makes a draft, for documents without `add` (drafted by another document: a quota by its award); its id. */
  draft?: () => Promise<string>;
  /** Line sets for an edit that drops lines, when the first line of each set alone breaks a module rule. */
  editedLines?: () => Record<string, unknown[]>;
  take: (action: string) => { token: string; body: Record<string, unknown> };
  /** What the document's other modules would have posted before a user takes `action` (a shipment before a short-close). */
  before?: (action: string, id: string) => Promise<void>;
};
export type WorkflowFixture = (s: TestServer) => Promise<WorkflowActors>;

/** By resource key; a workflow definition without one fails the contract suite. */
export const workflowFixtures: Record<string, WorkflowFixture> = {
  srmSampleRequest: sampleFixture,
  srmPurchaseOrder: purchaseOrderFixture,
  srmContract: contractFixture,
  srmQuotaArrangement: quotaFixture,
  srmSupplierChange: supplierChangeFixture,
  srmPurchaseRequisition: requisitionFixture,
};
