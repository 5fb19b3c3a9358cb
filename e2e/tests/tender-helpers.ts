import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  API,
  apiLogin,
  confirmPopover,
  DEMO_PASSWORD,
  setServerClock,
  signedInContext,
  uscc,
  type ApiSession,
} from './helpers.js';
import { sentSmsCode } from './captcha.js';

/**
 * Set-up of the tender scenarios (domain §25 S3, S4) over the API: what the scenarios do not
 * test — experts, a fourth qualified supplier, the approval flows, bids of the suppliers whose
 * screens a step does not test, and a tender run to publicity — so that the browser does only
 * the steps under test.
 */
export const DAY = 86_400_000;
export const iso = (ms: number) => new Date(ms).toISOString();
/** A wire datetime (GMT+8, `yyyy-MM-dd HH:mm:ss`) as epoch milliseconds. */
export const wireMs = (wire: string) => Date.parse(`${wire.replace(' ', 'T')}+08:00`);

export type Person = ApiSession & { id: string; name: string };
export type SupplierSession = ApiSession & { supplierId: string; name: string };

export const userIdOf = (s: ApiSession) => (s.userInfo as { id: string }).id;

/** The manager (administrator role) approves `docType` in 审批中心. */
export async function managerApproves(admin: ApiSession, docType: string, name: string): Promise<void> {
  const list = await admin.call<{ docType: string; definition: { version: number } | null }[]>(
    'GET',
    '/approval/definition/list',
  );
  const current = list.find((d) => d.docType === docType)?.definition;
  await admin.call('POST', '/approval/definition/save', {
    docType,
    name,
    enabled: 1,
    steps: [{ name: '采购经理审批', minAmount: null, approverType: 'ROLE', approverId: 'admin' }],
    ccUserIds: [],
    ...(current ? { version: current.version } : {}),
  });
}

/** The manager approves the pending task whose title names `text`. */
export async function approveTask(admin: ApiSession, text: string): Promise<void> {
  const todo = await admin.call<{ records: { taskId: string; title: string }[] }>('GET', '/approval/todo/list', {
    pageSize: '100',
  });
  const task = todo.records.find((r) => r.title.includes(text));
  expect(task, `a pending approval naming ${text}`).toBeTruthy();
  await admin.call('POST', '/approval/task/approve', { taskId: task!.taskId, comment: '同意' });
}

/** An internal user with a role (administrator's user API), signed in. */
async function internalUser(
  request: APIRequestContext,
  admin: ApiSession,
  roles: { id: string; roleCode: string }[],
  username: string,
  realname: string,
  roleCode: string,
): Promise<Person> {
  const role = roles.find((r) => r.roleCode === roleCode)!;
  await admin.call('POST', '/sys/user/add', { username, realname, password: DEMO_PASSWORD, selectedroles: role.id });
  const session = await apiLogin(request, username);
  return { ...session, id: userIdOf(session), name: realname };
}

/** Four experts (评标专家 role, TND-11) and a second buyer, unique per run. */
export async function committeePeople(
  request: APIRequestContext,
  admin: ApiSession,
  run: string,
): Promise<{ experts: Person[]; buyer2: Person }> {
  const roles = await admin.call<{ id: string; roleCode: string }[]>('GET', '/sys/role/queryall');
  const experts: Person[] = [];
  for (let i = 1; i <= 4; i += 1)
    experts.push(await internalUser(request, admin, roles, `exp${i}_${run}`, `专家${i}号${run}`, 'expert'));
  const buyer2 = await internalUser(request, admin, roles, `buyer2_${run}`, `采购员二${run}`, 'buyer');
  return { experts, buyer2 };
}

const PDF = {
  name: 'licence.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
};

/**
 * SupE: a supplier registered (SMS code from the test outbox), its information approved, its
 * licence reviewed and its 办公用品 admission approved, so the company is QUALIFIED (§4.3).
 */
