import type { FastifyInstance } from 'fastify';
import { DEMO_PASSWORD } from '@procura/shared';
import { businessDay, serverNow } from '../core/clock.js';
import type { Db } from '../db/database.js';

/**
 * The demo company's live sourcing, so a new user finds events at every stage of §9 at once:
 * a public inquiry being quoted (two sealed quotes in, on the portal under 询价), an open
 * tender in its sign-up period (on the portal under 招标, one supplier signed up), a public
 * auction scheduled for the day after tomorrow with its three bidders admitted, and an inquiry
 * draft for the buyer to try. They are made through the API, as the demo buyer and suppliers
 * would make them, so every rule, code number, notice and portal announcement is the real one.
 * Runs once, right after the demo company is loaded (first start of an empty database).
 */
const DAY = 86_400_000;

type Answer<T> = { success: boolean; message: string; result: T };
type Session = { token: string; userId: string };

export async function seedSourcingDemo(app: FastifyInstance, db: Db, basePath: string): Promise<void> {
  const call = async <T = unknown>(
    who: Session | null,
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
  ): Promise<T> => {
    const res = await app.inject({
      method,
      url: `${basePath}${url}`,
      headers: who ? { 'x-access-token': who.token } : {},
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
    const answer = res.json<Answer<T>>();
    if (!answer.success) throw new Error(`demo sourcing: ${method} ${url} refused: ${answer.message}`);
    return answer.result;
  };
  const login = async (username: string): Promise<Session> => {
    const r = await call<{ token: string; userInfo: { id: string } }>(null, 'POST', '/sys/login', {
      username,
      password: DEMO_PASSWORD,
    });
    return { token: r.token, userId: r.userInfo.id };
  };
  const material = async (name: string) =>
    await db
      .selectFrom('srmMaterial')
      .select(['id', 'name', 'unit'])
      .where('name', '=', name)
      .where('tenantId', '=', 0)
      .executeTakeFirstOrThrow();

  const [admin, buyer, sup1, sup3, sup4] = [
    await login('admin'),
    await login('buyer'),
    await login('supplier1'),
    await login('supplier3'),
    await login('supplier4'),
  ];
  const supplierIds = (
    await db
      .selectFrom('sysUser')
      .select('supplierId')
      .where('username', 'in', ['supplier1', 'supplier3', 'supplier4'])
      .orderBy('username')
      .execute()
  ).map((u) => u.supplierId!);
  const now = serverNow().getTime();
  const at = (ms: number) => new Date(now + ms).toISOString();
  const day = (days: number) => businessDay(new Date(now), days);

  // 1. A public inquiry for cold-rolled sheet, published and being quoted.
  const sheet = await material('冷轧钢板');
  const rfq = await call<{ id: string }>(buyer, 'POST', '/srm/sourcing/event/add', {
    title: '2026年四季度冷轧钢板询价',
    visibility: 'PUBLIC',
    signupDeadline: at(4 * DAY),
    responseDeadline: at(5 * DAY),
    estimatedAmount: '260000',
    contactName: '王敏',
    contactPhone: '021-50001001',
    content: '冷轧钢板 SPCC 1.0×1250×2500，50吨，分两批交付至华东生产基地，含税含运费报价。',
    lines: [{ materialId: sheet.id, qty: '50', needByDate: day(30), deliveryPlace: '上海市浦东新区华东生产基地' }],
  });
  await call(buyer, 'POST', '/srm/sourcing/event/invite', { id: rfq.id, supplierIds });
  await call(buyer, 'POST', '/srm/sourcing/event/publish', { id: rfq.id });
  const rfqLine = await db
    .selectFrom('sourcingLine')
    .select('id')
    .where('eventId', '=', rfq.id)
    .executeTakeFirstOrThrow();
  for (const [who, price] of [
    [sup1, '5180'],
    [sup3, '5060'],
  ] as const) {
    await call(who, 'POST', '/srm/sourcing/supplier/event/accept', { id: rfq.id });
    await call(who, 'POST', '/srm/sourcing/supplier/quote/submit', {
      eventId: rfq.id,
      validUntil: day(60),
      paymentTerms: '货到验收后30天付款',
      lines: [{ sourcingLineId: rfqLine.id, unitPrice: price, taxRate: '13', leadTimeDays: 15 }],
    });
  }

  // 2. An open tender for bearings, approved and published, in its sign-up period.
  const bearing = await material('深沟球轴承');
  const tender = await call<{ id: string }>(buyer, 'POST', '/srm/tender/add', {
    title: '2027年度深沟球轴承框架采购招标',
    method: 'OPEN_TENDER',
    ceilingPrice: '180000',
    docIssueStartAt: at(0),
    docIssueEndAt: at(20 * DAY),
    responseDeadline: at(25 * DAY),
    openingOfficerIds: [admin.userId, buyer.userId],
    openingQuorum: 2,
    contactName: '王敏',
    contactPhone: '021-50001001',
    content: '深沟球轴承 6204-2RS 年度框架采购，预计用量20000套，按月分批交付。投标人须具备轴承生产或授权代理资质。',
    lines: [{ materialId: bearing.id, qty: '20000', needByDate: day(60) }],
  });
  await call(buyer, 'POST', '/srm/tender/submit', { id: tender.id });
  await call(buyer, 'POST', '/srm/tender/publish', { id: tender.id });
  await call(sup1, 'POST', '/srm/tender/supplier/signup', { id: tender.id });

  // 3. A public reverse auction for bolts the day after tomorrow, three bidders admitted.
  const bolt = await material('六角头螺栓');
  const auction = await call<{ id: string }>(buyer, 'POST', '/srm/auction/event/add', {
    title: '六角头螺栓 M8×30 在线竞价',
    visibility: 'PUBLIC',
    rules: {
      biddingTarget: 'LOT_TOTAL',
      startPrice: '36000',
      decrementMode: 'PERCENT',
      decrementValue: '0.5',
      bidRule: 'BEAT_BEST',
      startAt: at(2 * DAY),
      endAt: at(2 * DAY + 3600_000),
      overtimeEnabled: true,
      overtimeWindowMin: 5,
      overtimeExtendMin: 5,
      maxExtensions: 3,
      minParticipants: 3,
    },
    lines: [{ materialId: bolt.id, materialName: bolt.name, qty: '200000', unit: bolt.unit }],
  });
  await call(buyer, 'POST', '/srm/sourcing/event/invite', { id: auction.id, supplierIds });
  await call(buyer, 'POST', '/srm/sourcing/event/publish', { id: auction.id });
  for (const who of [sup1, sup3, sup4])
    await call(who, 'POST', '/srm/sourcing/supplier/event/accept', { id: auction.id });

  // 4. A draft the buyer can invite suppliers to and publish.
  const abs = await material('ABS 塑料粒子');
  await call(buyer, 'POST', '/srm/sourcing/event/add', {
    title: 'ABS 塑料粒子补充询价',
    lines: [{ materialId: abs.id, qty: '3000', needByDate: day(21) }],
  });

  // Leave no demo session behind: the demo users sign in for themselves.
  for (const who of [admin, buyer, sup1, sup3, sup4]) await call(who, 'POST', '/sys/logout');
}
