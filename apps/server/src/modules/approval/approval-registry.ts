import type { Db } from '../../db/database.js';
import type { ApprovalInstanceTable } from '../../db/approval-tables.js';
import type { ApprovalDocumentDetail } from '@procura/shared';
import type { DictService } from '../dictionaries/dict-service.js';

/** What a document module is told when its approval ends; runs inside the deciding transaction. */
export type ApprovalOutcome = {
  instance: ApprovalInstanceTable;
  /** Who made the final decision (null when no step applied and the engine approved it). */
  actorId: string | null;
  comment: string | null;
};

/** Who is looking at an approval's document. */
export type ApprovalViewer = { id: string; tenantId: number };

/** What a document type's `detail` gets: the database, the dictionaries (for texts) and the viewer. */
export type ApprovalDetailContext = { db: Db; dicts: DictService; viewer: ApprovalViewer };

export type ApprovalDocType = {
  /** Shown on the task screens and the definition screen, e.g. 供应商准入. */
  label: string;
  /** Page that shows the document (notices and the task screens link to it). */
  openPage?: string;
  /**
   * The document as its approver sees it in 审批中心 (fields, lines, old and new values, files).
   * The engine calls it only for someone who may see the approval (submitter, assignee, actor,
   * copied-to, definition administrator); null when the document is gone.
   */
  detail?: (ctx: ApprovalDetailContext, docId: string) => Promise<ApprovalDocumentDetail | null>;
  /**
   * The module's `onApproved`/`onRejected` tell the submitter themselves (in the document's own
   * words, linking a page the submitter can open: a supplier has no 审批中心), so the engine's
   * verdict notice goes to the copied users only: one decision, one notice per person.
   */
  tellsSubmitter?: boolean;
  onApproved?: (trx: Db, outcome: ApprovalOutcome) => Promise<void>;
  onRejected?: (trx: Db, outcome: ApprovalOutcome) => Promise<void>;
  onWithdrawn?: (trx: Db, outcome: ApprovalOutcome) => Promise<void>;
};

/** A document type as its module declares it: listed in the module's manifest, registered by app.ts. */
export type ApprovalDocTypeDef = ApprovalDocType & { docType: string };

const registry = new Map<string, ApprovalDocType>();

const checked = (docType: string) => {
  if (!/^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(docType)) throw new Error(`bad approval doc type: ${docType}`);
  return docType;
};

/** Declares a document type without registering it (the manifest lists it; nothing happens at import time). */
export function defineApprovalDocType(docType: string, type: ApprovalDocType): ApprovalDocTypeDef {
  return { ...type, docType: checked(docType) };
}

/**
 * Registers a document type with the engine (app.ts, for every manifest's types).
 * Registering the same type again replaces its handlers (tests re-register freely).
 */
export function registerApprovalDocType(docType: string, type: ApprovalDocType): void {
  registry.set(checked(docType), type);
}

export function approvalDocType(docType: string): ApprovalDocType | undefined {
  return registry.get(docType);
}

export function approvalDocTypes(): { docType: string; label: string; openPage: string | null }[] {
  return [...registry.entries()]
    .map(([docType, t]) => ({ docType, label: t.label, openPage: t.openPage ?? null }))
    .sort((a, b) => a.docType.localeCompare(b.docType));
}
