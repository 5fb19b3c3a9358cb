/**
 * Quota arrangements (配额, domain §14): drafts from split awards (QUO-9, called by the sourcing
 * award's FINAL step), edit, submit for approval, activation after QUO-1 / QUO-2.
 */
export { quotaDraftsFromAward, activationRefusal, QUOTA_DOC_TYPE } from './quota-service.js';
export { quotaRoutes } from './quota-routes.js';
