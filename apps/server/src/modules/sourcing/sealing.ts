import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';

/**
 * Sealing (domain §9.4, security P1): a sealed response's prices and commercial fields are
 * stored only as AES-256-GCM ciphertext under a per-event data key; the data key is stored
 * wrapped (AES-256-GCM) by the server master key, which is never in the database:
 * `SEALING_MASTER_KEY` (32 bytes, base64; production refuses to start without it, see
 * `bootstrap.ts productionRefusal`), or in development and tests a random key kept in
 * `STORAGE_DIR/keys/sealing-master.key` (never served: only `sys_file` rows are downloadable).
 * Only the `open` transition unwraps a data key.
 *
 * Stored form of both: base64(iv[12] ‖ tag[16] ‖ ciphertext).
 */
const cache = new Map<string, Buffer>();

/** The master key of this configuration (read or created once). */
export function masterKey(config: Pick<Config, 'sealingMasterKey' | 'storageDir' | 'production'>): Buffer {
  if (config.sealingMasterKey) return Buffer.from(config.sealingMasterKey, 'base64');
  if (config.production) throw new Error('SEALING_MASTER_KEY is required in production');
  const file = path.join(config.storageDir, 'keys', 'sealing-master.key');
  const known = cache.get(file);
  if (known) return known;
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    fs.writeFileSync(file, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`bad sealing key file ${file}`);
  cache.set(file, key);
  return key;
}

function encryptRaw(key: Buffer, plain: Buffer, aad: string): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

function encrypt(key: Buffer, plain: Buffer, aad: string): string {
  return encryptRaw(key, plain, aad).toString('base64');
}

function decrypt(key: Buffer, stored: string, aad: string): Buffer {
  return decryptRaw(key, Buffer.from(stored, 'base64'), aad);
}

function decryptRaw(key: Buffer, raw: Buffer, aad: string): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
}

/** A new data key for an event, returned wrapped (what the event row stores). */
export function newWrappedDataKey(master: Buffer, eventId: string): string {
  return encrypt(master, randomBytes(32), `event-key:${eventId}`);
}

/** The event's wrapped data key, created (once, race-safe) on its first sealed response. */
export async function eventDataKey(
  trx: Db,
  config: Parameters<typeof masterKey>[0],
  event: { id: string; sealedKey: string | null },
): Promise<string> {
  if (event.sealedKey) return event.sealedKey;
  await trx
    .updateTable('sourcingEvent')
    .set({ sealedKey: newWrappedDataKey(masterKey(config), event.id) })
    .where('id', '=', event.id)
    .where('sealedKey', 'is', null)
    .execute();
  return (
    await trx.selectFrom('sourcingEvent').select('sealedKey').where('id', '=', event.id).executeTakeFirstOrThrow()
  ).sealedKey!;
}

function unwrap(master: Buffer, wrapped: string, eventId: string): Buffer {
  return decrypt(master, wrapped, `event-key:${eventId}`);
}

/** Seals a response payload under the event's data key; the AAD binds it to its response. */
export function sealPayload(
  master: Buffer,
  wrappedKey: string,
  eventId: string,
  responseId: string,
  payload: unknown,
): string {
  return encrypt(
    unwrap(master, wrappedKey, eventId),
    Buffer.from(JSON.stringify(payload), 'utf8'),
    `response:${responseId}`,
  );
}

/** Opens a sealed payload (the `open` transition only). A tampered payload throws. */
export function openPayload<T>(
  master: Buffer,
  wrappedKey: string,
  eventId: string,
  responseId: string,
  sealed: string,
): T {
  return JSON.parse(
    decrypt(unwrap(master, wrappedKey, eventId), sealed, `response:${responseId}`).toString('utf8'),
  ) as T;
}

/**
 * Seals the bytes of a sealed envelope's attachment (issue 16 finding 5) under the event's data
 * key, with its own IV; the AAD binds them to their file. Stored raw (iv ‖ tag ‖ ciphertext).
 */
export function sealFileBytes(
  master: Buffer,
  wrappedKey: string,
  eventId: string,
  fileId: string,
  plain: Buffer,
): Buffer {
  return encryptRaw(unwrap(master, wrappedKey, eventId), plain, `file:${fileId}`);
}

/** The original bytes of a sealed attachment; tampered or misplaced bytes throw. */
export function openFileBytes(
  master: Buffer,
  wrappedKey: string,
  eventId: string,
  fileId: string,
  sealed: Buffer,
): Buffer {
  return decryptRaw(unwrap(master, wrappedKey, eventId), sealed, `file:${fileId}`);
}

/** The receipt hash of a sealed payload (SHA-256, hex). */
export function payloadHash(sealed: string): string {
  return createHash('sha256').update(sealed).digest('hex');
}
