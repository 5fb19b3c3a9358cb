import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { API, apiLogin, setServerClock, signedInContext, uscc, type ApiSession } from './helpers.js';
import { sentSmsCode } from './captcha.js';
import { approveOverApi, dayOf, steelPlate, toast, useFlow } from './srm-helpers.js';

/**
 * Scenario S2 of the domain (§25): requisition → RFQ → split award → quota and price records,
 * with the buyer side (requester, director, buyer, manager) and the three suppliers in separate
 * browser contexts. The demo plays the actors: admin is the manager (M), buyer is buyer1,
 * supplier1 / supplier3 / supplier4 are SupA / SupB / SupC. What the demo lacks is made here over
 * the API with names unique to the run: the requester and the director, a blacklisted SupX, the
 * material M-001 and the approval flows. What each step tests goes through the screens.
 */
const DAY = 86_400_000;
const PASSWORD = 'S2#Procura26';
/** A wire time `yyyy-MM-dd HH:mm:ss` (GMT+8) as epoch milliseconds. */
const wireMs = (v: string) => Date.parse(`${v.replace(' ', 'T')}+08:00`);

/** An internal user with the buyer role (the requester and the director of S2), signed in. */
async function internalUser(
  request: APIRequestContext,
  admin: ApiSession,
  username: string,
  realname: string,
): Promise<ApiSession> {
  const roles = await admin.call<{ id: string; roleCode: string }[]>('GET', '/sys/role/queryall');
  await admin.call('POST', '/sys/user/add', {
    username,
    realname,
    password: PASSWORD,
    confirmpassword: PASSWORD,
    selectedroles: roles.find((r) => r.roleCode === 'buyer')!.id,
  });
  return apiLogin(request, username, PASSWORD);
}

/** SupX: registered, its information approved, blacklisted by the buyer and approved by the manager (SST-1). */
async function blacklistedSupplier(
  request: APIRequestContext,
  admin: ApiSession,
  buyer: ApiSession,
  tag: string,
): Promise<string> {
  const company = `S2黑名单供应商${tag}有限公司`;
  const username = `s2supx${tag}`;
  const mobile = `137${tag.slice(-8).padStart(8, '0')}`;
  const smsCode = await sentSmsCode(request, mobile, '1');
  const registered = await request.post(`${API}/sys/user/register`, {
    data: {
      companyName: company,
      uscc: uscc(`91440300MA5${tag.slice(-6)}`),
      contactName: '赵黑',
      mobile,
      smsCode,
      email: `${username}@example.com`,
      username,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      agree: true,
    },
  });
  expect(((await registered.json()) as { success: boolean }).success).toBe(true);
  const supx = await apiLogin(request, username, PASSWORD);
  const upload = await request.post(`${API}/sys/common/upload`, {
    headers: { 'X-Access-Token': supx.token },
    multipart: {
      file: {
        name: 'licence.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
      },
    },
  });
  const licence = ((await upload.json()) as { message: string }).message;
  const profile = await supx.call<{ uscc: string }>('GET', '/supplierBaseAPI/getSupplier');
  await supx.call('POST', '/supplierBaseAPI/saveSupplierInfo', {
    name: company,
    uscc: profile.uscc,
    legalPerson: '钱黑',
    contactName: '赵黑',
    contactMobile: mobile,
    phone: '',
    email: `${username}@example.com`,
    address: '深圳市南山区科技园1号',
    bankName: '招商银行深圳分行',
    bankAccountName: company,
    bankAccountNo: '6225880100001234',
    mainCategories: ['RAW_MATERIAL'],
    businessLicenseFile: licence,
  });
  const supplierId = (
    await buyer.call<{ records: { id: string; name: string }[] }>('GET', '/supplier/list', { name: company })
  ).records.find((r) => r.name === company)!.id;
  await buyer.call('POST', '/supplier/approveInfo', { id: supplierId });
  await buyer.call('POST', '/supplier/blacklist', { id: supplierId, reason: '围标串标' });
  await approveOverApi(admin, company);
  return company;
}

