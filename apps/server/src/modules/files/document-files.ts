import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { SessionUser } from '../../core/access.js';
import { escapeLike } from '../../core/paging.js';
import type { Db } from '../../db/database.js';

/**
 * X-11: attachments inherit the access rule of their document. A stored file is read by its
 * uploader and by internal users of its tenant (file-routes); beyond that, a document type that
 * keeps stored paths in its fields declares here who else may read them: "some document of this
 * type that `user` may see lists `path`". The static route asks these only when the plain rule
 * refuses, so a declaration can only widen access to a document's readers, never narrow it.
 *
 * The document's own fields are the link (no separate table): removing a file from a document
 * or losing sight of the document ends the access at once.
 */
export type DocumentFiles = {
  /** Whether a document of this type that `user` may see lists the stored file `path`. */
  readableBy: (db: Db, user: SessionUser, path: string) => Promise<boolean>;
  /**
   * For documents that seal their files (a tender bid, issue 16 finding 5): whether the file,
   * marked with the sealed document's event, is still sealed. A sealed file is read by its
   * uploader only, whatever the other rules say; once opened they apply again.
   */
  stillSealed?: (db: Db, file: { id: string; sealedEventId: string }) => Promise<boolean>;
};

/** A document type's files as its module declares them (listed in its manifest, registered by app.ts). */
export type DocumentFilesDef = DocumentFiles & { docType: string };

/** Declares a document type's files without registering them. */
export function defineDocumentFiles(docType: string, files: DocumentFiles): DocumentFilesDef {
  return { ...files, docType };
}

const registry = new Map<string, DocumentFiles>();

/** Registers a document type's files (app.ts, for every manifest's; registering again replaces it). */
export function registerDocumentFiles(docType: string, files: DocumentFiles): void {
  registry.set(docType, files);
}

/** The first document type through which `user` may read `path`, or null (the file stays unseen). */
export async function documentGrantingRead(db: Db, user: SessionUser, path: string): Promise<string | null> {
  for (const [docType, files] of registry) {
    if (await files.readableBy(db, user, path)) return docType;
  }
  return null;
}

/**
 * Whether a file marked as held by a sealed document is still sealed. A mark no registered
 * document type answers for keeps the file sealed (refused rather than shown).
 */
export async function fileStillSealed(db: Db, file: { id: string; sealedEventId: string }): Promise<boolean> {
  let answered = false;
  for (const files of registry.values()) {
    if (!files.stillSealed) continue;
    answered = true;
    if (await files.stillSealed(db, file)) return true;
  }
  return !answered;
}

/**
 * A condition "the comma-joined stored paths in `column` include exactly `path`" (the JUpload
 * form value). LIKE wildcards in the path are escaped, so `_` matches only itself.
 */
export function listsFile(column: string, path: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(',' || ${sql.ref(column)} || ',') like ${`%,${escapeLike(path)},%`} escape ${'\\'}`;
}
