/**
 * Suppliers (domain §4): registration, qualification, admission, lifecycle. What other modules
 * use of it: who may take part.
 */
export {
  invitableStatuses,
  refusalText,
  supplierEligibility,
  type EligibilityPurpose,
  type EligibilityQuery,
  type Ineligible,
  type IneligibleReason,
} from './eligibility.js';
export { documentSupplier } from './supplier-ref.js';
