import { expect, type Page } from '@playwright/test';
import { enter, setServerClock, type ApiSession } from './helpers.js';

/**
 * Set-up and screen steps shared by the SRM scenarios (S2, S6, the award and order specs): the
 * approval flows a scenario needs, the decisions it does not test, the material M-001, an
 * inquiry awarded over the API, and a document's detail with its confirmed commands.
 */

const DAY = 86_400_000;
/** `yyyy-MM-dd` in GMT+8, `days` from now on the real clock. */
export const dayOf = (days: number) => new Date(Date.now() + days * DAY + 8 * 3_600_000).toISOString().slice(0, 10);

// The newest notice with the text: an earlier one of the same text may still be showing.
export const toast = (page: Page, text: string | RegExp) =>
  page.locator('.ant-message-notice').filter({ hasText: text }).first();

export type FlowStep = { name: string; minAmount: string | null; approverType: 'USER' | 'ROLE'; approverId: string };
type Definition = { name: string; enabled: number; steps: FlowStep[]; ccUserIds: string[]; version: number };

/** Sets a document type's approval flow; returns how to put the previous one back. */
export async function useFlow(
  admin: ApiSession,
  docType: string,
  name: string,
  steps: FlowStep[],
): Promise<() => Promise<void>> {
  const read = async () =>
    (await admin.call<{ docType: string; definition: Definition | null }[]>('GET', '/approval/definition/list')).find(
      (d) => d.docType === docType,
    )!.definition;
  const before = await read();
  await admin.call('POST', '/approval/definition/save', {
    docType,
    name,
    enabled: 1,
    steps,
    ccUserIds: [],
    ...(before ? { version: before.version } : {}),
  });
  return async () => {
    const now = await read();
    const previous = before
      ? { name: before.name, enabled: before.enabled, steps: before.steps, ccUserIds: before.ccUserIds }
      : { name, enabled: 0, steps, ccUserIds: [] };
    await admin.call('POST', '/approval/definition/save', { docType, ...previous, version: now!.version });
  };
}

/** The approver's decision over the API, for approvals a scenario does not test. */
export async function approveOverApi(approver: ApiSession, titlePart: string): Promise<void> {
  const todo = await approver.call<{ records: { taskId: string; title: string }[] }>('GET', '/approval/todo/list', {
    pageSize: '100',
  });
  await approver.call('POST', '/approval/task/approve', {
    taskId: todo.records.find((r) => r.title.includes(titlePart))!.taskId,
    comment: '同意',
  });
}

/**
 * Whatever approval a document is under (none, its own `approve` transition, or the approval
 * engine's steps): approved over the API by `admin` until it leaves PENDING_APPROVAL.
 */
export async function approveIfPending(
  buyer: ApiSession,
  admin: ApiSession,
  readUrl: string,
  approveUrl: string,
  id: string,
): Promise<void> {
  const status = async () => (await buyer.call<{ status: string }>('GET', readUrl, { id })).status;
  if ((await status()) !== 'PENDING_APPROVAL') return;
  if ((await admin.raw('POST', approveUrl, { id })).success && (await status()) !== 'PENDING_APPROVAL') return;
  for (let step = 0; step < 5 && (await status()) === 'PENDING_APPROVAL'; step++) {
    const todo = await admin.call<{ records: { docId: string; id: string; taskId: string }[] }>(
      'GET',
      '/approval/todo/list',
      { pageSize: '100' },
    );
    const task = todo.records.find((r) => r.docId === id || r.id === id)!;
    await admin.call('POST', '/approval/task/approve', { taskId: task.taskId, comment: '同意' });
  }
}

/** A material in the category the demo suppliers are qualified in (QUO-2), activated: M-001 (钢板 Q235 10 mm, 吨, 13 %). */
export async function steelPlate(
  admin: ApiSession,
  buyer: ApiSession,
  name: string,
): Promise<{ id: string; name: string }> {
  // Supplier standings use the supplier-category codes (RAW_MATERIAL 原材料…); a material is in a
  // supplier's category when its category carries that code.
  const found = (
    await admin.call<{ records: { id: string; code: string }[] }>('GET', '/srm/materialCategory/list', {
      code: 'RAW_MATERIAL',
      pageSize: '50',
    })
  ).records.find((c) => c.code === 'RAW_MATERIAL');
  const categoryId =
    found?.id ??
    (
      await admin.call<{ id: string }>('POST', '/srm/materialCategory/add', {
        code: 'RAW_MATERIAL',
        name: '原材料（准入品类）',
        categoryType: 'GOODS',
        status: 'ACTIVE',
      })
    ).id;
  const { id } = await buyer.call<{ id: string }>('POST', '/srm/material/add', {
    name,
    spec: '10 mm',
    categoryId,
    unit: 'TON',
    defaultTaxRate: '13',
    inspectionRequired: 1,
  });
  await buyer.call('POST', '/srm/material/submit', { id });
  await approveOverApi(admin, name);
  return { id, name };
}

