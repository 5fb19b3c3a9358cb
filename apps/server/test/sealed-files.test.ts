import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourcingWorld } from './sourcing-fixture.js';
import { bid, DAY, publishedTender, signUpAll, tenderWorld, type TenderWorld } from './tender-bid-fixture.js';

/**
 * Issue 16 finding 5 (P1, X-11, TND-5): the bytes of a sealed bid's attachments are encrypted at
 * rest like the envelope's text, decrypted for whoever may read them, and refused to everyone but
 * their owner before opening.
 */
let w: TenderWorld;
beforeAll(async () => {
  w = await tenderWorld(await sourcingWorld());
}, 60_000);
afterAll(async () => w?.close());

const db = () => w.s.ctx.db;
const post = (url: string, token: string, body: unknown) => w.s.request<unknown>('POST', url, { token, body });

/** A PDF whose bytes carry `marker` (and a few non-text bytes), uploaded by `token`. */
async function uploadPdf(token: string, name: string, marker: string): Promise<{ stored: string; bytes: Buffer }> {
  const bytes = Buffer.concat([
    Buffer.from(`%PDF-1.4\n${marker}\n`),
    Buffer.from([0, 1, 2, 250, 255]),
    Buffer.from('\n%%EOF\n'),
  ]);
  const form = new FormData();
  form.append('biz', 'sourcing');
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
  const res = await fetch(`${w.s.base}/sys/common/upload`, {
    method: 'POST',
    body: form,
    headers: { 'X-Access-Token': token },
  });
  const body = (await res.json()) as { success: boolean; message: string };
  expect(body.success).toBe(true);
  return { stored: body.message, bytes };
}

const download = (stored: string, token: string) =>
  fetch(`${w.s.base}/sys/common/static/${stored}`, { headers: { 'X-Access-Token': token } });

/** Every file under the storage directory (the keys folder aside). */
function storedFiles(dir = w.storage): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'keys' ? [] : storedFiles(full);
    return [full];
  });
}

const withMarker = (marker: string) => storedFiles().filter((f) => fs.readFileSync(f).includes(marker));

describe('sealed bid attachments at rest (issue 16 #5, P1, TND-5, X-11)', () => {
  it('P1: attached to a sealed bid the bytes on disk are ciphertext; the bidder downloads the original, others are refused; after opening the buyer reads the original', async () => {
    const id = await publishedTender(w);
    await signUpAll(w, id);
    const plan = await uploadPdf(w.sup[0], '密封技术方案.pdf', 'MARKER-PLAN-7f3a');
    const dropped = await uploadPdf(w.sup[0], '撤下的方案.pdf', 'MARKER-DROPPED-91c2');
    // Uploaded, not yet sealed: stored as sent.
    expect(fs.readFileSync(path.join(w.storage, plan.stored))).toEqual(plan.bytes);

    const technical = (files: string[]) => ({ technical: { text: '方案', files } });
    expect(
      (await bid(w, w.sup[0], id, ['100', '200'], '方案', technical([plan.stored, dropped.stored]))).body.message,
    ).toBe('投标文件已递交');
    // No stored file holds either upload's bytes any more; the sealed one differs from the upload.
    expect(withMarker('MARKER-PLAN-7f3a')).toEqual([]);
    expect(withMarker('MARKER-DROPPED-91c2')).toEqual([]);
    expect(fs.existsSync(path.join(w.storage, plan.stored))).toBe(false);
    const sealedFile = path.join(w.storage, `${plan.stored}.sealed`);
    const ciphertext = fs.readFileSync(sealedFile);
    expect(ciphertext.equals(plan.bytes)).toBe(false);
    // iv ‖ tag ‖ ciphertext of the same length (AES-256-GCM), each file its own IV.
    expect(ciphertext.length).toBe(plan.bytes.length + 28);
    const droppedCipher = fs.readFileSync(path.join(w.storage, `${dropped.stored}.sealed`));
    expect(droppedCipher.subarray(0, 12).equals(ciphertext.subarray(0, 12))).toBe(false);

    // The bidder reads the original bytes and name before opening.
    const own = await download(plan.stored, w.sup[0]);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-disposition')).toContain(encodeURIComponent('密封技术方案.pdf'));
    expect(Buffer.from(await own.arrayBuffer()).equals(plan.bytes)).toBe(true);
    // Nobody else: buyer, second buyer, administrator, another bidder.
    for (const token of [w.buyer, w.buyer2, w.admin, w.sup[1]]) {
      const refused = await download(plan.stored, token);
      expect(refused.status).toBe(404);
      expect(await refused.text()).not.toContain('MARKER');
    }

    // Saved again with the same file (the other removed): not encrypted twice, still readable.
    expect((await bid(w, w.sup[0], id, ['100', '200'], '方案二', technical([plan.stored]))).body.message).toBe(
      '投标文件已递交',
    );
    expect(fs.readFileSync(sealedFile).equals(ciphertext)).toBe(true);
    expect(Buffer.from(await (await download(plan.stored, w.sup[0])).arrayBuffer()).equals(plan.bytes)).toBe(true);
    expect(Buffer.from(await (await download(dropped.stored, w.sup[0])).arrayBuffer()).equals(dropped.bytes)).toBe(
      true,
    );

    await bid(w, w.sup[1], id, ['110', '210']);
    await bid(w, w.sup[2], id, ['120', '220']);
    w.travel(22 * DAY);
    await post('/srm/tender/open', w.admin, { id });
    await post('/srm/tender/open', w.buyer2, { id });

    // Opened: decrypted on read (the ciphertext stays at rest); the removed file stays refused.
    const opened = await download(plan.stored, w.buyer);
    expect(opened.status).toBe(200);
    expect(Buffer.from(await opened.arrayBuffer()).equals(plan.bytes)).toBe(true);
    expect(withMarker('MARKER-PLAN-7f3a')).toEqual([]);
    expect((await download(dropped.stored, w.buyer)).status).toBe(404);
    expect((await download(dropped.stored, w.admin)).status).toBe(404);
    expect((await download(plan.stored, w.sup[1])).status).toBe(404);
  });

  it('P1: a file sealed in one tender’s bid cannot be attached to another tender’s bid', async () => {
    const first = await publishedTender(w);
    const second = await publishedTender(w);
    await signUpAll(w, first);
    await signUpAll(w, second);
    const plan = await uploadPdf(w.sup[0], '方案.pdf', 'MARKER-TWICE-55aa');
    const technical = { technical: { text: '方案', files: [plan.stored] } };
    expect((await bid(w, w.sup[0], first, ['100', '200'], '方案', technical)).body.message).toBe('投标文件已递交');
    const refused = await bid(w, w.sup[0], second, ['100', '200'], '方案', technical);
    expect(refused.body).toMatchObject({ success: false, message: '技术标附件已用于其他招标项目的投标，请重新上传' });
    const row = await db()
      .selectFrom('sysFile')
      .select('sealedEventId')
      .where('path', '=', plan.stored)
      .executeTakeFirstOrThrow();
    expect(row.sealedEventId).toBe(first);
    expect(Buffer.from(await (await download(plan.stored, w.sup[0])).arrayBuffer()).equals(plan.bytes)).toBe(true);
  });
});
