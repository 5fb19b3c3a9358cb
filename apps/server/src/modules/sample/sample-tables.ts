import type { AuditColumns } from '../../db/audit-columns.js';

/** Tables of sample requests (domain §7, migration 0034). Quantities are decimal strings. */

export type SrmSampleRequestTable = AuditColumns & {
  id: string;
  tenantId: number;
  code: string;
  supplierId: string;
  materialId: string | null;
  /** The material's name when created, or the free description. */
  materialName: string;
  /** What the buyer wrote for a sample without a material code. */
  description: string | null;
  categoryId: string | null;
  purpose: string;
  sourceDocType: string | null;
  sourceDocId: string | null;
  qty: string;
  unit: string;
  /** yyyy-MM-dd. */
  requiredBy: string;
  receiverName: string;
  receiverPhone: string;
  receiveAddress: string;
  /** srm_sample_status. */
  status: string;
  supplierRemark: string | null;
  shipMethod: string | null;
  carrier: string | null;
  trackingNo: string | null;
  deliveryNote: string | null;
  shippedAt: string | null;
  estimatedArrival: string | null;
  receivedAt: string | null;
  receivedQty: string | null;
  /** PASS or FAIL. */
  testResult: string | null;
  testReport: string | null;
  /** Comma-joined stored file paths. */
  testReportFiles: string | null;
  testedBy: string | null;
  testedAt: string | null;
  /** The buyer who raised it: notified on shipping, never its tester (SMP-2). */
  requesterId: string;
  remark: string | null;
};

export type SampleTables = { srmSampleRequest: SrmSampleRequestTable };