export async function qualifiedSupplier(
  request: APIRequestContext,
  admin: ApiSession,
  buyer: ApiSession,
  run: string,
): Promise<SupplierSession> {
  const digits = String(Date.now()).slice(-8);
  const name = `测试供应商E${run}有限公司`;
  const username = `supe_${run}`;
  const mobile = `135${digits}`;
  const smsCode = await sentSmsCode(request, mobile, '1');
  const registered = (await (
    await request.post(`${API}/sys/user/register`, {
      data: {
        companyName: name,
        uscc: uscc(`91510100MA6${digits.slice(-6)}`),
        contactName: '赵工',
        mobile,
        smsCode,
        email: `${username}@example.com`,
        username,
        password: DEMO_PASSWORD,
        confirmPassword: DEMO_PASSWORD,
        agree: true,
      },
    })
  ).json()) as { success: boolean; message: string };
  expect(registered.success, registered.message).toBe(true);
  const sup = await apiLogin(request, username);
  const upload = async () =>
    (
      (await (
        await request.post(`${API}/sys/common/upload`, {
          headers: { 'X-Access-Token': sup.token },
          multipart: { file: PDF },
        })
      ).json()) as { message: string }
    ).message;
  const profile = await sup.call<{ uscc: string }>('GET', '/supplierBaseAPI/getSupplier');
  await sup.call('POST', '/supplierBaseAPI/saveSupplierInfo', {
    name,
    uscc: profile.uscc,
    legalPerson: '赵立',
    contactName: '赵工',
    contactMobile: mobile,
    phone: '',
    email: `${username}@example.com`,
    address: '四川省成都市高新区天府大道1号',
    bankName: '中国银行成都分行',
    bankAccountName: name,
    bankAccountNo: `62166101${digits}`,
    mainCategories: ['OFFICE'],
    businessLicenseFile: await upload(),
  });
  const supplierId = (
    await buyer.call<{ records: { id: string; name: string }[] }>('GET', '/supplier/list', { name })
  ).records.find((r) => r.name === name)!.id;
  await buyer.call('POST', '/supplier/approveInfo', { id: supplierId });
  const expiry = new Date(Date.now() + 365 * DAY).toISOString().slice(0, 10);
  const licence = await sup.call<{ id: string }>('POST', '/supplierBaseAPI/qualification/add', {
    typeCode: 'BUSINESS_LICENSE',
    certNo: `BL-${run}`,
    expiryDate: expiry,
    files: await upload(),
  });
  await buyer.call('POST', '/supplier/qualification/review', { id: licence.id, approve: true });
  const review = await buyer.call<{ id: string }>('POST', '/supplier/admissionReview/open', {
    supplierId,
    categoryCode: 'OFFICE',
  });
  for (const step of ['DOCUMENTS', 'QUESTIONNAIRE'])
    await buyer.call('POST', '/supplier/admissionReview/step', {
      id: review.id,
      step,
      result: 'PASSED',
      comment: '符合要求',
    });
  await buyer.call('POST', '/supplier/admissionReview/submit', { id: review.id });
  // Approved at once, or by the manager when an admission flow is configured (scenario S1 sets one).
  const todo = await admin.call<{ records: { taskId: string; title: string }[] }>('GET', '/approval/todo/list', {
    pageSize: '100',
  });
  const task = todo.records.find((r) => r.title.includes(name));
  if (task) await admin.call('POST', '/approval/task/approve', { taskId: task.taskId, comment: '同意准入' });
  const detail = await buyer.call<{ supplier: { status: string } }>('GET', '/supplier/queryById', { id: supplierId });
  expect(detail.supplier.status).toBe('QUALIFIED');
  return { ...sup, supplierId, name };
}

export const supplierOf = async (s: ApiSession): Promise<SupplierSession> => {
  const profile = await s.call<{ id: string; name: string }>('GET', '/supplierBaseAPI/getSupplier');
  return { ...s, supplierId: profile.id, name: profile.name };
};

/**
 * The people of the tender scenarios (domain §25 fixture): the administrator (also the manager
 * who approves tender publication and awards), the buyer, SupA/SupB/SupC (the demo's qualified
 * supplier1, supplier3, supplier4), a new qualified SupE, four experts and a second buyer — names
 * unique to this run; the server clock back at real time.
 */
export async function tenderScenario(request: APIRequestContext) {
  const admin = await apiLogin(request, 'admin');
  const buyer = await apiLogin(request, 'buyer');
  await setServerClock(admin, 0);
  const run = Date.now().toString(36).slice(-6);
  const supA = await supplierOf(await apiLogin(request, 'supplier1'));
  const supB = await supplierOf(await apiLogin(request, 'supplier3'));
  const supC = await supplierOf(await apiLogin(request, 'supplier4'));
  const supE = await qualifiedSupplier(request, admin, buyer, run);
  const { experts, buyer2 } = await committeePeople(request, admin, run);
  await managerApproves(admin, 'TENDER_PUBLISH', '招标项目发布审批');
  await managerApproves(admin, 'TENDER_AWARD', '招标定标审批');
  return { admin, buyer, run, supA, supB, supC, supE, experts, buyer2 };
}

