import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverNow } from '../src/core/clock.js';
import { runSourcingReminders } from '../src/modules/sourcing/reminder-job.js';
import { draftRfq, HOUR, publishedRfq, quote, sourcingWorld, type SourcingWorld } from './sourcing-fixture.js';

/** RFQ-2 grades, the portal sign-up as participation (SRC-4, §23), deadline reminders. */
let w: SourcingWorld;
beforeAll(async () => {
  w = await sourcingWorld();
});
afterAll(async () => w?.close());

const post = <T = unknown>(url: string, token: string, body: unknown) => w.s.request<T>('POST', url, { token, body });
const participants = (eventId: string) =>
  w.s.ctx.db
    .selectFrom('sourcingParticipation')
    .select(['supplierId', 'origin', 'status'])
    .where('eventId', '=', eventId)
    .orderBy('createTime')
    .execute();

describe('RFQ-2: grades that block or warn', () => {
  const grade = async (supplierId: string, flags: string, validTo = w.day(30)) => {
    await w.s.ctx.db.deleteFrom('supplierGrade').where('supplierId', '=', supplierId).execute();
    await w.s.ctx.db
      .insertInto('supplierGrade')
      .values({
        supplierId,
        tenantId: 0,
        grade: flags.includes('BLOCK') ? 'D' : 'C',
        gradeValidTo: validTo,
        flags,
        projectId: 'p1',
        updateTime: new Date().toISOString(),
      })
      .execute();
  };
  afterAll(async () => {
    await w.s.ctx.db.deleteFrom('supplierGrade').where('supplierId', 'in', w.supId).execute();
  });

  it('a current BLOCK_RFQ grade refuses the invitation and stores nothing', async () => {
    await grade(w.supId[2], 'BLOCK_RFQ,BLOCK_PO');
    const id = await draftRfq(w);
    expect(
      (await post('/srm/sourcing/event/invite', w.buyer, { id, supplierIds: [w.supId[0], w.supId[2]] })).body,
    ).toMatchObject({
      message: '供应商“西南五金制品有限公司”绩效等级为D，已被限制参与询价，不能邀请',
      rules: ['RFQ-2'],
    });
    expect(await participants(id)).toEqual([]);
  });

  it('a grade that is no longer in force does not block', async () => {
    await grade(w.supId[2], 'BLOCK_RFQ', w.day(-1));
    const id = await draftRfq(w);
    expect((await post('/srm/sourcing/event/invite', w.buyer, { id, supplierIds: [w.supId[2]] })).body.message).toBe(
      '已邀请供应商',
    );
  });

  it('a WARN_RFQ grade invites with a caution to the buyer', async () => {
    await grade(w.supId[1], 'WARN_RFQ,WARN_PO');
    const id = await draftRfq(w);
    const res = await post('/srm/sourcing/event/invite', w.buyer, { id, supplierIds: [w.supId[0], w.supId[1]] });
    expect(res.body.success).toBe(true);
    expect(res.body).toMatchObject({
      message: expect.stringMatching(/^已邀请供应商。注意：.+（C级）绩效等级偏低，请谨慎选择$/),
      rules: ['RFQ-2'],
    });
    expect(await participants(id)).toHaveLength(2);
  });

  it('a supplier blocked after the invitation is refused again at publish (SRC-3 at that moment)', async () => {
    const id = await draftRfq(w);
    expect((await post('/srm/sourcing/event/invite', w.buyer, { id, supplierIds: w.supId })).body.success).toBe(true);
    await grade(w.supId[0], 'BLOCK_RFQ');
    expect((await post('/srm/sourcing/event/publish', w.buyer, { id })).body).toMatchObject({
      message: expect.stringMatching(/绩效等级为D，已被限制参与询价，不能邀请$/),
      rules: ['RFQ-2'],
    });
    expect(
      (await w.s.ctx.db.selectFrom('sourcingEvent').select('status').where('id', '=', id).executeTakeFirstOrThrow())
        .status,
    ).toBe('DRAFT');
  });
});

