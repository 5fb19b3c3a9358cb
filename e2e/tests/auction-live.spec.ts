import { expect, test, type Page } from '@playwright/test';
import { apiLogin, setServerClock, signedInContext, type ApiSession } from './helpers.js';

/**
 * Scenario S5 of the domain (§25): a live reverse auction with the buyer's console and three
 * supplier sessions open side by side, in separate browser contexts. Every screen is driven by
 * the server's event stream: nothing here reloads a page after the start.
 * Set-up (the auction itself, invitations, acceptances) goes through the API; what S5 tests,
 * bidding and what each session sees, goes through the screens.
 */
const MIN = 60_000;

test('S5: live reverse auction — refusals, live ranks, one of two simultaneous bids, overtime with its cap, pause', async ({ browser, request, baseURL }) => {
  test.setTimeout(300_000);
  const admin = await apiLogin(request, 'admin');
  const buyer = await apiLogin(request, 'buyer');
  const supA = await apiLogin(request, 'supplier1');
  const supB = await apiLogin(request, 'supplier3');
  const supC = await apiLogin(request, 'supplier4');
  await setServerClock(admin, 0);

  // Setup: 200 箱 A4 copy paper, LOT_TOTAL from 30 000, 1 % steps, beat the best, no ties,
  // overtime 5 min from the bid within the last 5 min, at most 2 extensions, rank only, anonymous.
  const T = Date.now() + 10 * MIN;
  const iso = (ms: number) => new Date(ms).toISOString();
  const added = await buyer.call<{ id: string; code: string }>('POST', '/srm/auction/event/add', {
    title: 'S5 A4复印纸竞价',
    rules: {
      biddingTarget: 'LOT_TOTAL',
      startPrice: '30000',
      decrementMode: 'PERCENT',
      decrementValue: '1',
      bidRule: 'BEAT_BEST',
      tieRule: 'NO_TIES',
      confirmDropPct: '20',
      startAt: iso(T),
      endAt: iso(T + 30 * MIN),
      overtimeEnabled: true,
      overtimeWindowMin: 5,
      overtimeTrigger: 'ANY_BID',
      overtimeBase: 'FROM_BID_TIME',
      overtimeExtendMin: 5,
      maxExtensions: 2,
      supplierView: 'RANK_ONLY',
      buyerAnonymous: true,
      minParticipants: 3,
    },
    lines: [{ materialName: 'A4 复印纸', qty: '200', unit: '箱' }],
  });
  const ids = await Promise.all([supA, supB, supC].map(async (s) => (s.userInfo as { supplierId: string }).supplierId));
  await buyer.call('POST', '/srm/sourcing/event/invite', { id: added.id, supplierIds: ids });
  await buyer.call('POST', '/srm/sourcing/event/publish', { id: added.id });
  for (const s of [supA, supB, supC]) await s.call('POST', '/srm/sourcing/supplier/event/accept', { id: added.id });
  const detail = await buyer.call<{ code: string; lots: { id: string }[] }>('GET', '/srm/auction/event/queryById', { id: added.id });
  const code = detail.code;
  const lotId = detail.lots[0]!.id;

  // The buyer's console and three supplier sessions.
  const open = async (session: ApiSession, url: string) => {
    const context = await signedInContext(browser, baseURL!, session);
    const page = await context.newPage();
    await page.goto(url);
    return page;
  };
  const console_ = await open(buyer, '/srm/auction');
  await console_.getByTestId(`auction-open-${code}`).click();
  const enter = async (session: ApiSession) => {
    const page = await open(session, '/srm/my-auction');
    await page.getByTestId(`auction-enter-${code}`).click();
    await expect(page.getByTestId('auction-stream-mode')).toHaveText('实时');
    return page;
  };
  const a = await enter(supA);
  const b = await enter(supB);
  const c = await enter(supC);
  const all = [console_, a, b, c];
  const status = (p: Page) => p.getByTestId('auction-status').first();

  // 1. Before the start nobody can bid: the screen offers no bid, the server refuses one (AUC-1).
  await expect(a.getByTestId('auction-bid-submit')).toBeDisabled();
  const early = await supA.raw('POST', '/srm/auction/supplier/bid', { lotId, price: '29000', clientRequestId: `s5-early-${Date.now()}` });
  expect(early.success).toBe(false);

  // 2. The clock reaches T and the buyer starts: RUNNING on every screen, without a reload.
  await setServerClock(admin, T - Date.now() + 1000);
  await console_.getByTestId('auction-start').click();
  await console_.locator('.ant-popover:not(.ant-popover-hidden)').getByRole('button', { name: /开\s*始|确\s*定/ }).click();
  for (const p of all) await expect(status(p)).toHaveAttribute('data-status', 'RUNNING');

  const bid = async (p: Page, price: string) => {
    await p.getByTestId('auction-bid-input').fill(price);
    await p.getByTestId('auction-bid-submit').click();
  };
  const refusal = (p: Page) => p.getByTestId('auction-bid-error');
  const rank = (p: Page) => p.getByTestId('auction-my-rank');

  // 3. Above the start price (AUC-4).
  await bid(a, '30500');
  await expect(refusal(a)).toContainText('30000');
  // 4. Accepted: A is first; B and C learn nothing of A's price; the buyer sees "供应商1: 29000".
  await bid(a, '29000');
  await expect(rank(a)).toHaveText('1');
  await expect(console_.getByTestId('auction-ranking')).toContainText('29000');
  await expect(console_.getByTestId('auction-ranking')).not.toContainText('华东精密');
  await expect(b.getByTestId('auction-bidding')).not.toContainText('29000');
  // 5. Not one step (1 % of 29 000 = 290) below the best (AUC-5).
  await bid(b, '28800');
  await expect(refusal(b)).toContainText('28710');
  // 6. B leads; A's screen drops to rank 2 by itself.
  await bid(b, '28700');
  await expect(rank(b)).toHaveText('1');
  await expect(rank(a)).toHaveText('2');
  // 7. A tie with B (NO_TIES), and not a step below the best either (AUC-6).
  await bid(a, '28700');
  await expect(refusal(a)).toBeVisible();
  // 8. More than 20 % below the best: confirm first; C cancels and nothing is stored (AUC-8).
  await bid(c, '20000');
  await expect(c.getByTestId('auction-confirm-bid')).toBeVisible();
  await c.getByRole('button', { name: /取\s*消/ }).click();
  await expect(c.getByTestId('auction-my-bids')).toContainText('尚未报价');

  // 9. A and C at the same moment, both a step below 28 700: the lot lock takes exactly one (AUC-10).
  await Promise.all([bid(a, '28400'), bid(c, '28410')]);
  const bids = console_.getByTestId('auction-bids').locator('tbody tr.ant-table-row');
  await expect(bids).toHaveCount(3);
  const bestNow = Number((await console_.getByTestId('auction-best-price').innerText()).replace(/,/g, ''));
  expect([28400, 28410]).toContain(bestNow);
  const [winner, loser] = bestNow === 28400 ? [a, c] : [c, a];
  await expect(rank(winner)).toHaveText('1');
  await expect(refusal(loser)).toBeVisible();
  await expect(rank(b)).toHaveText('2');
  const seqs = (await bids.locator('td:first-child').allInnerTexts()).map(Number).sort((x: number, y: number) => x - y);
  expect(seqs).toEqual([1, 2, 3]);

  // 10. T+27 min: B bids a step below the best; the end moves to the bid time + 5 min on every screen (AUC-9).
  const endOf = async (p: Page) => Date.parse((await p.getByTestId('auction-end-at').getAttribute('data-iso'))!);
  const step = (price: number) => Math.floor(price * 0.99);
  const firstEnd = await endOf(console_);
  await setServerClock(admin, T + 27 * MIN - Date.now());
  await bid(b, String(step(bestNow)));
  await expect(rank(b)).toHaveText('1');
  for (const p of all) await expect(p.getByTestId('auction-extensions')).toHaveText('1 / 2');
  const secondEnd = await endOf(console_);
  expect(secondEnd).toBeGreaterThan(firstEnd);
  expect(secondEnd - (T + 27 * MIN)).toBeGreaterThanOrEqual(5 * MIN);
  expect(secondEnd - (T + 27 * MIN)).toBeLessThan(7 * MIN);

  // 11. Two more valid bids in the new window: the first extends again (2 of 2), the second nothing.
  await setServerClock(admin, T + 31 * MIN - Date.now());
  await bid(winner, String(step(step(bestNow))));
  for (const p of all) await expect(p.getByTestId('auction-extensions')).toHaveText('2 / 2');
  const thirdEnd = await endOf(console_);
  expect(thirdEnd).toBeGreaterThan(secondEnd);
  await setServerClock(admin, T + 32 * MIN - Date.now());
  await bid(b, String(step(step(step(bestNow)))));
  await expect(rank(b)).toHaveText('1');
  await expect(console_.getByTestId('auction-extensions')).toHaveText('2 / 2');
  expect(await endOf(console_)).toBe(thirdEnd);

  // 12. Paused for 3 minutes: bids refused meanwhile; on resume the end moves by the pause (AUC-12).
  await console_.getByTestId('auction-pause').click();
  await console_.getByLabel('暂停原因').fill('网络故障，暂停处理');
  await console_.getByRole('button', { name: '确定暂停' }).click();
  for (const p of all) await expect(status(p)).toHaveAttribute('data-status', 'PAUSED');
  await expect(a.getByTestId('auction-bid-submit')).toBeDisabled();
  const paused = await supA.raw('POST', '/srm/auction/supplier/bid', { lotId, price: '1000', clientRequestId: `s5-paused-${Date.now()}` });
  expect(paused.success).toBe(false);
  await setServerClock(admin, T + 35 * MIN - Date.now());
  await console_.getByTestId('auction-resume').click();
  await console_.locator('.ant-popover:not(.ant-popover-hidden)').getByRole('button', { name: /恢\s*复|确\s*定/ }).click();
  for (const p of all) await expect(status(p)).toHaveAttribute('data-status', 'RUNNING');
  // The pause lasted 3 minutes of server time, give or take the seconds the clicks took
  // between moving the clock and pressing pause / resume.
  const resumedEnd = await endOf(a);
  expect(Math.abs(resumedEnd - thirdEnd - 3 * MIN)).toBeLessThan(30_000);

  await setServerClock(admin, 0);
  for (const p of all) await p.context().close();
});
