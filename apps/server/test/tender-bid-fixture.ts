import { expect } from 'vitest';
import { newId } from '../src/core/ids.js';
import { eventLines, type SourcingWorld } from './sourcing-fixture.js';

/** Fixtures of the tender setup, bids and opening tests (modules/tender). */
export const DAY = 86_400_000;

/** The tender world: the sourcing world plus a second buyer (`buyer2`) and the officers' ids. */
export type TenderWorld = SourcingWorld & { buyer2: string; adminId: string; buyerId: string; buyer2Id: string };

export async function tenderWorld(w: SourcingWorld): Promise<TenderWorld> {
  const db = w.s.ctx.db;
  const b = await db.selectFrom('sysUser').selectAll().where('username', '=', 'buyer').executeTakeFirstOrThrow();
  const buyer2Id = newId();
  await db
    .insertInto('sysUser')
    .values({ ...b, id: buyer2Id, username: 'buyer2', realname: '采购员二', phone: null, email: null, workNo: null })
    .execute();
  for (const r of await db.selectFrom('sysUserRole').selectAll().where('userId', '=', b.id).execute())
    await db
      .insertInto('sysUserRole')
      .values({ ...r, id: newId(), userId: buyer2Id })
      .execute();
  const adminId = (
    await db.selectFrom('sysUser').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()
  ).id;
  return Object.assign(w, { buyer2: await w.s.login('buyer2'), adminId, buyerId: b.id, buyer2Id });
}

/** A tender draft: legally mandatory open tender, documents from now for 6 days, bids due in 21 days, officers admin + buyer2. */
export async function draftTender(w: TenderWorld, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await w.s.request<{ id: string }>('POST', '/srm/tender/add', {
    token: w.buyer,
    body: {
      title: '办公楼空调设备采购招标',
      method: 'OPEN_TENDER',
      legalMandatory: 1,
      docIssueStartAt: w.at(-60_000),
      docIssueEndAt: w.at(6 * DAY),
      responseDeadline: w.at(21 * DAY),
      openingOfficerIds: [w.adminId, w.buyer2Id],
      contactName: '王工',
      lines: [
        { materialId: w.materialId, qty: '10' },
        { materialName: '多联机室外机', unit: 'SET', qty: '2' },
      ],
      ...extra,
    },
  });
  expect(res.body.message).toBe('招标项目已保存');
  return res.body.result.id;
}

/** Submits (no approval flow configured: approved at once) and publishes. */
export async function publishedTender(
  w: TenderWorld,
  extra: Record<string, unknown> = {},
  invite: string[] = [],
): Promise<string> {
  const id = await draftTender(w, extra);
  if (invite.length)
    expect(
      (await w.s.request('POST', '/srm/tender/invite', { token: w.buyer, body: { id, supplierIds: invite } })).body
        .message,
    ).toBe('已邀请供应商');
  expect((await w.s.request('POST', '/srm/tender/submit', { token: w.buyer, body: { id } })).body.message).toBe(
    '招标项目已审批通过',
  );
  expect((await w.s.request('POST', '/srm/tender/publish', { token: w.buyer, body: { id } })).body.message).toBe(
    '招标项目已发布',
  );
  return id;
}

/** A bid: technical text, one unit price per line (tax 13 %). */
export async function bid(
  w: SourcingWorld,
  token: string,
  eventId: string,
  prices: string[],
  technical = '技术方案：一级能效，质保三年',
  extra: Record<string, unknown> = {},
) {
  const lines = await eventLines(w, eventId);
  return w.s.request<{
    responseId: string;
    code: string;
    versionNo: number;
    serverTime: string;
    submittedAt: string;
    payloadHash: string;
    technicalHash: string;
  }>('POST', '/srm/tender/supplier/bid/submit', {
    token,
    body: {
      eventId,
      technical: { text: technical, fileIds: [] },
      commercial: {
        paymentTerms: '验收后付95%',
        lines: lines.map((l, i) => ({ sourcingLineId: l.id, unitPrice: prices[i], taxRate: '13', leadTimeDays: 30 })),
      },
      ...extra,
    },
  });
}

/** Every supplier signs up to an open tender. */
export async function signUpAll(w: SourcingWorld, eventId: string): Promise<void> {
  for (const t of w.sup)
    expect(
      (await w.s.request('POST', '/srm/tender/supplier/signup', { token: t, body: { id: eventId } })).body.message,
    ).toBe('报名成功');
}
