import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTokens, startTestServer, type TestServer } from './harness.js';

/**
 * Issue 16 finding 10: impossible dates and control or bidi characters are refused on the real
 * routes with a message naming the field, and nothing is stored. Before, `2026-02-30` was stored
 * as `2026-03-02`, `2026-13-45` as given, and NUL, BEL and U+202E stayed in titles.
 */
let s: TestServer;
let admin: string;
let buyer: string;
let materialId: string;

type Errors = { errors?: Record<string, string> };

const countOf = async (table: 'sourcingEvent' | 'purchaseRequisition' | 'sysPosition' | 'sysDepart') =>
  Number(
    (
      await s.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  s = await startTestServer();
  [admin, buyer] = await demoTokens(s);
  materialId = (
    await s.ctx.db.selectFrom('srmMaterial').select('id').where('status', '=', 'ACTIVE').executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => s.close());

const rfq = (extra: Record<string, unknown> = {}, line: Record<string, unknown> = {}) => ({
  title: '办公用品询价',
  responseDeadline: '2027-03-01 10:00',
  lines: [{ materialId, qty: '10', ...line }],
  ...extra,
});
const requisition = (extra: Record<string, unknown> = {}, line: Record<string, unknown> = {}) => ({
  title: '生产线备件采购',
  purchaseType: 'GOODS',
  lines: [{ materialId, qty: '2', needByDate: '2027-03-01', ...line }],
  ...extra,
});

describe('POST /srm/sourcing/event/add', () => {
  it.each([
    [{ title: '询价\u0000单' }, {}, '标题不能包含控制字符'],
    [{ title: '询价\u0007单' }, {}, '标题不能包含控制字符'],
    [{ title: '询价\u202egnp.exe' }, {}, '标题不能包含文字方向控制字符'],
    [{ title: '询价\u2066单\u2069' }, {}, '标题不能包含文字方向控制字符'],
    [{ title: '询价\n单' }, {}, '标题不能包含换行或制表符'],
    [{ remark: '备注\u0000' }, {}, '备注不能包含控制字符'],
    [{ responseDeadline: '2026-02-30 10:00' }, {}, '报价截止时间不是有效的日期或时间'],
    [{ responseDeadline: '2027-03-01 24:30' }, {}, '报价截止时间格式不正确'],
    [{ responseDeadline: '9999-12-31 10:00' }, {}, '报价截止时间的年份应在1900到2999之间'],
    [{}, { needByDate: '2026-02-30' }, '需求日期不是有效的日期或时间'],
    [{}, { needByDate: '2026-13-45' }, '需求日期不是有效的日期或时间'],
    [{}, { needByDate: '0001-01-01' }, '需求日期的年份应在1900到2999之间'],
    [{}, { needByDate: '9999-99-99' }, '需求日期不是有效的日期或时间'],
  ])('refuses %j / line %j: %s, storing nothing', async (header, line, message) => {
    const before = await countOf('sourcingEvent');
    const res = await s.request<Errors>('POST', '/srm/sourcing/event/add', { token: buyer, body: rfq(header, line) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await countOf('sourcingEvent')).toBe(before);
  });

  it('still takes a real leap day and a remark over several lines', async () => {
    const res = await s.request<{ id: string }>('POST', '/srm/sourcing/event/add', {
      token: buyer,
      body: rfq({ remark: '第一行\n\t第二行', responseDeadline: '2028-02-29 10:00' }, { needByDate: '2028-02-29' }),
    });
    expect(res.body).toMatchObject({ success: true });
    const event = await s.ctx.db
      .selectFrom('sourcingEvent')
      .select(['remark', 'responseDeadline'])
      .where('id', '=', res.body.result.id)
      .executeTakeFirstOrThrow();
    expect(event).toEqual({ remark: '第一行\n\t第二行', responseDeadline: '2028-02-29T02:00:00.000Z' });
  });
});

describe('POST /srm/requisition/add', () => {
  it.each([
    [{ title: '备件\u0000采购' }, {}, '申请标题不能包含控制字符'],
    [{ title: '\u202e购采件备' }, {}, '申请标题不能包含文字方向控制字符'],
    [{ reason: '用途\u001b[31m' }, {}, '采购用途不能包含控制字符'],
    [{}, { needByDate: '2026-02-30' }, '需求日期不是有效的日期或时间'],
    [{}, { needByDate: '2026-13-45' }, '需求日期不是有效的日期或时间'],
    [{}, { needByDate: '0001-01-01' }, '需求日期的年份应在1900到2999之间'],
    [{}, { needByDate: '9999-99-99' }, '需求日期不是有效的日期或时间'],
  ])('refuses %j / line %j: %s, storing nothing', async (header, line, message) => {
    const before = await countOf('purchaseRequisition');
    const res = await s.request('POST', '/srm/requisition/add', { token: buyer, body: requisition(header, line) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await countOf('purchaseRequisition')).toBe(before);
  });
});

describe('the generic resource forms and the hand-written system routes', () => {
  it('a resource field (职务名称) refuses control and bidi characters, and line breaks in a short text', async () => {
    const before = await countOf('sysPosition');
    for (const [name, message] of [
      ['经理\u0000', '职务名称不能包含控制字符'],
      ['经理\u202d', '职务名称不能包含文字方向控制字符'],
      ['经\n理', '职务名称不能包含换行或制表符'],
    ])
      expect(
        (await s.request('POST', '/sys/position/add', { token: admin, body: { code: 'P_X1', name } })).body,
      ).toMatchObject({
        success: false,
        message,
      });
    expect(await countOf('sysPosition')).toBe(before);
  });

  it('a field without its own check (部门名称) is refused by the net, naming the field', async () => {
    const before = await countOf('sysDepart');
    const res = await s.request<Errors>('POST', '/sys/sysDepart/add', {
      token: admin,
      body: { departName: '采购\u0007部' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('字段 departName 不能包含控制字符');
    expect(await countOf('sysDepart')).toBe(before);
  });
});
