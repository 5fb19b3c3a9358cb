import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftRfq, publishedRfq, sourcingWorld, type SourcingWorld } from './sourcing-fixture.js';

/** Issue 19 item 8: GET /dashboard/todos gathers each signed-in user's own to-dos, permission-aware. */
type Card = { key: string; title: string; count: number; path: string };

let w: SourcingWorld;
beforeAll(async () => {
  w = await sourcingWorld();
});
afterAll(async () => w?.close());

async function cards(token: string): Promise<Record<string, Card>> {
  const res = await w.s.request<{ cards: Card[] }>('GET', '/dashboard/todos', { token });
  expect(res.status).toBe(200);
  expect(res.body.success).toBe(true);
  return Object.fromEntries(res.body.result.cards.map((c) => [c.key, c]));
}

describe('GET /dashboard/todos', () => {
  it('refuses anonymous callers', async () => {
    const res = await w.s.request('GET', '/dashboard/todos');
    expect(res.body.success).toBe(false);
  });

  it("counts the buyer's drafts and each supplier's own open invitations", async () => {
    const before = await cards(w.buyer);
    expect(before.approvalTodo).toMatchObject({ title: '我的待办审批', path: '/approval/todo' });
    expect(before.sourcingDrafts).toMatchObject({ title: '询价草稿', path: '/srm/sourcing' });
    const drafts = before.sourcingDrafts!.count;
    // Supplier cards never reach internal users, internal cards never reach suppliers.
    expect(before.sourcingInvitations).toBeUndefined();

    await draftRfq(w);
    const id = await publishedRfq(w, {}, false);
    const after = await cards(w.buyer);
    // One draft left as draft; the published one is no longer a draft.
    expect(after.sourcingDrafts!.count).toBe(drafts + 1);

    const s1 = await cards(w.sup[0]);
    const s2 = await cards(w.sup[1]);
    expect(Object.keys(s1)).toEqual([
      'sourcingInvitations',
      'tenderInvitations',
      'auctionInvitations',
      // Issue 18: orders and contracts waiting for the supplier's confirmation.
      'ordersToConfirm',
      'contractsToConfirm',
    ]);
    expect(s1.contractsToConfirm).toMatchObject({ title: '待确认的合同', path: '/srm/my-contracts', count: 0 });
    expect(s1.tenderInvitations).toMatchObject({ title: '待答复的招标邀请', path: '/srm/my-tender' });
    expect(s1.sourcingInvitations).toMatchObject({ title: '待答复的询价邀请', path: '/srm/my-sourcing' });
    const s2Count = s2.sourcingInvitations!.count;
    expect(s2Count).toBeGreaterThanOrEqual(1);

    // supplier1 answers: its own count drops, supplier2's stays.
    const accepted = await w.s.request('POST', '/srm/sourcing/supplier/event/accept', {
      token: w.sup[0],
      body: { id },
    });
    expect(accepted.body.message).toBe('已接受邀请');
    expect((await cards(w.sup[0])).sourcingInvitations!.count).toBe(s1.sourcingInvitations!.count - 1);
    expect((await cards(w.sup[1])).sourcingInvitations!.count).toBe(s2Count);
  });

  it("lists a supplier's open events with their deadlines, soonest first; an internal user gets none", async () => {
    type Deadline = { code: string; title: string; kind: string; deadline: string; path: string };
    const later = await publishedRfq(w, { title: '晚截止的询价', responseDeadline: w.at(9 * 24 * 3600_000) }, false);
    const sooner = await publishedRfq(w, { title: '早截止的询价', responseDeadline: w.at(4 * 24 * 3600_000) }, false);
    const deadlines = async (token: string) =>
      (await w.s.request<{ deadlines?: Deadline[] }>('GET', '/dashboard/todos', { token })).body.result.deadlines;
    const mine = (await deadlines(w.sup[1]))!;
    const codes = await w.s.ctx.db
      .selectFrom('sourcingEvent')
      .select(['id', 'code'])
      .where('id', 'in', [later, sooner])
      .execute();
    const code = (id: string) => codes.find((c) => c.id === id)!.code;
    const i = mine.findIndex((d) => d.code === code(sooner));
    const j = mine.findIndex((d) => d.code === code(later));
    expect(i).toBeGreaterThanOrEqual(0);
    expect(j).toBeGreaterThan(i);
    expect(mine[i]).toMatchObject({ title: '早截止的询价', kind: '询价', path: '/srm/my-sourcing' });
    expect(mine[i]!.deadline).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(mine.map((d) => d.deadline)).toEqual([...mine.map((d) => d.deadline)].sort());
    expect(await deadlines(w.buyer)).toBeUndefined();
  });

  it("shows the admin only the admin's own work (another user's drafts are not counted)", async () => {
    const admin = await cards(w.admin);
    expect(admin.approvalTodo).toBeDefined();
    expect(admin.sourcingDrafts?.count ?? 0).toBe(0);
    expect(admin.sourcingInvitations).toBeUndefined();
  });

  it('gives a supplier that must complete its information just that to-do', async () => {
    await w.s.ctx.db.updateTable('sysUser').set({ isShow: 2 }).where('username', '=', 'supplier2').execute();
    const token = await w.s.login('supplier2');
    const mine = await cards(token);
    expect(Object.values(mine)).toEqual([
      { key: 'completeInfo', title: '完善企业信息', path: '/completeSupInfo', count: 1 },
    ]);
  });

  it('leaves a card out when the user may not open its page', async () => {
    // Take the sourcing menu away from the buyer role: the sourcing cards go, the approval card stays.
    const db = w.s.ctx.db;
    const menu = await db
      .selectFrom('sysPermission')
      .select('id')
      .where('url', '=', '/srm/sourcing')
      .executeTakeFirstOrThrow();
    await db.updateTable('sysPermission').set({ delFlag: 1 }).where('id', '=', menu.id).execute();
    const buyer = await cards(w.buyer);
    expect(buyer.sourcingDrafts).toBeUndefined();
    expect(buyer.approvalTodo).toBeDefined();
    await db.updateTable('sysPermission').set({ delFlag: 0 }).where('id', '=', menu.id).execute();
  });
});