const popover = (page: Page) => page.locator('.ant-popover:not(.ant-popover-hidden)');
/** Confirms the open popconfirm with its OK button (retried: a click while it animates open can be lost). */
async function confirmWith(page: Page, ok: RegExp): Promise<void> {
  const button = popover(page).getByRole('button', { name: ok });
  await expect(async () => {
    await button.click({ timeout: 3_000 });
    await expect(button).toHaveCount(0, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}
/** The manager (or director) approves a task on 我的待办 through the screen. */
async function approveOnScreen(page: Page, titlePart: string): Promise<void> {
  await page.goto('/approval/todo');
  const row = page.getByTestId('approval-todo-page').locator('tr', { hasText: titlePart });
  await row.getByTestId('approval-approve').click();
  await page.getByTestId('approval-decision-ok').click();
  await expect(toast(page, '已同意')).toBeVisible();
  await expect(row).toHaveCount(0);
}

/**
 * A signed-in page at `url`, returned once the app has loaded the user's menu: a navigation
 * while that load is under way aborts it, and the app then signs the user out.
 */
async function openBrowser(browser: Browser, baseURL: string, session: ApiSession, url: string): Promise<Page> {
  const context = await signedInContext(browser, baseURL, session);
  const page = await context.newPage();
  await page.goto(url);
  await expect(page.getByTestId('side-menu')).toBeVisible();
  return page;
}

/** Picks a supplier in the invite picker of the RFQ detail (searched by name). */
async function pickSupplier(page: Page, name: string): Promise<void> {
  const picker = page.getByTestId('sourcing-supplier-picker');
  const input = picker.locator('input');
  const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
    hasText: name,
  });
  await expect(async () => {
    await picker.click();
    await input.fill(name);
    await option.click({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await page.keyboard.press('Escape');
}

// A click that something covers fails within this, not at the end of the test's time.
test.use({ actionTimeout: 15_000 });

/** Undone after the test, passed or not: the server clock and the approval flows it changed. */
const cleanup: (() => Promise<void>)[] = [];
test.afterEach(async ({ request }) => {
  const admin = await apiLogin(request, 'admin');
  await setServerClock(admin, 0);
  for (const undo of cleanup.splice(0).reverse()) await undo();
});

test('S2: requisition to RFQ to a split award, quota and price records', async ({ browser, request, baseURL }) => {
  test.setTimeout(240_000);
  const tag = String(Date.now()).slice(-8);
  const admin = await apiLogin(request, 'admin');
  const buyer = await apiLogin(request, 'buyer');
  const supA = await apiLogin(request, 'supplier1');
  const supB = await apiLogin(request, 'supplier3');
  const supC = await apiLogin(request, 'supplier4');
  const companyOf = async (s: ApiSession) =>
    (await s.call<{ name: string }>('GET', '/supplierBaseAPI/getSupplier')).name;
  const [nameA, nameB, nameC] = [await companyOf(supA), await companyOf(supB), await companyOf(supC)];
  await setServerClock(admin, 0);

  // Set-up over the API: req1 and dir1, the flows (PR-2: the manager, and the director from 50 000;
  // award and quota: the manager), SupX, M-001.
  const req1 = await internalUser(request, admin, `s2req${tag}`, `需求人${tag}`);
  const dir1 = await internalUser(request, admin, `s2dir${tag}`, `总监${tag}`);
  cleanup.push(
    await useFlow(admin, 'PURCHASE_REQUISITION', '采购申请审批', [
      { name: '采购经理审批', minAmount: null, approverType: 'ROLE', approverId: 'admin' },
      { name: '总监审批', minAmount: '50000', approverType: 'USER', approverId: (dir1.userInfo as { id: string }).id },
    ]),
    await useFlow(admin, 'SOURCING_AWARD', '定标审批', [
      { name: '采购经理审批', minAmount: null, approverType: 'ROLE', approverId: 'admin' },
    ]),
    await useFlow(admin, 'QUOTA_ARRANGEMENT', '配额审批', [
      { name: '采购经理审批', minAmount: null, approverType: 'ROLE', approverId: 'admin' },
    ]),
  );
  const supX = await blacklistedSupplier(request, admin, buyer, tag);
  const material = await steelPlate(admin, buyer, `钢板 Q235 S2-${tag}`);
  const title = `S2钢板采购${tag}`;

  // 1. req1 raises the PR: 100 吨 M-001, needed in 30 days, 4 800/吨 → budget 480 000.
  const reqPage = await openBrowser(browser, baseURL!, req1, '/srm/requisition');
  await reqPage.getByTestId('requisition-new').click();
  const prForm = reqPage.getByTestId('requisition-form');
  await prForm.getByLabel('申请标题').fill(title);
  const materialPicker = reqPage.getByTestId('line-material-0');
  await expect(async () => {
    await materialPicker.click();
    await materialPicker.locator('input').fill(material.name);
    await reqPage
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
        hasText: material.name,
      })
      .click({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await reqPage.getByTestId('line-qty-0').fill('100');
  // An antd date picker: the typed date is taken with Enter.
  await reqPage.getByTestId('line-date-0').fill(dayOf(30));
  await reqPage.getByTestId('line-date-0').press('Enter');
  await reqPage.getByTestId('line-price-0').fill('4800');
  await reqPage.getByTestId('requisition-save').click();
  // The saved draft opens in the generic document detail.
  const prDetail = reqPage.locator('.ant-drawer-open', { has: reqPage.getByTestId('workflow-detail') });
  await expect(prDetail.getByTestId('resource-detail')).toContainText('480000.00 CNY');
  await prDetail.getByTestId('detail-requisition-submit').click();
  await reqPage.getByTestId('requisition-submit-ok').click();
  await expect(prDetail.getByTestId('resource-detail')).toContainText('审批中');
  const pr = (
    await req1.call<{ records: { id: string; code: string }[] }>('GET', '/srm/requisition/list', {
      title: `*${title}*`,
    })
  ).records[0]!;
  // PR-2: above 50 000 the route holds the director's step after the manager's.
  const application = (
    await req1.call<{ records: { id: string; title: string }[] }>('GET', '/approval/mine/list', { pageSize: '100' })
  ).records.find((r) => r.title.includes(pr.code))!;
  const route = await req1.call<{ steps: { name: string }[] }>('GET', '/approval/instance/queryById', {
    id: application.id,
  });
  expect(route.steps.map((s) => s.name)).toEqual(['采购经理审批', '总监审批']);
  await reqPage.context().close();

  // 2. The manager's step (not what S2 tests) over the API; dir1 approves on 我的待办: PR APPROVED, line OPEN.
  await approveOverApi(admin, pr.code);
  const dirPage = await openBrowser(browser, baseURL!, dir1, '/approval/todo');
  await approveOnScreen(dirPage, pr.code);
  await dirPage.context().close();

  // 3. buyer1: 创建询价 from the PR line (deadline T+3 days), 按数量拆分, invites SupA and SupB only, publishes: refused (RFQ-1).
  const buyerPage = await openBrowser(browser, baseURL!, buyer, `/srm/requisition?open=${pr.id}`);
  const approvedPr = buyerPage.locator('.ant-drawer-open', { has: buyerPage.getByTestId('workflow-detail') });
  await expect(approvedPr.getByTestId('resource-detail')).toContainText('已审批');
  await expect(approvedPr.getByTestId('requisition-lines')).toContainText('待处理');
  await approvedPr.getByTestId('detail-requisition-create-rfq').click();
  const deadlineText = new Date(Date.now() + 3 * DAY + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
  const deadlineInput = buyerPage.getByTestId('create-rfq').locator('.ant-picker input');
  await deadlineInput.click();
  await deadlineInput.fill(deadlineText);
  await deadlineInput.press('Enter');
  await expect(deadlineInput).toHaveValue(deadlineText);
  await buyerPage.getByTestId('create-rfq-submit').click();
  await expect(buyerPage).toHaveURL(/\/srm\/sourcing\?open=/);
  const eventId = new URL(buyerPage.url()).searchParams.get('open')!;
  const rfq = buyerPage.getByTestId('sourcing-detail');
  await expect(rfq).toBeVisible();
  await buyerPage.getByTestId('sourcing-edit').click();
  const rfqForm = buyerPage.locator('.ant-modal', { hasText: '编辑询价单' });
  await expect(rfqForm).toContainText('物料行来自采购申请');
  await rfqForm.locator('.ant-form-item', { hasText: '定标方式' }).locator('.ant-select').click();
  await buyerPage
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: '按数量拆分' })
    .click();
  await rfqForm.getByRole('button', { name: '保存草稿' }).click();
  await expect(toast(buyerPage, '询价单已保存')).toBeVisible();
  const code = (await buyer.call<{ code: string }>('GET', '/srm/sourcing/event/queryById', { id: eventId })).code;
  await rfq.getByRole('tab', { name: /供应商/ }).click();
  for (const name of [nameA, nameB]) await pickSupplier(buyerPage, name);
  await rfq.getByRole('button', { name: /^邀\s*请$/ }).click();
  await expect(toast(buyerPage, '已邀请供应商')).toBeVisible();
  await buyerPage.getByTestId('sourcing-publish').click();
  await confirmWith(buyerPage, /^发\s*布$/);
  await expect(toast(buyerPage, '邀请供应商不足：至少邀请3家，当前2家')).toBeVisible();
  await expect(buyerPage.getByTestId('sourcing-publish')).toBeVisible();

  // 4. SupA again is refused (RFQ-3) and SupX not offered (RFQ-2 / X-15); SupC is invited; publish succeeds; PR line IN_SOURCING (PR-3).
  const picked = buyerPage.getByTestId('sourcing-supplier-picker');
  await pickSupplier(buyerPage, nameA);
  await rfq.getByRole('button', { name: /^邀\s*请$/ }).click();
  await expect(toast(buyerPage, `供应商“${nameA}”已在邀请名单中，不能重复邀请`)).toBeVisible();
  await picked.locator('.ant-select-selection-item-remove').click();
  // SupX is not even offered: the picker lists only suppliers the event admits (X-15; the server refuses it too).
  const searched = buyerPage.waitForResponse(
    (r) => r.url().includes('/inviteCandidates') && new URL(r.url()).searchParams.get('keyword') === supX,
  );
  await picked.click();
  await picked.locator('input').fill(supX);
  await searched;
  await expect(
    buyerPage.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
      hasText: supX,
    }),
  ).toHaveCount(0);
  await buyerPage.keyboard.press('Escape');
  await pickSupplier(buyerPage, nameC);
  await rfq.getByRole('button', { name: /^邀\s*请$/ }).click();
  await expect(toast(buyerPage, '已邀请供应商')).toBeVisible();
  await expect(rfq.locator('.ant-table-row')).toHaveCount(3);
  await expect(rfq).not.toContainText(supX);
  await buyerPage.getByTestId('sourcing-publish').click();
  await confirmWith(buyerPage, /^发\s*布$/);
  await expect(toast(buyerPage, '询价单已发布')).toBeVisible();
  const event = await buyer.call<{ responseDeadline: string; awardMode: string }>(
    'GET',
    '/srm/sourcing/event/queryById',
    { id: eventId },
  );
  expect(event.awardMode).toBe('SPLIT_BY_QTY');
  const deadline = wireMs(event.responseDeadline);
  expect(Math.abs(deadline - (Date.now() + 3 * DAY))).toBeLessThan(5 * 60_000);
  const prLine = async () =>
    (
      await buyer.call<{ lines: { lineStatus: string; qtyInSourcing: string }[] }>(
        'GET',
        '/srm/requisition/queryById',
        { id: pr.id },
      )
    ).lines[0]!;
  expect(await prLine()).toMatchObject({ lineStatus: 'IN_SOURCING' });

  // 5. SupA and SupB accept and quote 4 600 and 4 700; SupA revises to 4 550: version 2 counts, version 1 SUPERSEDED (RFQ-6).
  const fillQuote = async (page: Page, price: string) => {
    await page.getByLabel('第1行单价').fill(price);
    await page.getByLabel('报价有效期').fill(dayOf(60));
    await page.getByLabel('报价有效期').press('Enter');
  };
  const sendQuote = async (page: Page) => {
    await page.getByTestId('quote-submit').click();
    await confirmWith(page, /^提\s*交$/);
  };
  const quoteOn = async (page: Page, price: string, version: number) => {
    await fillQuote(page, price);
    await sendQuote(page);
    await expect(page.getByTestId('quote-receipt')).toContainText(`第${version}版`);
  };
  const openInvitation = async (session: ApiSession) => {
    const page = await openBrowser(browser, baseURL!, session, '/srm/my-sourcing');
    await page.getByTestId(`my-sourcing-open-${code}`).click();
    await page.getByTestId('my-sourcing-accept').click();
    await confirmWith(page, /^接\s*受$/);
    await expect(page.getByTestId('quote-form')).toBeVisible();
    return page;
  };
  const [pageA, pageB, pageC] = [await openInvitation(supA), await openInvitation(supB), await openInvitation(supC)];
  await quoteOn(pageA, '4600', 1);
  await quoteOn(pageB, '4700', 1);
  await quoteOn(pageA, '4550', 2);
  // 我的报价版本: code, version, status, …
  const versionsA = pageA
    .getByTestId('my-sourcing-detail')
    .locator('.ant-table-row')
    .filter({ hasText: /已被新版本替代|已提交/ });
  await expect(versionsA).toHaveCount(2);
  await expect(versionsA.filter({ hasText: '已被新版本替代' }).locator('td').nth(1)).toHaveText('1');
  await expect(versionsA.filter({ hasText: '已提交' }).locator('td').nth(1)).toHaveText('2');

  // 6. Before the deadline the buyer sees only who responded, no price; 开标 is refused (RFQ-5).
  await buyerPage.locator('.ant-drawer-open .ant-drawer-close').last().click();
  await buyerPage.getByTestId(`sourcing-open-${code}`).click();
  await rfq.getByRole('tab', { name: /供应商/ }).click();
  for (const [name, responded] of [
    [nameA, '是'],
    [nameB, '是'],
    [nameC, '否'],
  ] as const)
    await expect(rfq.locator('.ant-table-row', { hasText: name })).toContainText(responded);
  await expect(rfq).not.toContainText(/4550|4600|4700/);
  await expect(rfq.getByRole('tab', { name: '比价' })).toHaveCount(0);
  await buyerPage.getByTestId('sourcing-open').click();
  await confirmWith(buyerPage, /^开\s*标$/);
  await expect(toast(buyerPage, /前不能开标/)).toBeVisible();
  expect((await buyer.raw('GET', '/srm/sourcing/event/matrix', { id: eventId })).message).toBe('开标前不能查看报价');

  // 7. The clock reaches the deadline; SupC's quote, sent at that instant, is refused and not stored (RFQ-4, X-1).
  await fillQuote(pageC, '4800');
  await setServerClock(admin, deadline - Date.now());
  await sendQuote(pageC);
  await expect(toast(pageC, /报价已截止.*本次提交未保存/)).toBeVisible();
  await expect(pageC.getByTestId('my-sourcing-detail')).toContainText('尚未报价');

  // 8. Two quotes < minQuotes 3: opening leaves the RFQ INSUFFICIENT (RFQ-7).
  await buyerPage.getByTestId('sourcing-open').click();
  await confirmWith(buyerPage, /^开\s*标$/);
  const insufficient = buyerPage.locator('.ant-modal-confirm', { hasText: '有效报价不足' });
  await expect(insufficient).toBeVisible();
  await insufficient.getByRole('button').click();
  await expect(buyerPage.getByTestId('sourcing-insufficient')).toBeVisible();

  // 9. The manager continues (RFQ-7) and the quotes open; the buyer's matrix marks SupA's 4 550 lowest.
  const mgrPage = await openBrowser(browser, baseURL!, admin, `/srm/sourcing?open=${eventId}`);
  await mgrPage.getByTestId('sourcing-continue').click();
  await mgrPage.getByTestId('sourcing-reason').fill('报价已截止，两家有效报价，经批准继续开标');
  await mgrPage.locator('.ant-modal').getByRole('button', { name: '继续开标' }).click();
  await expect(toast(mgrPage, '已开标')).toBeVisible();
  await buyerPage.locator('.ant-drawer-open .ant-drawer-close').last().click();
  await buyerPage.getByTestId(`sourcing-open-${code}`).click();
  await rfq.getByRole('tab', { name: '比价' }).click();
  const matrix = buyerPage.getByTestId('sourcing-matrix');
  await expect(matrix.getByTestId('lowest-price')).toHaveCount(1);
  await expect(matrix.getByTestId('lowest-price')).toContainText('4550');
  await expect(matrix).toContainText('4700');
  // The status timeline (issue 17): the short opening and the manager's continuation, in Chinese.
  await rfq.getByRole('tab', { name: '状态记录' }).click();
  const timeline = rfq.getByTestId('sourcing-timeline');
  await expect(timeline).toContainText('开标：有效报价2家，少于3家 已发布 → 响应不足');
  await expect(timeline).toContainText('继续开标：报价已截止，两家有效报价，经批准继续开标 响应不足 → 已开标');

  // 10. A split 60 % SupA / 50 % SupB is refused (AWD-3): in the form, and by the server; nothing is stored.
  await rfq.getByRole('tab', { name: '定标' }).click();
  const share = (name: string) => buyerPage.getByLabel(`第1行${name}份额`);
  await share(nameA).fill('60');
  await share(nameB).fill('50');
  await buyerPage.getByLabel('价格生效日期').fill(dayOf(3));
  await buyerPage.getByLabel('价格生效日期').press('Enter');
  await buyerPage.getByLabel('价格失效日期').fill(dayOf(368));
  await buyerPage.getByLabel('价格失效日期').press('Enter');
  await buyerPage.getByTestId('sourcing-award-submit').click();
  await confirmWith(buyerPage, /^提交审批$/);
  await expect(toast(buyerPage, '第1行份额合计须为100%（当前110%）')).toBeVisible();
  const lineId = (
    await buyer.call<{ lines: { id: string }[] }>('GET', '/srm/sourcing/event/queryById', { id: eventId })
  ).lines[0]!.id;
  const supplierIdOf = (s: ApiSession) => (s.userInfo as { supplierId: string }).supplierId;
  const [idA, idB] = [supplierIdOf(supA), supplierIdOf(supB)];
  const over = await buyer.raw('POST', '/srm/sourcing/award/save', {
    eventId,
    priceValidFrom: dayOf(3),
    priceValidTo: dayOf(368),
    lines: [
      { sourcingLineId: lineId, supplierId: idA, sharePct: 60 },
      { sourcingLineId: lineId, supplierId: idB, sharePct: 50 },
    ],
  });
  expect(over).toMatchObject({
    success: false,
    message: '第1行各供应商份额合计须为100%，当前110%',
    rules: ['RFQ-10', 'AWD-3'],
  });
  expect(await buyer.call('GET', '/srm/sourcing/award/queryByEventId', { eventId })).toBeNull();

  // 11. 60 / 40, approved by the manager: FINAL; notices; price records (MAT-4); quota draft 60/40 (QUO-9); PR line SOURCED.
  await share(nameB).fill('40');
  await buyerPage.getByTestId('sourcing-award-submit').click();
  await confirmWith(buyerPage, /^提交审批$/);
  await expect(toast(buyerPage, '定标已提交审批')).toBeVisible();
  await approveOnScreen(mgrPage, `定标：${code}`);
  expect(await buyer.call('GET', '/srm/sourcing/award/queryByEventId', { eventId })).toMatchObject({ status: 'FINAL' });
  for (const [page, notice] of [
    [pageA, `中标通知：${title}`],
    [pageB, `中标通知：${title}`],
    [pageC, `未中标通知：${title}`],
  ] as const) {
    await page.locator('.ant-drawer-open .ant-drawer-close').click();
    await page.getByTestId('notice-bell').click();
    const panel = page.getByTestId('notice-panel');
    await panel.getByText(/^系统消息\(\d+\)$/).click();
    await expect(panel.getByTestId('notice-item').filter({ hasText: notice })).toBeVisible({ timeout: 15_000 });
  }
  const prices = await buyer.call<{
    records: { supplierId: string; unitPrice: string; sourceType: string; status: string }[];
  }>('GET', '/srm/priceRecord/list', { materialId: material.id, pageSize: '10' });
  expect(prices.records.map((p) => [p.supplierId, Number(p.unitPrice), p.sourceType, p.status]).sort()).toEqual(
    [
      [idA, 4550, 'AWARD', 'ACTIVE'],
      [idB, 4700, 'AWARD', 'ACTIVE'],
    ].sort(),
  );
  expect(await prLine()).toMatchObject({ lineStatus: 'SOURCED' });

  // 12. The buyer finds the draft 60/40 on 配额管理 and submits it; the manager approves: ACTIVE (QUO-1, QUO-2).
  await buyerPage.goto('/srm/quota');
  await buyerPage.getByTestId('resource-search').getByLabel('物料').fill(material.name);
  await buyerPage
    .getByTestId('resource-search')
    .getByRole('button', { name: /查\s*询/ })
    .click();
  const quotaRow = buyerPage.getByTestId('resource-table').locator('.ant-table-row');
  await expect(quotaRow).toHaveCount(1);
  await expect(quotaRow).toContainText(`${nameA} 60% / ${nameB} 40%`);
  await expect(quotaRow).toContainText(code);
  await expect(quotaRow).toContainText('草稿');
  await quotaRow.getByText('详情').click();
  // The generic workflow-document detail: fields, actions, the shares with their sum, the timeline, the source.
  const quota = buyerPage.locator('.ant-drawer-open').last();
  await expect(buyerPage.getByTestId('quota-detail-sum')).toHaveText('100%');
  await expect(quota).toContainText(`${dayOf(3)} 至 ${dayOf(368)}`);
  const fields = quota.getByTestId('resource-detail');
  const quotaCode = ((await fields.locator('tr', { hasText: '配额编号' }).locator('td').textContent()) ?? '').trim();
  await buyerPage.getByTestId('detail-quota-submit').click();
  await buyerPage
    .locator('.ant-modal')
    .getByRole('button', { name: /^提\s*交$/ })
    .click();
  await expect(toast(buyerPage, '配额已提交审批')).toBeVisible();
  const status = fields.locator('tr', { hasText: '状态' });
  await expect(status).toContainText('审批中');
  await approveOnScreen(mgrPage, `配额：${quotaCode}`);
  await buyerPage.locator('.ant-drawer-open .ant-drawer-close').last().click();
  await quotaRow.getByText('详情').click();
  await expect(status).toContainText(/^状态\s*生效$/);
  await expect(quota).toContainText(/生效时间\s*\d{4}-\d{2}-\d{2}/);
  for (const page of [buyerPage, mgrPage, pageA, pageB, pageC]) await page.context().close();
});
