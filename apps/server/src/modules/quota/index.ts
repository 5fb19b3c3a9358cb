/**
 * Quota arrangements (配额, domain §14): drafts from split awards (QUO-9, called by the sourcing
 * award's FINAL step), edit, submit for approval, activation after QUO-1 / QUO-2.
 */
export { quotaDraftsFromAward, activationRefusal, shareRefusal, QUOTA_DOC_TYPE, QUOTA_STATUS_TEXT } from './quota-service.js';
export { quotaRoutes } from './quota-routes.js';
