import { expect } from 'vitest';
import { newId } from '../src/core/ids.js';
import { HOUR, type SourcingWorld } from './sourcing-fixture.js';

/**
 * Tender evaluation fixtures: committee members and a TENDER event put straight into the
 * opened state by writing rows (independent of the tender setup and opening code): event
 * TENDER / OPENED with one lot and one line (10 units of an active material), one ACCEPTED
 * participation and one OPENED response per bidder with plain prices (as `open` leaves them),
 * and an opening record.
 */
export type Experts = { ids: string[]; tokens: string[]; buyerId: string };

/** `count` internal users with the 评标专家 role (exp1…), logged in. */
export async function makeExperts(w: SourcingWorld, count: number): Promise<Experts> {
  const db = w.s.ctx.db;
  const buyer = await db.selectFrom('sysUser').selectAll().where('username', '=', 'buyer').executeTakeFirstOrThrow();
  const role = await db.selectFrom('sysRole').select('id').where('roleCode', '=', 'expert').executeTakeFirstOrThrow();
  const ids: string[] = [];
  const tokens: string[] = [];
  for (let i = 1; i <= count; i += 1) {
    const id = newId();
    await db
      .insertInto('sysUser')
      .values({
        ...buyer,
        id,
        username: `exp${i}`,
        realname: `专家${i}`,
        phone: null,
        email: null,
        workNo: null,
        supplierId: null,
      })
      .execute();
    await db.insertInto('sysUserRole').values({ id: newId(), userId: id, roleId: role.id }).execute();
    ids.push(id);
    tokens.push(await w.s.login(`exp${i}`));
  }
  return { ids, tokens, buyerId: buyer.id };
}

export type OpenedTender = { eventId: string; responseIds: string[]; lineId: string };

/**
 * An opened tender with one bid per supplier of `w.supId` (first `unitPrices.length`): unit
 * price × 10 units is the bid total; bids are submitted one minute apart in that order.
 */
export async function openedTender(
  w: SourcingWorld,
  unitPrices: string[],
  extra: { visibility?: 'PUBLIC' | 'INVITED'; ceilingPrice?: string; title?: string } = {},
): Promise<OpenedTender> {
  const db = w.s.ctx.db;
  const created = await w.s.request<{ id: string }>('POST', '/srm/sourcing/event/add', {
    token: w.buyer,
    body: {
      title: extra.title ?? '钢板采购招标',
      responseDeadline: w.at(2 * HOUR),
      lines: [{ materialId: w.materialId, qty: '10' }],
    },
  });
  expect(created.body.success).toBe(true);
  const eventId = created.body.result.id;
  const deadline = w.at(-HOUR);
  const now = w.at(0);
  await db
    .updateTable('sourcingEvent')
    .set({
      type: 'TENDER',
      method: 'OPEN_TENDER',
      code: `TND-T-${eventId.slice(-8)}`,
      visibility: extra.visibility ?? 'INVITED',
      ceilingPrice: extra.ceilingPrice ?? null,
      sealed: 1,
      status: 'OPENED',
      publishedAt: w.at(-30 * 24 * HOUR),
      responseDeadline: deadline,
      openedAt: now,
    })
    .where('id', '=', eventId)
    .execute();
  const line = await db
    .selectFrom('sourcingLine')
    .select(['id'])
    .where('eventId', '=', eventId)
    .executeTakeFirstOrThrow();
  const suppliers = await db.selectFrom('supplier').select(['id', 'name']).where('id', 'in', w.supId).execute();
  const responseIds: string[] = [];
  const summary: unknown[] = [];
  for (const [i, price] of unitPrices.entries()) {
    const supplierId = w.supId[i]!;
    const name = suppliers.find((s) => s.id === supplierId)!.name;
    const participationId = newId();
    await db
      .insertInto('sourcingParticipation')
      .values({
        id: participationId,
        eventId,
        supplierId,
        supplierName: name,
        origin: 'INVITED',
        status: 'ACCEPTED',
        lotIds: null,
        declineReason: null,
        rejectReason: null,
        contactName: null,
        contactMobile: null,
        respondedAt: now,
        createBy: 'test',
        createTime: now,
        updateTime: null,
      })
      .execute();
    const responseId = newId();
    const total = (Number(price) * 10).toFixed(2);
    await db
      .insertInto('sourcingResponse')
      .values({
        id: responseId,
        tenantId: 0,
        code: `BID-${responseId.slice(-8)}`,
        eventId,
        supplierId,
        participationId,
        round: 1,
        versionNo: 1,
        status: 'OPENED',
        submittedAt: w.at(-2 * HOUR + i * 60_000),
        sealedPayload: null,
        payloadHash: 'x'.repeat(64),
        clientRequestId: null,
        totalAmount: total,
        validUntil: w.day(90),
        paymentTerms: '月结30天',
        deliveryTerms: null,
        rejectReason: null,
        openedAt: now,
        createBy: 'test',
        createTime: now,
        updateTime: null,
      })
      .execute();
    await db
      .insertInto('sourcingResponseLine')
      .values({
        id: newId(),
        responseId,
        sourcingLineId: line.id,
        offered: 1,
        qtyOffered: '10',
        unitPrice: price,
        taxRate: '13',
        amount: total,
        leadTimeDays: 15,
        promisedDate: null,
        minOrderQty: null,
        ladder: null,
        remark: null,
      })
      .execute();
    responseIds.push(responseId);
    summary.push({
      supplierId,
      code: `BID-${responseId.slice(-8)}`,
      versionNo: 1,
      payloadHash: 'x'.repeat(64),
      totalAmount: total,
    });
  }
  const buyer = await db
    .selectFrom('sysUser')
    .select(['id', 'realname'])
    .where('username', '=', 'buyer')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('sourcingOpeningRecord')
    .values({
      id: newId(),
      eventId,
      round: 1,
      openedBy: buyer.id,
      openedByName: buyer.realname,
      openedAt: now,
      responseCount: unitPrices.length,
      summary: JSON.stringify(summary),
    })
    .execute();
  return { eventId, responseIds, lineId: line.id };
}

/** Sets the tender award approval flow: one step by a role. */
export async function tenderAwardFlow(w: SourcingWorld, roleCode: string): Promise<void> {
  const types = (
    await w.s.request<{ docType: string; definition: { version: number } | null }[]>(
      'GET',
      '/approval/definition/list',
      { token: w.admin },
    )
  ).body.result;
  const current = types.find((t) => t.docType === 'TENDER_AWARD')!.definition;
  const saved = await w.s.request('POST', '/approval/definition/save', {
    token: w.admin,
    body: {
      docType: 'TENDER_AWARD',
      name: '招标定标审批',
      enabled: 1,
      steps: [{ name: '主管审批', minAmount: null, approverType: 'ROLE', approverId: roleCode }],
      version: current?.version,
    },
  });
  expect(saved.body.success).toBe(true);
}
