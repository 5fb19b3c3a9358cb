/** Tables of the workflow machinery (issue 17, migration 0072): the status log and the audit chain. */

export type SysDocLogTable = {
  id: string;
  tenantId: number;
  docType: string;
  docId: string;
  action: string;
  fromStatus: string | null;
  toStatus: string;
  reason: string | null;
  /** Null for the system. */
  operatorId: string | null;
  operatorName: string;
  /** INTERNAL, SUPPLIER or SYSTEM. */
  operatorKind: string;
  ip: string | null;
  createdTime: string;
  sourceDocType: string | null;
  sourceDocId: string | null;
};

export type SysAuditChainTable = {
  tenantId: number;
  seq: number;
  docType: string;
  docId: string;
  action: string;
  /** Canonical JSON. */
  payload: string;
  prevHash: string;
  hash: string;
  createdAt: string;
};

export type SysAuditHeadTable = { tenantId: number; lastSeq: number; lastHash: string };

export type WorkflowTables = {
  sysDocLog: SysDocLogTable;
  sysAuditChain: SysAuditChainTable;
  sysAuditHead: SysAuditHeadTable;
};
