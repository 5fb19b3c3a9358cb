import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { setTestClockOffset } from '../src/core/clock.js';
import { newId } from '../src/core/ids.js';
import { demoTokens, startTestServer, twoDemoSuppliers, type TestServer } from './harness.js';

/**
 * A server for the sourcing tests (TEST_CLOCK on, its own STORAGE_DIR for the development
 * sealing key) with three qualified suppliers that have users: supplier1, supplier2 and
 * the demo's supplier4 (西南五金), plus a frozen supplier without users made here.
 */
export type SourcingWorld = {
  s: TestServer;
  storage: string;
  admin: string;
  buyer: string;
  sup: [string, string, string];
  supId: [string, string, string];
  frozenId: string;
  materialId: string;
  /** Moves the server clock forward (ms). */
  travel: (ms: number) => void;
  /** An ISO time `ms` from the server clock's now. */
  at: (ms: number) => string;
  /** A `yyyy-MM-dd` day `days` from the server clock's today. */
  day: (days: number) => string;
  close: () => Promise<void>;
};

export const HOUR = 3600_000;

export async function sourcingWorld(): Promise<SourcingWorld> {
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), 'procura-sourcing-'));
  const s = await startTestServer({ TEST_CLOCK: 'true', STORAGE_DIR: storage });
  const db = s.ctx.db;
  const { approvedId, freshId } = await twoDemoSuppliers(s);
  const now = new Date().toISOString();
  const frozenId = newId();
  const supplierRow = (id: string, name: string, status: string) => ({
    id,
    code: `SUP-T-${id.slice(-6)}`,
    name,
    uscc: null,
    legalPerson: null,
    phone: null,
    email: null,
    address: null,
    mainCategories: '[]',
    source: 'MANUAL',
    status,
    infoStatus: 'APPROVED',
    delFlag: 0,
    returnComments: null,
    resumeStatus: null,
    businessLicenseFile: null,
    approvedBy: null,
    approvedAt: null,
    createBy: 'test',
    createTime: now,
    updateBy: null,
    updateTime: null,
  });
  await db
    .insertInto('supplier')
    .values(supplierRow(frozenId, '冻结测试供应商', 'FROZEN'))
    .execute();
  await db
    .updateTable('supplier')
    .set({ status: 'QUALIFIED', infoStatus: 'APPROVED' })
    .where('id', 'in', [approvedId, freshId])
    .execute();
  // The third: the demo's 西南五金 (user supplier4).
  const third = (
    await db.selectFrom('sysUser').select('supplierId').where('username', '=', 'supplier4').executeTakeFirstOrThrow()
  ).supplierId!;
  const [admin, buyer, supplier1, supplier2] = await demoTokens(s);
  const supplier3 = await s.login('supplier4');
  const materialId = (
    await db.selectFrom('srmMaterial').select('id').where('status', '=', 'ACTIVE').executeTakeFirstOrThrow()
  ).id;
  let offset = 0;
  setTestClockOffset(0);
  return {
    s,
    storage,
    admin,
    buyer,
    sup: [supplier1, supplier2, supplier3],
    supId: [approvedId, freshId, third],
    frozenId,
    materialId,
    travel: (ms) => {
      offset += ms;
      setTestClockOffset(offset);
    },
    at: (ms) => new Date(Date.now() + offset + ms).toISOString(),
    day: (days) => new Date(Date.now() + offset + 8 * HOUR + days * 86_400_000).toISOString().slice(0, 10),
    close: async () => {
      await s.close();
      fs.rmSync(storage, { recursive: true, force: true });
    },
  };
}

/** A draft RFQ (two lines: an active material and a described item); returns its id. */
export async function draftRfq(w: SourcingWorld, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await w.s.request<{ id: string }>('POST', '/srm/sourcing/event/add', {
    token: w.buyer,
    body: {
      title: '办公用品询价',
      responseDeadline: w.at(2 * HOUR),
      lines: [
        { materialId: w.materialId, qty: '10' },
        { materialName: 'A4 复印纸', unit: 'BOX', qty: '20' },
      ],
      ...extra,
    },
  });
  expect(res.body.message).toBe('询价单已保存');
  return res.body.result.id;
}

/** A published RFQ with the three suppliers invited and (optionally) accepted. */
export async function publishedRfq(
  w: SourcingWorld,
  extra: Record<string, unknown> = {},
  accept = true,
): Promise<string> {
  const id = await draftRfq(w, extra);
  expect(
    (await w.s.request('POST', '/srm/sourcing/event/invite', { token: w.buyer, body: { id, supplierIds: w.supId } }))
      .body.message,
  ).toBe('已邀请供应商');
  expect(
    (await w.s.request('POST', '/srm/sourcing/event/publish', { token: w.buyer, body: { id } })).body.message,
  ).toBe('询价单已发布');
  if (accept)
    for (const t of w.sup)
      expect(
        (await w.s.request('POST', '/srm/sourcing/supplier/event/accept', { token: t, body: { id } })).body.message,
      ).toBe('已接受邀请');
  return id;
}

export async function eventLines(w: SourcingWorld, eventId: string) {
  return w.s.ctx.db
    .selectFrom('sourcingLine')
    .select(['id', 'lineNo', 'qty', 'materialId'])
    .where('eventId', '=', eventId)
    .orderBy('lineNo')
    .execute();
}

/** Submits a quote with one unit price per line (tax 13 %). */
export async function quote(
  w: SourcingWorld,
  token: string,
  eventId: string,
  prices: string[],
  extra: Record<string, unknown> = {},
) {
  const lines = await eventLines(w, eventId);
  return w.s.request<{
    responseId: string;
    code: string;
    versionNo: number;
    submittedAt: string;
    serverTime: string;
    payloadHash: string;
  }>('POST', '/srm/sourcing/supplier/quote/submit', {
    token,
    body: {
      eventId,
      validUntil: w.day(60),
      paymentTerms: '月结30天',
      lines: lines.map((l, i) => ({ sourcingLineId: l.id, unitPrice: prices[i], taxRate: '13', leadTimeDays: 7 })),
      ...extra,
    },
  });
}

/** Sets the award approval flow: one step by the given user or role. */
export async function awardFlow(w: SourcingWorld, approverType: 'USER' | 'ROLE', approverId: string): Promise<void> {
  const types = (
    await w.s.request<{ docType: string; definition: { version: number } | null }[]>(
      'GET',
      '/approval/definition/list',
      { token: w.admin },
    )
  ).body.result;
  const current = types.find((t) => t.docType === 'SOURCING_AWARD')!.definition;
  const saved = await w.s.request('POST', '/approval/definition/save', {
    token: w.admin,
    body: {
      docType: 'SOURCING_AWARD',
      name: '定标审批',
      enabled: 1,
      steps: [{ name: '主管审批', minAmount: null, approverType, approverId }],
      version: current?.version,
    },
  });
  expect(saved.body.success).toBe(true);
}

/** A POST answered as status plus the envelope's fields, for asserting refusals and results alike. */
export function poster(w: () => SourcingWorld) {
  return async (url: string, token: string, body: unknown) => {
    const res = await w().s.request<unknown>('POST', url, { token, body });
    return { status: res.status, ...(res.body as { success: boolean; message: string; result: unknown }) };
  };
}