describe('portal 报名 becomes the participation (SRC-4, §23)', () => {
  /** A PUBLIC RFQ with a sign-up window, two suppliers invited, published; returns event and announcement ids. */
  async function publicRfq() {
    const id = await draftRfq(w, {
      visibility: 'PUBLIC',
      minInvited: 2,
      signupDeadline: w.at(HOUR),
      responseDeadline: w.at(2 * HOUR),
    });
    expect(
      (await post('/srm/sourcing/event/invite', w.buyer, { id, supplierIds: [w.supId[0], w.supId[1]] })).body.success,
    ).toBe(true);
    expect((await post('/srm/sourcing/event/publish', w.buyer, { id })).body.message).toBe('询价单已发布');
    const announcement = await w.s.ctx.db
      .selectFrom('portalPurchaseAnnouncement')
      .select(['id', 'signupDeadline'])
      .where('sourcingEventId', '=', id)
      .executeTakeFirstOrThrow();
    expect(announcement.signupDeadline).not.toBeNull();
    return { id, announcementId: announcement.id };
  }

  it('a sign-up creates an approved SIGNED_UP participation the buyer sees; the supplier can then quote', async () => {
    const { id, announcementId } = await publicRfq();
    const res = await post<{ sourcingEventId: string }>('/portal/view/signUp', w.sup[2], { id: announcementId });
    expect(res.body).toMatchObject({ success: true, message: '报名成功', result: { sourcingEventId: id } });
    expect(await participants(id)).toEqual([
      { supplierId: w.supId[0], origin: 'INVITED', status: 'INVITED' },
      { supplierId: w.supId[1], origin: 'INVITED', status: 'INVITED' },
      { supplierId: w.supId[2], origin: 'SIGNED_UP', status: 'APPROVED' },
    ]);
    const detail = await w.s.request<{ participants: { supplierId: string; origin: string }[] }>(
      'GET',
      `/srm/sourcing/event/queryById?id=${id}`,
      { token: w.buyer },
    );
    expect(detail.body.result.participants.find((p) => p.supplierId === w.supId[2])).toMatchObject({
      origin: 'SIGNED_UP',
    });
    const mine = await w.s.request<{ id: string; participationStatus: string }[]>(
      'GET',
      '/srm/sourcing/supplier/event/list',
      { token: w.sup[2] },
    );
    expect(mine.body.result.find((e) => e.id === id)).toMatchObject({ participationStatus: 'APPROVED' });
    expect((await quote(w, w.sup[2], id, ['10', '2'])).body.success).toBe(true);
    expect((await post('/portal/view/signUp', w.sup[2], { id: announcementId })).body.message).toBe('您已报名');
  });

  it('an invited supplier signing up keeps its invitation; an ineligible one is refused and nothing is stored (SRC-3)', async () => {
    const { id, announcementId } = await publicRfq();
    expect((await post('/portal/view/signUp', w.sup[0], { id: announcementId })).body.success).toBe(true);
    expect((await participants(id)).filter((p) => p.supplierId === w.supId[0])).toEqual([
      { supplierId: w.supId[0], origin: 'INVITED', status: 'INVITED' },
    ]);
    await w.s.ctx.db.updateTable('supplier').set({ status: 'POTENTIAL' }).where('id', '=', w.supId[2]).execute();
    try {
      expect((await post('/portal/view/signUp', w.sup[2], { id: announcementId })).body).toMatchObject({
        message: '供应商“西南五金制品有限公司”不是合格供应商，不能报名',
        rules: ['SRC-3'],
      });
    } finally {
      await w.s.ctx.db.updateTable('supplier').set({ status: 'QUALIFIED' }).where('id', '=', w.supId[2]).execute();
    }
    expect((await participants(id)).map((p) => p.supplierId)).not.toContain(w.supId[2]);
    expect(
      await w.s.ctx.db
        .selectFrom('portalSignup')
        .select('id')
        .where('announcementId', '=', announcementId)
        .where('supplierId', '=', w.supId[2])
        .execute(),
    ).toEqual([]);
  });

  it('the sign-up deadline cannot be after the response deadline (SRC-1)', async () => {
    const res = await w.s.request('POST', '/srm/sourcing/event/add', {
      token: w.buyer,
      body: {
        title: '公开询价',
        visibility: 'PUBLIC',
        signupDeadline: w.at(3 * HOUR),
        responseDeadline: w.at(2 * HOUR),
        lines: [{ materialId: w.materialId, qty: '1' }],
      },
    });
    expect(res.body).toMatchObject({ message: '报名截止时间不能晚于报价截止时间', rules: ['SRC-1'] });
  });
});

describe('reminders before the response deadline (X-12)', () => {
  const reminders = (eventId: string) =>
    w.s.ctx.db
      .selectFrom('sysAnnouncement')
      .select(['titile', 'userIds'])
      .where('busType', '=', 'sourcing')
      .where('busId', '=', eventId)
      .where('titile', 'like', '询价即将截止%')
      .execute();
  const usersOf = async (supplierId: string) =>
    (await w.s.ctx.db.selectFrom('sysUser').select('id').where('supplierId', '=', supplierId).execute()).map(
      (u) => u.id,
    );

  it('participants without a submitted quote are reminded once per event; those who quoted or declined are not', async () => {
    const id = await publishedRfq(w, {}, false);
    expect((await post('/srm/sourcing/supplier/event/accept', w.sup[0], { id })).body.success).toBe(true);
    expect((await quote(w, w.sup[0], id, ['10', '2'])).body.success).toBe(true);
    expect(
      (await post('/srm/sourcing/supplier/event/decline', w.sup[2], { id, reason: '没有产能' })).body.success,
    ).toBe(true);
    const far = await publishedRfq(w, { responseDeadline: w.at(48 * HOUR) }, false);

    // Nothing yet 3 hours ahead; the 2-hour deadline enters the 24-hour window.
    expect(await runSourcingReminders(w.s.ctx.db, serverNow(), 1)).toBe(0);
    const sent = await runSourcingReminders(w.s.ctx.db, serverNow(), 24);
    expect(sent).toBeGreaterThanOrEqual(1);
    const mine = await reminders(id);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.userIds!.split(',').filter(Boolean).sort()).toEqual((await usersOf(w.supId[1])).sort());
    expect(await reminders(far)).toEqual([]);
    // Once per event and participant, whatever the runs.
    await runSourcingReminders(w.s.ctx.db, serverNow(), 24);
    expect(await reminders(id)).toHaveLength(1);
    expect(
      await w.s.ctx.db
        .selectFrom('sourcingReminder')
        .select(['supplierId', 'kind'])
        .where('eventId', '=', id)
        .execute(),
    ).toEqual([{ supplierId: w.supId[1], kind: 'RESPONSE_DEADLINE' }]);
    // After the deadline nobody is reminded any more.
    w.travel(47 * HOUR);
    try {
      await runSourcingReminders(w.s.ctx.db, serverNow(), 24);
      expect(await reminders(id)).toHaveLength(1);
      // The far event's three invitees, who have not answered at all, are reminded once it is 24 hours away.
      expect(await reminders(far)).toHaveLength(3);
    } finally {
      w.travel(-47 * HOUR);
    }
  });
});
