import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishClarification } from '../src/modules/sourcing/clarification.js';
import type { Actor } from '../src/core/access.js';
import { draftRfq, HOUR, publishedRfq, sourcingWorld, type SourcingWorld } from './sourcing-fixture.js';

/** Clarifications (domain §9.1, SRC-9): questions until the clarification deadline, anonymised answers to all participants. */
let w: SourcingWorld;
beforeAll(async () => {
  w = await sourcingWorld();
});
afterAll(async () => w?.close());

type Item = {
  id: string;
  kind: string;
  question: string | null;
  answer: string | null;
  publishedAt: string | null;
  askedBySupplierId: string | null;
  mine?: boolean;
  askedBySupplierName?: string | null;
};
type Listing = { askDeadline: string | null; canAsk?: boolean; canPublish?: boolean; records: Item[] };

const post = (url: string, token: string, body: unknown) =>
  w.s.request<{ id: string } | null>('POST', url, { token, body });
const supplierList = async (token: string, eventId: string) => {
  const res = await w.s.request<Listing>('GET', `/srm/sourcing/supplier/clarification/list?eventId=${eventId}`, {
    token,
  });
  expect(res.body.success).toBe(true);
  return res.body;
};
const buyerList = async (eventId: string) =>
  (await w.s.request<Listing>('GET', `/srm/sourcing/clarification/list?eventId=${eventId}`, { token: w.buyer })).body
    .result;
const rows = (eventId: string) =>
  w.s.ctx.db
    .selectFrom('sourcingClarification')
    .selectAll()
    .where('eventId', '=', eventId)
    .orderBy('createTime')
    .execute();
const notices = (eventId: string, prefix: string) =>
  w.s.ctx.db
    .selectFrom('sysAnnouncement')
    .select(['titile', 'userIds', 'msgContent'])
    .where('busType', '=', 'sourcing')
    .where('busId', '=', eventId)
    .where('titile', 'like', `${prefix}%`)
    .execute();
const userOf = async (supplierId: string) =>
  (await w.s.ctx.db.selectFrom('sysUser').select('id').where('supplierId', '=', supplierId).execute()).map((u) => u.id);

describe('questions and answers (SRC-9)', () => {
  let id: string;
  let questionId: string;
  beforeAll(async () => {
    id = await publishedRfq(w);
  });

  it('a participant asks; the question stays with the buyer and its asker until answered', async () => {
    const asked = await post('/srm/sourcing/supplier/clarification/ask', w.sup[0], {
      eventId: id,
      question: '第1行能否接受同等品牌替代？',
    });
    expect(asked.body.message).toBe('问题已提交，答复将发布给全部参与供应商');
    questionId = asked.body.result!.id;
    expect(await rows(id)).toMatchObject([
      { kind: 'QUESTION', askedBySupplierId: w.supId[0], publishedAt: null, answer: null },
    ]);
    expect(await notices(id, '供应商提问')).toHaveLength(1);
    // The asker sees its own question; another participant sees nothing yet.
    const mine = (await supplierList(w.sup[0], id)).result;
    expect(mine.canAsk).toBe(true);
    expect(mine.records).toMatchObject([{ id: questionId, mine: true, answer: null, askedBySupplierId: null }]);
    expect((await supplierList(w.sup[1], id)).result.records).toEqual([]);
    // The buyer sees who asked.
    const buyer = await buyerList(id);
    expect(buyer.records).toMatchObject([
      { id: questionId, askedBySupplierName: '华东精密机械有限公司', publishedAt: null },
    ]);
    expect(buyer.canPublish).toBe(true);
  });

  it('the answer goes to every participant at once without naming the asker', async () => {
    expect(
      (await post('/srm/sourcing/clarification/answer', w.sup[0], { id: questionId, answer: '可以' })).status,
    ).toBe(403);
    const answered = await post('/srm/sourcing/clarification/answer', w.buyer, {
      id: questionId,
      answer: '可以接受同等品牌，须在报价备注中写明品牌型号',
      affectsResponses: true,
    });
    expect(answered.body.message).toBe('答复已发布给全部参与供应商');
    const [row] = await rows(id);
    expect(row).toMatchObject({
      kind: 'QUESTION',
      affectsResponses: 1,
      answer: '可以接受同等品牌，须在报价备注中写明品牌型号',
    });
    expect(row!.publishedAt).not.toBeNull();
    const sent = await notices(id, '询价澄清');
    expect(sent).toHaveLength(1);
    const told = sent[0]!.userIds!.split(',').filter(Boolean).sort();
    expect(told).toEqual(
      [...(await userOf(w.supId[0])), ...(await userOf(w.supId[1])), ...(await userOf(w.supId[2]))].sort(),
    );
    expect(sent[0]!.msgContent).not.toContain('华东精密');
    for (const token of [w.sup[1], w.sup[2]]) {
      const listing = await supplierList(token, id);
      expect(listing.result.records).toMatchObject([
        { id: questionId, question: '第1行能否接受同等品牌替代？', mine: false, askedBySupplierId: null },
      ]);
      // SRC-8: nothing in the payload names the asker.
      expect(JSON.stringify(listing)).not.toContain(w.supId[0]);
      expect(JSON.stringify(listing)).not.toContain('华东精密');
    }
    // The supplier's event detail lists the published clarification as well.
    const detail = await w.s.request<{ clarifications: { id: string }[] }>(
      'GET',
      `/srm/sourcing/supplier/event/queryById?id=${id}`,
      { token: w.sup[2] },
    );
    expect(detail.body.result.clarifications.map((c) => c.id)).toContain(questionId);
    expect(
      (await post('/srm/sourcing/clarification/answer', w.buyer, { id: questionId, answer: '再答一次' })).body.message,
    ).toBe('该问题已答复，不能重复答复');
  });

  it('the buyer publishes a clarification of its own; an empty one is refused', async () => {
    expect((await post('/srm/sourcing/clarification/publish', w.buyer, { eventId: id, answer: '  ' })).status).toBe(
      400,
    );
    const published = await post('/srm/sourcing/clarification/publish', w.buyer, {
      eventId: id,
      answer: '交货地点改为二号仓库',
    });
    expect(published.body.message).toBe('澄清已发布给全部参与供应商');
    expect((await rows(id)).map((r) => r.kind)).toEqual(['QUESTION', 'CLARIFICATION']);
    expect(await notices(id, '询价澄清')).toHaveLength(2);
    expect((await supplierList(w.sup[1], id)).result.records.map((r) => r.answer)).toContain('交货地点改为二号仓库');
  });

  it('a supplier that declined or is not a participant cannot ask; nothing is stored', async () => {
    const other = await publishedRfq(w, {}, false);
    expect(
      (await post('/srm/sourcing/supplier/event/decline', w.sup[1], { id: other, reason: '产能不足' })).body.success,
    ).toBe(true);
    expect(
      (await post('/srm/sourcing/supplier/clarification/ask', w.sup[1], { eventId: other, question: '还能问吗？' }))
        .body.message,
    ).toBe('贵公司未参与本次寻源，不能提问');
    const draft = await draftRfq(w);
    expect(
      (await post('/srm/sourcing/supplier/clarification/ask', w.sup[0], { eventId: draft, question: '草稿？' })).status,
    ).toBe(404);
    expect(await rows(other)).toEqual([]);
    expect(await rows(draft)).toEqual([]);
  });
});

