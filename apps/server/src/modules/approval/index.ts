/**
 * The approval engine (domain decision 6, X-10): threshold-based sequential approval behind
 * one `ApprovalInstance` per submitted document, configured per document type and tenant at
 * 审批中心 › 审批配置. A BPMN engine may replace it later behind this same interface.
 *
 * How a document module uses it:
 *
 *   // declared once and listed in the module's manifest (app.ts registers it): the type, its
 *   // label and what happens when the approval ends
 *   export const admissionDocType = defineApprovalDocType('SUPPLIER_ADMISSION', {
 *     label: '供应商准入',
 *     openPage: '/srm/supplier/admission',
 *     onApproved: async (trx, { instance, actorId }) => { ...move the document on... },
 *     onRejected: async (trx, { instance, comment }) => { ...back to draft... },
 *     onWithdrawn: async (trx, { instance }) => { ...back to draft... },
 *   });
 *
 *   // in the document's `submit` transition, inside its transaction:
 *   const { instanceId, status } = await submitForApproval(trx, {
 *     docType: 'SUPPLIER_ADMISSION', docId: review.id, title: `供应商准入：${name}`,
 *     amount: null,                 // or a decimal string: steps apply when it reaches their threshold
 *     submitterId: request.user!.id, tenantId: request.tenantId,
 *   });
 *   // status 'APPROVED': no step applied and onApproved has already run in this transaction.
 *
 * The handlers run in the same transaction as the final decision: if one throws, the decision
 * is rolled back too. The submitter can never approve their own document (refused with
 * SELF_APPROVAL_MESSAGE), and a submission is refused when a step has no approver other than
 * the submitter. Approvers, the submitter and copied-to users get in-app notices
 * (`../announcements/notify.ts`). Routes: `approval-routes.ts` (/approval/...).
 */
export {
  defineApprovalDocType,
  registerApprovalDocType,
  approvalDocType,
  approvalDocTypes,
  type ApprovalDocType,
  type ApprovalDocTypeDef,
  type ApprovalOutcome,
  type ApprovalViewer,
  type ApprovalDetailContext,
} from './approval-registry.js';
export {
  submitForApproval,
  approveTask,
  rejectTask,
  withdrawApproval,
  latestApprovalOf,
  type SubmitForApproval,
  type SubmitResult,
} from './approval-engine.js';