export type AwardedInquiry = { eventId: string; awardId: string; lineId: string };

/**
 * An inquiry for one material line made, quoted and awarded over the API (what S2 tests on
 * screen): the buyer invites the bidders, each accepts and quotes its price, the server clock is
 * moved past the deadline to open it (RFQ-5) and put back, and the award (`shares` for a split
 * by quantity, else the whole line to `winner`) is submitted and, if an approval flow holds it,
 * approved by `admin`: FINAL.
 */
export async function awardedInquiry(
  admin: ApiSession,
  buyer: ApiSession,
  bidders: { session: ApiSession; price: string }[],
  input: {
    title: string;
    materialId: string;
    qty: string;
    priceValidFrom: string;
    priceValidTo: string;
    winner?: string;
    shares?: { supplierId: string; sharePct: number }[];
  },
): Promise<AwardedInquiry> {
  const deadline = Date.now() + 3_600_000;
  const rfq = await buyer.call<{ id: string }>('POST', '/srm/sourcing/event/add', {
    title: input.title,
    responseDeadline: new Date(deadline).toISOString(),
    ...(input.shares ? { awardMode: 'SPLIT_BY_QTY' } : {}),
    lines: [
      {
        materialId: input.materialId,
        qty: input.qty,
        needByDate: dayOf(30),
        deliveryPlace: '上海市浦东新区华东生产基地',
      },
    ],
  });
  const supplierIds = bidders.map((b) => String(b.session.userInfo.supplierId));
  await buyer.call('POST', '/srm/sourcing/event/invite', { id: rfq.id, supplierIds });
  await buyer.call('POST', '/srm/sourcing/event/publish', { id: rfq.id });
  const event = await buyer.call<{ lines: { id: string }[] }>('GET', '/srm/sourcing/event/queryById', { id: rfq.id });
  const lineId = event.lines[0]!.id;
  for (const { session, price } of bidders) {
    await session.call('POST', '/srm/sourcing/supplier/event/accept', { id: rfq.id });
    await session.call('POST', '/srm/sourcing/supplier/quote/submit', {
      eventId: rfq.id,
      validUntil: dayOf(60),
      lines: [{ sourcingLineId: lineId, unitPrice: price, taxRate: '13', leadTimeDays: 7 }],
    });
  }
  await setServerClock(admin, deadline - Date.now() + 60_000);
  try {
    await buyer.call('POST', '/srm/sourcing/event/open', { id: rfq.id });
  } finally {
    await setServerClock(admin, 0);
  }
  const award = await buyer.call<{ id: string }>('POST', '/srm/sourcing/award/save', {
    eventId: rfq.id,
    priceValidFrom: input.priceValidFrom,
    priceValidTo: input.priceValidTo,
    lines: input.shares
      ? input.shares.map((s) => ({ sourcingLineId: lineId, ...s }))
      : [{ sourcingLineId: lineId, supplierId: input.winner ?? supplierIds[0] }],
  });
  await buyer.call('POST', '/srm/sourcing/award/submit', { id: award.id });
  const awardStatus = async () =>
    (await buyer.call<{ status: string }>('GET', '/srm/sourcing/award/queryByEventId', { eventId: rfq.id })).status;
  if ((await awardStatus()) !== 'FINAL') {
    const todo = await admin.call<{ records: { docId: string; taskId: string }[] }>('GET', '/approval/todo/list', {
      pageSize: '100',
    });
    const task = todo.records.find((r) => r.docId === award.id)!;
    await admin.call('POST', '/approval/task/approve', { taskId: task.taskId });
  }
  expect(await awardStatus()).toBe('FINAL');
  return { eventId: rfq.id, awardId: award.id, lineId };
}

/** Opens a document's detail from its list on `page` (e.g. the buyer's 采购订单, the supplier's 我的订单). */
export async function openDocument(page: Page, url: string, resourceKey: string, code: string) {
  const list = page.getByTestId(`resource-page-${resourceKey}`);
  await enter(page, url, list);
  await list.locator('tbody tr', { hasText: code }).getByText('详情', { exact: true }).click();
  return page.getByTestId('workflow-detail');
}

/**
 * Takes a detail button that asks for confirmation; waits for its message `done` when given (a
 * message shows for 3 s: on a loaded machine the caller had better check the document's status).
 */
export async function confirmedCommand(page: Page, testId: string, done?: string): Promise<void> {
  await page.getByTestId('workflow-detail').getByTestId(testId).click();
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
  if (done) await expect(page.getByText(done).last()).toBeVisible();
  else await expect(page.locator('.ant-modal-confirm')).toHaveCount(0);
}
