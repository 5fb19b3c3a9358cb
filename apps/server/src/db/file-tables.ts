import type { Generated } from 'kysely';

/** An uploaded file (0012): the bytes are at `path` under the storage root. */
export type SysFileTable = {
  id: string;
  path: string;
  originalName: string;
  fileSize: number;
  contentType: string;
  ownerId: string;
  /** 1: anyone may read it (portal images). */
  isPublic: number;
  /** The uploader's tenant (0: none); private files are read within it only (0013). */
  tenantId: number;
  /**
   * The tender whose sealed bid holds the file (0068): until that bid's technical envelope is
   * opened only the uploader reads it (issue 16 finding 5). Null: no sealed bid.
   */
  sealedEventId: Generated<string | null>;
  createTime: string;
};

export type FileTables = {
  sysFile: SysFileTable;
};