/** A bid over the API: one unit price for every line, technical text (§11.2 step 4). */
export async function bid(s: ApiSession, eventId: string, unitPrice: string): Promise<void> {
  const t = await s.call<{ lines: { id: string }[] }>('GET', '/srm/tender/supplier/queryById', { id: eventId });
  await s.call('POST', '/srm/tender/supplier/bid/submit', {
    eventId,
    technical: { text: '技术方案：符合招标文件全部技术要求' },
    commercial: {
      paymentTerms: '货到验收后付款',
      lines: t.lines.map((l) => ({ sourcingLineId: l.id, unitPrice, taxRate: '13', leadTimeDays: 15 })),
    },
  });
}

export const CRITERIA_60_30_10 = [
  { group: 'PRICE', name: '投标报价', method: 'FORMULA', maxScore: '60' },
  { group: 'TECHNICAL', name: '技术方案', method: 'MANUAL', maxScore: '30' },
  { group: 'BUSINESS', name: '商务条款', method: 'MANUAL', maxScore: '10' },
];

/** A member declares no conflict (TND-11) and scores every valid bid: the same technical and business score for all. */
export async function declareAndScore(
  member: ApiSession,
  eventId: string,
  technical = '25',
  business = '8',
): Promise<void> {
  await member.call('POST', '/srm/tender/evaluation/declare', { eventId, noConflict: true });
  const view = await member.call<{
    criteria: { id: string; method: string; criterionGroup: string }[];
    bids: { id: string; status: string }[];
  }>('GET', '/srm/tender/evaluation/bids', { eventId });
  const scores = view.bids
    .filter((b) => b.status === 'OPENED' || b.status === 'VALID')
    .flatMap((b) =>
      view.criteria
        .filter((c) => c.method === 'MANUAL')
        .map((c) => ({
          responseId: b.id,
          criterionId: c.id,
          score: c.criterionGroup === 'TECHNICAL' ? technical : business,
        })),
    );
  await member.call('POST', '/srm/tender/evaluation/score/submit', { eventId, scores });
}

/** Moves the server clock to the instant `ms` (epoch milliseconds). */
export async function clockAt(admin: ApiSession, ms: number): Promise<void> {
  await setServerClock(admin, ms - Date.now());
}

/** One browser page per person, already signed in, at `url`. */
export async function pageFor(browser: Browser, baseURL: string, session: ApiSession, url: string): Promise<Page> {
  const context = await signedInContext(browser, baseURL, session);
  const page = await context.newPage();
  await page.goto(url);
  // Booted (menus loaded) before anything reloads it.
  await expect(page.getByTestId('side-menu')).toBeVisible();
  return page;
}

/** The buyer's 招标管理 with the tender's detail drawer open. */
export async function openTender(page: Page, code: string): Promise<void> {
  if (!page.url().endsWith('/srm/tender')) await page.goto('/srm/tender');
  else await page.reload();
  await page.getByTestId(`tender-open-${code}`).click();
  await expect(page.getByTestId('tender-detail')).toBeVisible();
}

/**
 * 定标生效 in the 定标 tab, confirmed; then the award read again: FINAL (AWD-5) — also when the
 * scheduled publicity job happened to finalise it a moment before the click.
 */
export async function finalizeAward(page: Page, code: string): Promise<void> {
  await page.getByTestId('award-finalize').click();
  await confirmPopover(page, /^定标生效$/);
  await openTender(page, code);
  await page.getByRole('tab', { name: '定标', exact: true }).click();
  await expect(page.getByTestId('award-status-tag')).toHaveText('已生效');
}

/** The supplier's 我的投标 with the tender's drawer open. */
export async function openMyTender(page: Page, code: string): Promise<void> {
  if (!page.url().endsWith('/srm/my-tender')) await page.goto('/srm/my-tender');
  else await page.reload();
  await page.getByTestId(`my-tender-open-${code}`).click();
  await expect(page.getByTestId('my-tender-detail')).toBeVisible();
}
