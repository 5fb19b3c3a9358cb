import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.js';
import { badRequest } from '../../core/errors.js';
import type { Db } from '../../db/database.js';
import { masterKey, openFileBytes, sealFileBytes } from '../sourcing/sealing.js';

/**
 * Sealed attachments at rest (issue 16 finding 5, P1): when a file becomes part of a sealed
 * envelope its bytes are encrypted like the envelope's text (sealing.ts: the event's data key,
 * AES-256-GCM, a fresh IV per file) into `<stored path>.sealed`, and the plaintext is removed
 * once the sealing transaction has committed. Writing the ciphertext beside the plaintext keeps a
 * rolled-back bid harmless: the row is unmarked and the plaintext still there. The ciphertext
 * stays at rest after opening; readers decrypt it (`readStoredFile`).
 */
const SEALED_SUFFIX = '.sealed';

/** The absolute location of a stored path, only if it lies inside the storage root (UP-4). */
export async function locate(root: string, stored: string): Promise<string | null> {
  const full = path.resolve(root, stored);
  if (!full.startsWith(root + path.sep)) return null;
  try {
    // A symlink planted in the storage must not lead outside it.
    const [realRoot, realFull] = await Promise.all([fs.promises.realpath(root), fs.promises.realpath(full)]);
    return realFull.startsWith(realRoot + path.sep) ? realFull : null;
  } catch {
    return null;
  }
}

type SealingConfig = Pick<Config, 'sealingMasterKey' | 'storageDir' | 'production'>;

/**
 * Encrypts the bytes of the uploader's files `fileIds` under the event's data key and marks
 * them sealed for it (in `trx`). A file already sealed for this event is left as it is (never
 * encrypted twice); one sealed for another tender is refused. Answers the plaintext files to
 * remove after the commit (`removePlaintexts`).
 */
export async function sealFilesAtRest(
  trx: Db,
  config: SealingConfig,
  event: { id: string; sealedKey: string },
  fileIds: string[],
): Promise<string[]> {
  if (fileIds.length === 0) return [];
  const root = config.storageDir;
  const master = masterKey(config);
  const rows = await trx
    .selectFrom('sysFile')
    .select(['id', 'path', 'sealedEventId'])
    .where('id', 'in', fileIds)
    .execute();
  const plaintexts: string[] = [];
  for (const row of rows) {
    if (row.sealedEventId && row.sealedEventId !== event.id)
      throw badRequest('技术标附件已用于其他招标项目的投标，请重新上传');
    const plain = await locate(root, row.path);
    const sealed = await locate(root, row.path + SEALED_SUFFIX);
    if (row.sealedEventId === event.id && sealed) {
      if (plain) plaintexts.push(plain);
      continue;
    }
    if (!plain) throw badRequest('技术标附件不存在或不是本人上传的文件');
    const bytes = sealFileBytes(master, event.sealedKey, event.id, row.id, await fs.promises.readFile(plain));
    const target = plain + SEALED_SUFFIX;
    const temp = `${target}.tmp`;
    await fs.promises.writeFile(temp, bytes, { mode: 0o640 });
    await fs.promises.rename(temp, target);
    plaintexts.push(plain);
  }
  await trx.updateTable('sysFile').set({ sealedEventId: event.id }).where('id', 'in', fileIds).execute();
  return plaintexts;
}

/** Removes the plaintexts of files whose sealing has committed. */
export async function removePlaintexts(files: string[]): Promise<void> {
  await Promise.all(files.map((f) => fs.promises.rm(f, { force: true })));
}

/**
 * The bytes of a stored file as uploaded, or null when it is not on disk: a sealed attachment's
 * ciphertext decrypted with its event's key, otherwise the file itself.
 */
export async function readStoredFile(
  db: Db,
  config: SealingConfig,
  row: { id: string; path: string; sealedEventId: string | null },
): Promise<Buffer | fs.ReadStream | null> {
  const root = config.storageDir;
  const sealed = row.sealedEventId ? await locate(root, row.path + SEALED_SUFFIX) : null;
  if (sealed) {
    const event = await db
      .selectFrom('sourcingEvent')
      .select(['id', 'sealedKey'])
      .where('id', '=', row.sealedEventId!)
      .executeTakeFirst();
    if (!event?.sealedKey) return null;
    return openFileBytes(masterKey(config), event.sealedKey, event.id, row.id, await fs.promises.readFile(sealed));
  }
  // Files never sealed (and any sealed before their bytes were encrypted) are served as stored.
  const full = await locate(root, row.path);
  return full ? fs.createReadStream(full) : null;
}
