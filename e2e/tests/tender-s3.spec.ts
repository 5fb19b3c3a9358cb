import { expect, test, type Page } from '@playwright/test';
import { confirmPopover, setServerClock } from './helpers.js';
import {
  approveTask,
  bid,
  clockAt,
  DAY,
  declareAndScore,
  iso,
  finalizeAward,
  openMyTender,
  openTender,
  pageFor,
  tenderScenario,
  userIdOf,
  wireMs,
} from './tender-helpers.js';

/**
 * Scenario S3 of the domain (§25): a public tender from the portal announcement to the award
 * notice, with the buyer, the visitor, the suppliers and the committee's chair each in their own
 * browser context. Set-up that S3 does not test goes through the API (experts and a fourth
 * qualified supplier, the approval flows, the draft, the manager's approvals, bids and scores of
 * the people whose screens a step does not test); every step under test goes through a screen.
 */
const MIN = 60_000;

/** Picks a committee member in the buyer's 评标 tab by searching their name. */
async function addMember(page: Page, name: string): Promise<void> {
  const picker = page.getByTestId('committee-picker');
  const seats = page.getByTestId('committee-seats');
  await expect(async () => {
    await picker.click();
    await picker.locator('input').fill(name);
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: name })
      .click({ timeout: 3_000 });
    await expect(seats).toContainText(name, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

test('S3: public tender — TND-1 refusal, portal 报名中 (§23), 请先登录或注册, sign-ups unseen by others (TND-23), TND-3 push, sealed bids (TND-5), open refused early (TND-8), opening record (TND-10), committee TND-11, hidden scores (TND-12), formula price (TND-13), report (TND-16), publicity (TND-17), award and result notices together (TND-19)', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const { admin, buyer, run, supA, supB, supC, supE, experts, buyer2 } = await tenderScenario(request);

  // 1. The buyer's draft: legally mandatory open tender, 500 吨 steel plate, 60/30/10, documents from T,
  //    sign-up until T+14, bids due T+15 — submitting it is refused (TND-1).
  const T = Date.now();
  const title = `S3钢板公开招标${run}`;
  const draft = await buyer.call<{ id: string }>('POST', '/srm/tender/add', {
    title,
    method: 'OPEN_TENDER',
    legalMandatory: 1,
    docIssueStartAt: iso(T - MIN),
    docIssueEndAt: iso(T + 14 * DAY),
    responseDeadline: iso(T + 15 * DAY),
    evaluationMethod: 'COMPREHENSIVE_SCORE',
    priceWeight: 60,
    techWeight: 30,
    businessWeight: 10,
    openingOfficerIds: [userIdOf(buyer), userIdOf(admin)],
    contactName: '王工',
    lines: [{ materialName: '钢板 Q235 10 mm', unit: 'TON', qty: '500' }],
  });
  const id = draft.id;
  const detail = () =>
    buyer.call<{
      code: string;
      version: number;
      status: string;
      responseDeadline: string;
      participants: { supplierName: string; status: string }[];
    }>('GET', '/srm/tender/queryById', { id });
  const code = (await detail()).code;
  const b = await pageFor(browser, baseURL!, buyer, '/srm/tender');
  await openTender(b, code);
  await b.getByTestId('tender-submit').click();
  await confirmPopover(b, /^提\s*交$/);
  await expect(
    b.getByText('依法必须招标的项目，自招标文件开始发出之日起至投标截止时间止不得少于20日').first(),
  ).toBeVisible();

  // 2. Deadline T+21: submitted, approved by the manager, published; the portal lists it under 招标, 报名中, green countdown (§23).
  await buyer.call('PUT', '/srm/tender/edit', {
    id,
    version: (await detail()).version,
    responseDeadline: iso(T + 21 * DAY),
  });
  await b.getByTestId('tender-submit').click();
  await confirmPopover(b, /^提\s*交$/);
  await expect(b.getByText('招标项目已提交审批').first()).toBeVisible();
  await approveTask(admin, code);
  await openTender(b, code);
  await b.getByTestId('tender-publish').click();
  await confirmPopover(b, /^发\s*布$/);
  await expect(b.getByText('招标项目已发布').first()).toBeVisible();
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/purchaseAnnouncement?likeName=${encodeURIComponent(title)}`);
  const card = visitor.getByTestId('portal-purchase-item').filter({ hasText: title });
  await expect(card).toHaveAttribute('data-type', 'tender');
  await expect(card.getByTestId('portal-purchase-status')).toHaveText('报名中');
  for (const text of ['钢板 Q235 10 mm', '公开招标', '物资', '报名截止时间']) await expect(card).toContainText(text);
  await expect(card.getByTestId('portal-countdown')).toHaveAttribute('data-color', 'green');

  // 3. A visitor clicks 报名 in the invitation dialog.
  await visitor.goto((await card.getByTestId('portal-detail-link').getAttribute('href'))!);
  await visitor.getByTestId('portal-signup-open').click();
  await visitor.getByTestId('portal-invitation-signup').click();
  await expect(visitor.getByTestId('portal-invitation-message')).toContainText('请先登录或注册');

  // 4. SupA signs up in 我的投标, the others over the API; SupA's tender shows nobody else (TND-23).
  const a = await pageFor(browser, baseURL!, supA, '/srm/my-tender');
  await a.getByTestId('open-tender-table').locator('tr', { hasText: title }).getByTestId('tender-signup').click();
  await confirmPopover(a, /^报\s*名$/);
  await expect(a.getByText('报名成功').first()).toBeVisible();
  for (const s of [supB, supC, supE]) await s.call('POST', '/srm/tender/supplier/signup', { id });
  expect((await detail()).participants.map((p) => p.status)).toEqual(['APPROVED', 'APPROVED', 'APPROVED', 'APPROVED']);
  await openMyTender(a, code);
  for (const other of [supB.name, supC.name, supE.name])
    await expect(a.getByTestId('my-tender-detail')).not.toContainText(other);

  // 5. SupB asks; at T+10 the buyer publishes a clarification that affects bids: the deadline moves to 15 days on (TND-3), SupB unnamed (SRC-9).
  await supB.call('POST', '/srm/sourcing/supplier/clarification/ask', {
    eventId: id,
    question: '钢板厚度公差按哪个标准？',
  });
  await clockAt(admin, T + 10 * DAY);
  await openTender(b, code);
  await b.getByTestId('tender-amendment').click();
  await b.getByLabel('是否影响投标').click();
  await b.locator('.ant-select-item-option', { hasText: '可能影响投标文件编制' }).click();
  await b.getByTestId('tender-ask-text').fill('厚度公差按 GB/T 709 执行');
  await b.getByRole('button', { name: /确\s*定/ }).click();
  await expect(b.getByText(/已发布；投标截止时间已顺延至 .+/).first()).toBeVisible();
  const deadline = wireMs((await detail()).responseDeadline);
  expect(Math.abs(deadline - (T + 25 * DAY))).toBeLessThan(5 * MIN);
  await openMyTender(a, code);
  await a.getByRole('tab', { name: '澄清', exact: true }).click();
  await expect(a.getByTestId('tender-clarifications')).toContainText('厚度公差按 GB/T 709 执行');
  await expect(a.getByTestId('tender-clarifications')).not.toContainText(supB.name);

  // 6. Sealed bids: SupC bids and revises in its screen, the others over the API; nobody reads prices or files before opening (TND-5).
  await Promise.all([bid(supA, id, '4500'), bid(supB, id, '4600'), bid(supE, id, '4800')]);
  const c = await pageFor(browser, baseURL!, supC, '/srm/my-tender');
  await openMyTender(c, code);
  await c.getByRole('tab', { name: '投标', exact: true }).click();
  const submitBid = async (price: string) => {
    await c.getByTestId('tender-bid-tech').fill('技术方案：Q235B 热轧，提供材质证明');
    await c.getByTestId('tender-bid-price-1').fill(price);
    await c.getByTestId('tender-bid-submit').click();
    await confirmPopover(c, /^递\s*交$/);
    await expect(c.getByTestId('tender-bid-receipt')).toBeVisible();
  };
  await submitBid('4700');
  await submitBid('4650');
  await expect(c.getByTestId('tender-bid-receipt')).toContainText('第2版');
  await expect(c.getByTestId('tender-bid-versions')).toContainText('已被新版本替代');
  for (const who of [buyer, admin])
    expect(await who.raw('GET', '/srm/tender/bids', { id })).toMatchObject({
      message: '开标前不能查看投标文件',
      rules: ['TND-5'],
    });
  expect((await experts[0]!.raw('GET', '/srm/tender/evaluation/bids', { eventId: id })).success).toBe(false);
  await openTender(b, code);
  await expect(b.getByRole('tab', { name: '投标文件', exact: true })).toHaveCount(0);
  await expect(b.getByTestId('tender-detail')).not.toContainText('4650');

  // 7. One minute before the deadline the buyer's opening is refused (TND-8).
  await clockAt(admin, deadline - MIN);
  await b.getByTestId('tender-open').click();
  await confirmPopover(b, /确认开标/);
  await expect(b.getByText(/前不能开标/).first()).toBeVisible();
  // The refusal (HTTP 409) is a notification over the drawer's commands: closed before going on.
  await b.locator('.ant-notification-notice-close').click();
  await expect(b.locator('.ant-notification-notice')).toHaveCount(0);

  // 8. At the deadline both officers confirm: the opening record with 4 names and prices, to the buyer and every bidder (TND-10); portal 评审中.
  await clockAt(admin, deadline + 1000);
  await b.getByTestId('tender-open').click();
  await confirmPopover(b, /确认开标/);
  await expect(b.getByText('已确认开标，等待其他开标人确认').first()).toBeVisible();
  await admin.call('POST', '/srm/tender/open', { id });
  await openTender(b, code);
  await b.getByRole('tab', { name: '开标', exact: true }).click();
  for (const s of [supA, supB, supC, supE]) await expect(b.getByTestId('tender-opening')).toContainText(s.name);
  await expect(b.getByTestId('tender-opening')).toContainText('2325000.00');
  await openMyTender(a, code);
  await a.getByRole('tab', { name: '开标记录', exact: true }).click();
  for (const text of [supB.name, supC.name, supE.name, '2250000.00', '2325000.00'])
    await expect(a.getByTestId('tender-opening-record')).toContainText(text);
  await visitor.goto(`/purchaseAnnouncement?likeName=${encodeURIComponent(title)}`);
  await expect(card.getByTestId('portal-purchase-status')).toHaveText('评审中');

  // 9. The method from the tender's weights; a committee of 4 is refused (TND-11).
  await openTender(b, code);
  await b.getByRole('tab', { name: '评标', exact: true }).click();
  await b.getByTestId('evaluation-setup-save').click();
  await expect(b.getByTestId('evaluation-setup-saved')).toBeVisible();
  for (const e of experts) await addMember(b, e.name);
  await b.getByTestId('committee-submit').click();
  await confirmPopover(b, /^组\s*建$/);
  await expect(b.getByText('评标委员会须为5人以上单数，当前4人').first()).toBeVisible();
  // 10. exp1–exp4 and buyer2 as the buyer's representative: accepted.
  await addMember(b, buyer2.name);
  await b.getByLabel(`${buyer2.name}的角色`).click();
  await b
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: '采购人代表' })
    .click();
  await b.getByTestId('committee-submit').click();
  await confirmPopover(b, /^组\s*建$/);
  await expect(b.getByTestId('committee-members')).toContainText(buyer2.name);
  await expect(b.getByTestId('committee-members')).toContainText('主任委员');

  // 11. exp2 scores first; exp1 (the chair, in 评标) does not see exp2's scores until submitting its own (TND-12).
  await declareAndScore(experts[1]!, id);
  const e1 = await pageFor(browser, baseURL!, experts[0]!, '/srm/tender-evaluation');
  await e1.getByTestId(`seat-open-${code}`).click();
  await e1.getByText('本人与本项目各投标人不存在利害关系').click();
  await e1.getByTestId('declare').click();
  await expect(e1.getByTestId('others-hidden')).toBeVisible();
  for (const s of [supA, supB, supC, supE]) {
    await e1.getByLabel(`${s.name}技术方案`).fill('25');
    await e1.getByLabel(`${s.name}商务条款`).fill('8');
  }
  await e1.getByTestId('score-submit').click();
  await confirmPopover(e1, /^提\s*交$/);
  await expect(e1.getByTestId('scores-table')).toContainText(experts[1]!.name);
  for (const m of [experts[2]!, experts[3]!, buyer2]) await declareAndScore(m, id);

  // 12. The chair ranks (price by formula, TND-13: SupA's lowest price takes all 60) and signs; the others sign: SIGNED with 3 candidates (TND-16).
  await e1.getByTestId('report-generate').click();
  await confirmPopover(e1, /^生\s*成$/);
  await expect(e1.getByTestId('ranking-table').locator('tbody tr').first()).toContainText(supA.name);
  await expect(e1.getByTestId('ranking-table').locator('tbody tr').first()).toContainText('60.00');
  await e1.getByTestId('report-sign').click();
  await confirmPopover(e1, /^签\s*字$/);
  await expect(e1.getByText(new RegExp(`已签字：.*${experts[0]!.name}`))).toBeVisible();
  for (const m of [experts[1]!, experts[2]!, experts[3]!, buyer2])
    await m.call('POST', '/srm/tender/evaluation/report/sign', { eventId: id });
  await openTender(b, code);
  await b.getByRole('tab', { name: '评标', exact: true }).click();
  await expect(b.getByTestId('tender-report')).toContainText('已全体签字');
  await expect(b.getByTestId('tender-report-candidates')).toHaveText(
    new RegExp(`^第一中标候选人：${supA.name}.+；第二中标候选人：${supB.name}.+；第三中标候选人：${supC.name}`),
  );

  // 13. The buyer proposes rank 1 (SupA), the manager approves: PUBLICITY for 3 days; the portal shows the 3 candidates (TND-17).
  await b.getByRole('tab', { name: '定标', exact: true }).click();
  await expect(b.getByRole('radio', { name: new RegExp(`第一中标候选人：${supA.name}`) })).toBeChecked();
  await b.getByTestId('award-propose').click();
  await confirmPopover(b, /^提交审批$/);
  await expect(b.getByText('定标已提交审批').first()).toBeVisible();
  await approveTask(admin, code);
  await openTender(b, code);
  await b.getByRole('tab', { name: '定标', exact: true }).click();
  await expect(b.getByTestId('award-status-tag')).toHaveText('中标候选人公示中');
  const award = await buyer.call<{ award: { publicityStartAt: string; publicityEndAt: string } }>(
    'GET',
    '/srm/tender/award',
    { eventId: id },
  );
  expect(wireMs(award.award.publicityEndAt) - wireMs(award.award.publicityStartAt)).toBe(3 * DAY);
  await visitor.goto('/resultAnnouncement');
  await visitor
    .getByTestId('portal-result-item')
    .filter({ hasText: `${title} 中标候选人公示` })
    .click();
  const publicity = visitor.getByTestId('portal-supplier-list');
  for (const text of [`第一中标候选人${supA.name}`, `第二中标候选人${supB.name}`, `第三中标候选人${supC.name}`])
    await expect(publicity).toContainText(text);
  const phase = async () => {
    await visitor.goto(`/purchaseAnnouncement?likeName=${encodeURIComponent(title)}`);
    return visitor.getByTestId('portal-purchase-item').filter({ hasText: title }).getByTestId('portal-purchase-status');
  };
  await expect(await phase()).toHaveText('公示中');

  // 14. The publicity ends with no objection: 定标生效 — SupA's award notice and the other three's result notices at the same instant (TND-19); the portal's winning-bid card.
  await clockAt(admin, wireMs(award.award.publicityEndAt) + MIN);
  await finalizeAward(b, code);
  type Notice = { titile: string; sendTime: string };
  const notices = async (s: typeof supA) =>
    (await s.call<{ records: Notice[] }>('GET', '/sys/sysAnnouncementSend/getMyAnnouncementSend', { pageSize: '50' }))
      .records;
  const winner = (await notices(supA)).find((n) => n.titile === `中标通知书：${title}`);
  expect(winner).toBeTruthy();
  for (const s of [supB, supC, supE]) {
    const mine = await notices(s);
    expect(mine.find((n) => n.titile === `中标通知书：${title}`)).toBeUndefined();
    expect(mine.find((n) => n.titile === `中标结果通知书：${title}`)?.sendTime).toBe(winner!.sendTime);
  }
  await openMyTender(a, code);
  await a.getByRole('tab', { name: '评标结果', exact: true }).click();
  await expect(a.getByTestId('tender-result')).toContainText(`中标人${supA.name}`);
  await visitor.goto('/resultAnnouncement');
  await visitor
    .getByTestId('portal-result-item')
    .filter({ hasText: `${title} 结果公示` })
    .click();
  await expect(visitor.getByTestId('portal-win-company')).toHaveText(supA.name);
  await expect(visitor.getByTestId('portal-win-project')).toHaveText(title);
  await expect(visitor.getByTestId('portal-win-code')).toHaveText(code);
  await expect(visitor.getByTestId('portal-supplier-list')).toContainText(`中标人${supA.name}`);
  await expect(await phase()).toHaveText('已结束');

  await setServerClock(admin, 0);
  for (const p of [b, visitor, a, c, e1]) await p.context().close();
});
