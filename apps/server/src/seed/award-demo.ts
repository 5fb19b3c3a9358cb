import type { FastifyInstance } from 'fastify';
import { DEMO_PASSWORD } from '@procura/shared';
import { businessDay, serverNow } from '../core/clock.js';
import type { Db } from '../db/database.js';

/**
 * The demo company's way from an award to supply (§13 → §15 → §16, scenario S6): an inquiry for
 * stainless round bar quoted by three suppliers, opened and awarded to 华东精密 (supplier1); from
 * the award an ACTIVE contract (pay plan, approval, sent, confirmed by the supplier, signed scan
 * uploaded) and two orders at the awarded price: one CONFIRMED by the supplier, one SENT and
 * waiting on supplier1's home page. Everything goes through the API as the demo users would do
 * it, so codes, ledgers, notices and logs are the real ones. The inquiry's quoting window is a
 * few seconds long (the deadline must pass before opening, RFQ-5), so this waits that long.
 * Runs once, after the demo sourcing (first start of an empty database).
 */
type Answer<T> = { success: boolean; message: string; result: T };
type Session = { token: string; userId: string };

/** How long the demo inquiry is open for quotes: the seed waits for it to close. */
const QUOTING_MS = 2_500;

export async function seedAwardDemo(app: FastifyInstance, db: Db, basePath: string): Promise<void> {
  const send = async <T>(who: Session | null, method: string, url: string, body?: unknown, headers = {}) => {
    const res = await app.inject({
      method: method as 'POST',
      url: `${basePath}${url}`,
      headers: { ...(who ? { 'x-access-token': who.token } : {}), ...headers },
      ...(body === undefined ? {} : { payload: body as string }),
    });
    return res.json<Answer<T>>();
  };
  const call = async <T = unknown>(who: Session | null, method: string, url: string, body?: unknown): Promise<T> => {
    const answer = await send<T>(who, method, url, body);
    if (!answer.success) throw new Error(`demo award: ${method} ${url} refused: ${answer.message}`);
    return answer.result;
  };
  const login = async (username: string): Promise<Session> => {
    const r = await call<{ token: string; userInfo: { id: string } }>(null, 'POST', '/sys/login', {
      username,
      password: DEMO_PASSWORD,
    });
    return { token: r.token, userId: r.userInfo.id };
  };
  const [admin, buyer, sup1, sup3, sup4] = [
    await login('admin'),
    await login('buyer'),
    await login('supplier1'),
    await login('supplier3'),
    await login('supplier4'),
  ];
  const suppliers = await db
    .selectFrom('sysUser')
    .select(['username', 'supplierId'])
    .where('username', 'in', ['supplier1', 'supplier3', 'supplier4'])
    .orderBy('username')
    .execute();
  const supplier1 = suppliers.find((s) => s.username === 'supplier1')!.supplierId!;
  const day = (days: number) => businessDay(serverNow(), days);
  const bar = await db
    .selectFrom('srmMaterial')
    .select('id')
    .where('name', '=', '不锈钢圆棒')
    .where('tenantId', '=', 0)
    .executeTakeFirstOrThrow();

  // 1. The inquiry, quoted by three suppliers, opened and awarded to the lowest (supplier1).
  const deadline = new Date(serverNow().getTime() + QUOTING_MS).toISOString();
  const rfq = await call<{ id: string }>(buyer, 'POST', '/srm/sourcing/event/add', {
    title: '不锈钢圆棒 SUS304 Φ20 年度询价',
    responseDeadline: deadline,
    contactName: '王敏',
    contactPhone: '021-50001001',
    content: '不锈钢圆棒 SUS304 Φ20，年用量2000千克，按月交付至华东生产基地。',
    lines: [{ materialId: bar.id, qty: '2000', needByDate: day(30), deliveryPlace: '上海市浦东新区华东生产基地' }],
  });
  await call(buyer, 'POST', '/srm/sourcing/event/invite', {
    id: rfq.id,
    supplierIds: suppliers.map((s) => s.supplierId),
  });
  await call(buyer, 'POST', '/srm/sourcing/event/publish', { id: rfq.id });
  const line = await db.selectFrom('sourcingLine').select('id').where('eventId', '=', rfq.id).executeTakeFirstOrThrow();
  for (const [who, price] of [
    [sup1, '28.6'],
    [sup3, '29.4'],
    [sup4, '30.1'],
  ] as const) {
    await call(who, 'POST', '/srm/sourcing/supplier/event/accept', { id: rfq.id });
    await call(who, 'POST', '/srm/sourcing/supplier/quote/submit', {
      eventId: rfq.id,
      validUntil: day(60),
      paymentTerms: '货到验收后30天付款',
      lines: [{ sourcingLineId: line.id, unitPrice: price, taxRate: '13', leadTimeDays: 10 }],
    });
  }
  // RFQ-5: opened only once the deadline has passed.
  while (serverNow().toISOString() <= deadline) await new Promise((r) => setTimeout(r, 200));
  await call(buyer, 'POST', '/srm/sourcing/event/open', { id: rfq.id });
  const award = await call<{ id: string }>(buyer, 'POST', '/srm/sourcing/award/save', {
    eventId: rfq.id,
    priceValidFrom: day(0),
    priceValidTo: day(365),
    recommendation: '华东精密报价最低，质量稳定',
    lines: [{ sourcingLineId: line.id, supplierId: supplier1 }],
  });
  // Without an award approval flow in the demo the award is FINAL at once (X-10 engine).
  await call(buyer, 'POST', '/srm/sourcing/award/submit', { id: award.id });

  // 2. 生成合同: the contract from the award, its pay plan, approval, the supplier's confirmation, the signed scan.
  const followUp = await call<{ suppliers: { contractDraft: Record<string, string> }[] }>(
    buyer,
    'GET',
    `/srm/contract/awardFollowUp?awardId=${award.id}`,
  );
  const contract = await call<{ id: string }>(buyer, 'POST', '/srm/contract/add', {
    ...followUp.suppliers[0]!.contractDraft,
    deliveryTerms: '按月分批交付至华东生产基地，运费由供方承担',
  });
  const detail = await call<{ amountInclTax: string }>(buyer, 'GET', `/srm/contract/queryById?id=${contract.id}`);
  await call(buyer, 'POST', '/srm/contract/edit', {
    id: contract.id,
    payPlan: [{ stageType: 'ON_ACCEPTANCE', trigger: '每批到货验收合格后', pct: '100', amount: detail.amountInclTax }],
  });
  await call(buyer, 'POST', '/srm/contract/submit', { id: contract.id });
  await approveIfPending(`/srm/contract/queryById?id=${contract.id}`, '/srm/contract/approve', contract.id);
  await call(buyer, 'POST', '/srm/contract/send', { id: contract.id });
  await call(sup1, 'POST', '/srm/contract/confirm', { id: contract.id });
  const boundary = 'procuraDemoBoundary';
  const scan = [
    `--${boundary}`,
    'Content-Disposition: form-data; name="biz"',
    '',
    'contract',
    `--${boundary}`,
    'Content-Disposition: form-data; name="file"; filename="contract-signed.pdf"',
    'Content-Type: application/pdf',
    '',
    '%PDF-1.4\n% demo signed contract\n%%EOF',
    `--${boundary}--`,
    '',
  ].join('\r\n');
  const uploaded = await send<unknown>(buyer, 'POST', '/sys/common/upload', scan, {
    'content-type': `multipart/form-data; boundary=${boundary}`,
  });
  if (!uploaded.success) throw new Error(`demo award: upload refused: ${uploaded.message}`);
  await call(buyer, 'POST', '/srm/contract/sign', { id: contract.id, signedFiles: uploaded.message });

  // 3. 生成订单 twice: the first confirmed by the supplier, the second sent and waiting for it.
  const order = async (qty: string) => {
    const made = await call<{ id: string }>(buyer, 'POST', '/srm/order/fromAward', {
      awardId: award.id,
      supplierId: supplier1,
      lines: [{ awardLineId: await awardLineId(award.id), qty }],
    });
    await call(buyer, 'POST', '/srm/order/submit', { id: made.id });
    await approveIfPending(`/srm/order/queryById?id=${made.id}`, '/srm/order/approve', made.id);
    await call(buyer, 'POST', '/srm/order/send', { id: made.id });
    return made.id;
  };
  const confirmed = await order('500');
  await call(sup1, 'POST', '/srm/order/confirm', { id: confirmed });
  await order('300');

  // Leave no demo session behind: the demo users sign in for themselves.
  for (const who of [admin, buyer, sup1, sup3, sup4]) await call(who, 'POST', '/sys/logout');

  async function awardLineId(awardId: string): Promise<string> {
    const row = await db
      .selectFrom('sourcingAwardLine')
      .select('id')
      .where('awardId', '=', awardId)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * Whatever the document's approval is: approved at once (no flow), its own `approve` transition
   * by the admin (never the submitter, X-10), or a task in the approval engine the admin decides.
   */
  async function approveIfPending(readUrl: string, approveUrl: string, id: string): Promise<void> {
    const status = async () => (await call<{ status: string }>(buyer, 'GET', readUrl)).status;
    if ((await status()) !== 'PENDING_APPROVAL') return;
    if ((await send(admin, 'POST', approveUrl, { id })).success && (await status()) !== 'PENDING_APPROVAL') return;
    for (let step = 0; step < 5 && (await status()) === 'PENDING_APPROVAL'; step++) {
      const todo = await call<{ records: { docId: string; taskId: string }[] }>(
        admin,
        'GET',
        '/approval/todo/list?pageSize=100',
      );
      const task = todo.records.find((r) => r.docId === id);
      if (!task) throw new Error(`demo award: ${readUrl} waits for an approval the admin cannot give`);
      await call(admin, 'POST', '/approval/task/approve', { taskId: task.taskId, comment: '同意' });
    }
  }
}