describe('the clarification deadline (SRC-9, X-1)', () => {
  it('cannot be later than the response deadline', async () => {
    const id = await draftRfq(w);
    const res = await w.s.request('PUT', '/srm/sourcing/event/edit', {
      token: w.buyer,
      body: { id, version: 1, responseDeadline: w.at(2 * HOUR), clarificationDeadline: w.at(3 * HOUR) },
    });
    expect(res.body.message).toBe('澄清截止时间不能晚于报价截止时间');
  });

  it('questions at or after the clarification deadline are refused and not stored, answers still go out', async () => {
    const id = await publishedRfq(w, { clarificationDeadline: w.at(HOUR) });
    expect(
      (await post('/srm/sourcing/supplier/clarification/ask', w.sup[1], { eventId: id, question: '截止前的问题' })).body
        .success,
    ).toBe(true);
    w.travel(HOUR);
    try {
      const late = await post('/srm/sourcing/supplier/clarification/ask', w.sup[2], {
        eventId: id,
        question: '截止后的问题',
      });
      expect(late.body).toMatchObject({
        message: expect.stringMatching(/^澄清提问已截止（截止时间 .+），本次提问未保存$/),
        rules: ['SRC-9'],
      });
      expect((await supplierList(w.sup[2], id)).result.canAsk).toBe(false);
      expect(await rows(id)).toHaveLength(1);
      const q = (await rows(id))[0]!;
      expect(
        (await post('/srm/sourcing/clarification/answer', w.buyer, { id: q.id, answer: '已答复' })).body.success,
      ).toBe(true);
    } finally {
      w.travel(-HOUR);
    }
  });

  it('without a clarification deadline, questions close with the response deadline', async () => {
    const id = await publishedRfq(w);
    w.travel(2 * HOUR);
    try {
      expect(
        (await post('/srm/sourcing/supplier/clarification/ask', w.sup[0], { eventId: id, question: '晚了' })).body,
      ).toMatchObject({ message: expect.stringMatching(/本次提问未保存$/), rules: ['SRC-9'] });
      expect(await rows(id)).toEqual([]);
    } finally {
      w.travel(-2 * HOUR);
    }
  });
});

describe('publishClarification for other modules (TND-3, SRC-2)', () => {
  it('writes an AMENDMENT inside the caller transaction and tells every participant', async () => {
    const id = await publishedRfq(w);
    const buyer = await w.s.ctx.db
      .selectFrom('sysUser')
      .selectAll()
      .where('username', '=', 'buyer')
      .executeTakeFirstOrThrow();
    const actor: Actor = {
      user: {
        id: buyer.id,
        username: buyer.username,
        realname: buyer.realname ?? '',
        isShow: 1,
        userType: 1,
        supplierId: null,
        relTenantIds: '',
        sessionId: 'test',
      },
      tenantId: 0,
      ip: '127.0.0.1',
    };
    await w.s.ctx.db.transaction().execute(async (trx) => {
      const event = await trx.selectFrom('sourcingEvent').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      await publishClarification(trx, actor, event, {
        kind: 'AMENDMENT',
        answer: '开标时间推迟一天',
        affectsResponses: true,
      });
    });
    expect(await rows(id)).toMatchObject([
      { kind: 'AMENDMENT', answer: '开标时间推迟一天', affectsResponses: 1, askedBySupplierId: null },
    ]);
    expect(await notices(id, '询价澄清')).toHaveLength(1);
    // A rolled-back caller leaves nothing.
    await expect(
      w.s.ctx.db.transaction().execute(async (trx) => {
        const event = await trx.selectFrom('sourcingEvent').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        await publishClarification(trx, actor, event, { answer: '不会保存' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await rows(id)).toHaveLength(1);
  });
});
