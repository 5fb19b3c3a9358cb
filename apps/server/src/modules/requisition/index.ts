/**
 * Purchase requisitions (domain §8). Other modules consume requisition lines through these
 * functions, inside their own transaction (PR-3, PR-7):
 *
 *   await reserveRequisitionLines(trx, [{ lineId, qty: '10' }]);   // a sourcing event takes quantity
 *   await releaseRequisitionLines(trx, [{ lineId, qty: '4' }]);    // the event failed or awarded less
 *   await orderRequisitionLines(trx, [{ lineId, qty: '6', fromReservation: true }]); // a PO covers it
 *
 * A refusal throws a business error naming the line; the caller's transaction then rolls back.
 */
export {
  reserveRequisitionLines,
  releaseRequisitionLines,
  orderRequisitionLines,
  unorderRequisitionLines,
  lineStatusOf,
  headerStatusOf,
  remainingOf,
  PR_DOC_TYPE,
  type LineQuantity,
  type LogActor,
} from './requisition-service.js';
export { requisitionRoutes } from './requisition-routes.js';
