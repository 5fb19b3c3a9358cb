import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkRuleResource,
  fillRuleResource,
  questionnaireResource,
  resources,
  type PageResult,
} from '@procura/shared';
import { CodeRuleService, hasNestedQuantifier } from '../src/modules/code-rules/code-rule-service.js';
import { DOCUMENT_PREFIXES } from '../src/seed/code-rules.js';
import { startTestServer, type TestServer } from './harness.js';

/**
 * Code rules: check rules (`/sys/checkRule/checkByCode`, jeecg-api.md §7.4) and fill rules,
 * the document numbers PREFIX-yyyyMMdd-NNNN of X-9 (prefixes of domain §26).
 */
let s: TestServer;
let admin: string;
let buyer: string;
let supplier: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
  buyer = await s.login('buyer');
  supplier = await s.login('supplier1');
});
afterAll(async () => s?.close());

/** The value as JeecgBoot's UI sends it: encoded twice. */
const check = (ruleCode: string, value: string, token = buyer) =>
  s.request<Record<string, unknown> | null>(
    'GET',
    `/sys/checkRule/checkByCode?ruleCode=${encodeURIComponent(ruleCode)}&value=${encodeURIComponent(encodeURIComponent(value))}`,
    { token },
  );

const countOf = async (table: 'sysCheckRule' | 'sysFillRule') =>
  Number(
    (
      await s.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('base data', () => {
  it('has a fill rule for every document prefix of §26 (X-9) and the product check rules', async () => {
    const fill = await s.ctx.db.selectFrom('sysFillRule').selectAll().execute();
    expect(fill.map((r) => r.ruleCode).sort()).toEqual(DOCUMENT_PREFIXES.map(([p]) => p).sort());
    expect(fill.find((r) => r.ruleCode === 'PO')).toMatchObject({
      prefix: 'PO',
      dateFormat: 'yyyyMMdd',
      seqDigits: 4,
      seqReset: 'day',
    });
    const checks = (await s.ctx.db.selectFrom('sysCheckRule').select('ruleCode').execute()).map((r) => r.ruleCode);
    expect(checks).toEqual(expect.arrayContaining(['phone', 'uscc', 'materialCode', 'bankAccount']));
  });

  it('every numbered definition names a seeded fill rule, and the generic add numbers with it (X-9)', async () => {
    const fill = new Set(
      (await s.ctx.db.selectFrom('sysFillRule').select('ruleCode').execute()).map((r) => r.ruleCode),
    );
    const numbered = [...Object.values(resources), questionnaireResource].filter((d) => d.numbering);
    expect(numbered.map((d) => d.numbering!.rule)).toEqual(
      expect.arrayContaining(['PO', 'PR', 'CT', 'QA', 'CR', 'SMP', 'MAT', 'EV', 'QN']),
    );
    for (const d of numbered) expect(fill.has(d.numbering!.rule), `${d.key}: ${d.numbering!.rule}`).toBe(true);
    // The material's module hook no longer numbers: the definition's rule does.
    const category = await s.ctx.db
      .selectFrom('srmMaterialCategory')
      .select('id')
      .where('isLeaf', '=', 1)
      .executeTakeFirstOrThrow();
    const added = await s.request<{ id: string }>('POST', '/srm/material/add', {
      token: buyer,
      body: { name: '编号物料', categoryId: category.id, unit: 'PCS' },
    });
    expect(added.body.success).toBe(true);
    const row = await s.ctx.db
      .selectFrom('srmMaterial')
      .select('code')
      .where('id', '=', added.body.result.id)
      .executeTakeFirstOrThrow();
    expect(row.code).toMatch(/^MAT-\d{8}-\d{4}$/);
  });

  it('offers the two pages under 系统管理 to administrators only', async () => {
    const menus = await s.ctx.db
      .selectFrom('sysPermission')
      .select(['name', 'url', 'component', 'perms'])
      .where('url', 'in', ['/isystem/checkRule', '/isystem/fillRule'])
      .orderBy('url')
      .execute();
    expect(menus).toEqual([
      {
        name: '编码校验规则',
        url: '/isystem/checkRule',
        component: 'system/SysCheckRuleList',
        perms: 'checkRule:list',
      },
      { name: '填值规则', url: '/isystem/fillRule', component: 'system/SysFillRuleList', perms: 'fillRule:list' },
    ]);
    for (const path of [checkRuleResource.path, fillRuleResource.path]) {
      expect((await s.request('GET', `${path}/list`, { token: admin })).status).toBe(200);
      expect((await s.request('GET', `${path}/list`, { token: buyer })).status).toBe(403);
      expect((await s.request('POST', `${path}/add`, { token: buyer, body: {} })).status).toBe(403);
    }
  });
});

describe('GET /sys/checkRule/checkByCode', () => {
  it('answers ok for a value that passes', async () => {
    const res = await check('phone', '13800138000');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, code: 200, result: null });
  });

  it('answers the failing item with its message and passed:false', async () => {
    const res = await check('phone', '12345');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, code: 500, message: '请输入正确的手机号码' });
    expect(res.body.result).toEqual({
      digits: '*',
      pattern: '^1[3-9]\\d{9}$',
      message: '请输入正确的手机号码',
      checkValue: '12345',
      passed: false,
    });
  });

  it('checks slices in order: numbered digits move on, * takes the whole value', async () => {
    expect((await check('materialCode', 'EL000123')).body.success).toBe(true);
    const lower = await check('materialCode', 'el000123');
    expect(lower.body).toMatchObject({
      success: false,
      message: '物料编码前2位必须是大写字母（品类）',
      result: { beginIndex: 0, endIndex: 2, checkValue: 'el' },
    });
    const middle = await check('materialCode', 'EL12x456');
    expect(middle.body).toMatchObject({
      success: false,
      result: { digits: '6', beginIndex: 2, endIndex: 8, checkValue: '12x456', passed: false },
    });
    // Too short: the numbered slice ends at the value's end.
    expect((await check('materialCode', 'EL12')).body.result).toMatchObject({
      beginIndex: 2,
      endIndex: 4,
      checkValue: '12',
    });
    const long = await check('materialCode', 'EL0001234');
    expect(long.body).toMatchObject({
      success: false,
      message: '物料编码为8位',
      result: { digits: '*', checkValue: 'EL0001234' },
    });
    expect(long.body.result).not.toHaveProperty('beginIndex');
  });

  it('decodes the value once more (the UI encodes it twice); a blank value passes', async () => {
    const add = await s.request('POST', '/sys/checkRule/add', {
      token: admin,
      body: {
        ruleName: '百分比',
        ruleCode: 'percent',
        ruleJson: JSON.stringify([{ digits: '*', pattern: '^\\d{1,3}% 以内$', message: '格式为 N% 以内' }]),
      },
    });
    expect(add.body.success).toBe(true);
    expect((await check('percent', '50% 以内')).body.success).toBe(true);
    expect((await check('percent', '50 以内')).body.success).toBe(false);
    expect((await check('phone', '')).body.success).toBe(true);
  });

  it('unknown code: 该编码不存在', async () => {
    const res = await check('noSuchRule', '1');
    expect(res.body).toMatchObject({ success: false, message: '该编码不存在' });
  });

  it('is for signed-in users, suppliers included; overly long values are refused', async () => {
    expect((await s.request('GET', '/sys/checkRule/checkByCode?ruleCode=phone&value=1')).status).toBe(401);
    expect((await check('phone', '13800138000', supplier)).body.success).toBe(true);
    expect((await check('phone', '1'.repeat(501))).body).toMatchObject({
      success: false,
      message: '校验的值不能超过500个字符',
    });
    expect((await s.request('GET', '/sys/checkRule/checkByCode?value=1', { token: buyer })).status).toBe(400);
  });

  it('a pattern that backtracks too long is stopped, not left to block the server', async () => {
    // Alternatives that overlap under a repeat pass the save-time screen; the match timeout stops them.
    const add = await s.request('POST', '/sys/checkRule/add', {
      token: admin,
      body: {
        ruleName: '回溯',
        ruleCode: 'slowRule',
        ruleJson: JSON.stringify([{ digits: '*', pattern: '(a|a)*b', message: 'x' }]),
      },
    });
    expect(add.body.success).toBe(true);
    const started = Date.now();
    const res = await check('slowRule', `${'a'.repeat(40)}c`);
    expect(res.body).toMatchObject({ success: false, message: '校验超时，请检查校验规则' });
    expect(Date.now() - started).toBeLessThan(2000);
    expect((await check('phone', '13800138000')).body.success).toBe(true);
  });
});

describe('check rule JSON is validated on add and edit', () => {
  const body = (ruleJson: string, ruleCode = `r${Math.random().toString(36).slice(2, 8)}`) => ({
    ruleName: '测试',
    ruleCode,
    ruleJson,
  });
  const refusals: [string, string][] = [
    ['not json', '规则JSON不是有效的JSON'],
    ['{"digits":"*"}', '规则JSON必须是非空数组'],
    ['[]', '规则JSON必须是非空数组'],
    ['[{"digits":"*","pattern":"([a-z","message":"x"}]', '第1条规则的正则表达式无效'],
    [
      '[{"digits":"*","pattern":"^a$","message":"x"},{"digits":"*","pattern":"(?<=","message":"y"}]',
      '第2条规则的正则表达式无效',
    ],
    [
      '[{"digits":"*","pattern":"^(a+)+$","message":"x"}]',
      '第1条规则的正则表达式含嵌套的重复（如 (a+)+），可能导致回溯过多',
    ],
    ['[{"digits":"x","pattern":"^a$","message":"x"}]', '第1条规则的位数应为 * 或 1 至 100 的整数'],
    ['[{"digits":"0","pattern":"^a$","message":"x"}]', '第1条规则的位数应为 * 或 1 至 100 的整数'],
    ['[{"digits":"*","pattern":"^a$"}]', '第1条规则缺少提示文本'],
    [
      JSON.stringify([{ digits: '*', pattern: 'a'.repeat(201), message: 'x' }]),
      '第1条规则的正则表达式不能超过200个字符',
    ],
    ['["x"]', '第1条规则应为包含 digits、pattern、message 的对象'],
  ];

  it.each(refusals)('refuses %s, adding nothing', async (json, message) => {
    const before = await countOf('sysCheckRule');
    const res = await s.request<{ errors: Record<string, string> }>('POST', '/sys/checkRule/add', {
      token: admin,
      body: body(json),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.result.errors).toEqual({ ruleJson: message });
    expect(await countOf('sysCheckRule')).toBe(before);
  });

  it('refuses a bad edit and keeps the rule as it was', async () => {
    const phone = await s.ctx.db
      .selectFrom('sysCheckRule')
      .selectAll()
      .where('ruleCode', '=', 'phone')
      .executeTakeFirstOrThrow();
    const res = await s.request('PUT', '/sys/checkRule/edit', {
      token: admin,
      body: { id: phone.id, ruleName: '改名', ruleJson: '[{"digits":"*","pattern":"(","message":"x"}]' },
    });
    expect(res.status).toBe(400);
    const after = await s.ctx.db
      .selectFrom('sysCheckRule')
      .selectAll()
      .where('id', '=', phone.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(phone);
    const good = await s.request('PUT', '/sys/checkRule/edit', {
      token: admin,
      body: { id: phone.id, ruleName: '手机号' },
    });
    expect(good.body.success).toBe(true);
  });

  it('the nested-repeat screen knows escapes, classes and fixed counts', () => {
    expect(hasNestedQuantifier('^(\\d+)+$')).toBe(true);
    expect(hasNestedQuantifier('^((ab)*c)+$')).toBe(true);
    expect(hasNestedQuantifier('^(x{2,})*$')).toBe(true);
    expect(hasNestedQuantifier('^(-\\d{4})*$')).toBe(false);
    expect(hasNestedQuantifier('^(\\(+)$')).toBe(false);
    expect(hasNestedQuantifier('^([a+]b)+$')).toBe(false);
    expect(hasNestedQuantifier('^[A-Z]{2}\\d+$')).toBe(false);
  });
});

describe('fill rules: ctx.codes.next', () => {
  // 2026-11-22 16:30 UTC is 2026-11-23 00:30 in GMT+8, the business day.
  let at = new Date('2026-11-22T16:30:00Z');
  const codes = () => new CodeRuleService(s.ctx.db, () => at);

  it('gives PREFIX-yyyyMMdd-NNNN in sequence, on the GMT+8 day', async () => {
    const service = codes();
    expect(await service.next('PO')).toBe('PO-20261123-0001');
    expect(await service.next('PO')).toBe('PO-20261123-0002');
    expect(await service.next('PO', { tenantId: 0 })).toBe('PO-20261123-0003');
  });

  it('restarts each day; a day keeps its own counter', async () => {
    const service = codes();
    at = new Date('2026-11-23T16:00:00Z');
    expect(await service.next('PO')).toBe('PO-20261124-0001');
    at = new Date('2026-11-23T15:59:59Z');
    expect(await service.next('PO')).toBe('PO-20261123-0004');
  });

  it('keeps one counter per tenant', async () => {
    const service = codes();
    expect(await service.next('CT', { tenantId: '2' })).toBe('CT-20261123-0001');
    expect(await service.next('CT', { tenantId: '3' })).toBe('CT-20261123-0001');
    expect(await service.next('CT', { tenantId: '2' })).toBe('CT-20261123-0002');
    expect(await service.next('CT')).toBe('CT-20261123-0001');
  });

  it('follows the rule: month and year formats, resets, digits, no date', async () => {
    const add = async (
      ruleCode: string,
      prefix: string,
      dateFormat: string | null,
      seqReset: string,
      seqDigits: number,
    ) => {
      const res = await s.request('POST', '/sys/fillRule/add', {
        token: admin,
        body: { ruleName: ruleCode, ruleCode, prefix, dateFormat, seqReset, seqDigits },
      });
      expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    };
    await add('monthly', 'MR', 'yyyyMM', 'month', 3);
    await add('forever', 'NV', null, 'never', 5);
    await add('shortDay', 'SD', 'yyMMdd', 'year', 2);
    const service = codes();
    at = new Date('2026-11-10T02:00:00Z');
    expect(await service.next('monthly')).toBe('MR-202611-001');
    at = new Date('2026-11-29T02:00:00Z');
    expect(await service.next('monthly')).toBe('MR-202611-002');
    at = new Date('2026-11-30T16:00:00Z');
    expect(await service.next('monthly')).toBe('MR-202612-001');
    expect(await service.next('forever')).toBe('NV-00001');
    at = new Date('2031-01-01T00:00:00Z');
    expect(await service.next('forever')).toBe('NV-00002');
    expect(await service.next('shortDay')).toBe('SD-310101-01');
    at = new Date('2031-03-01T00:00:00Z');
    expect(await service.next('shortDay')).toBe('SD-310301-02');
    // Outgrowing its digits, the sequence gets longer rather than wrapping.
    await s.ctx.db.updateTable('sysFillRuleSeq').set({ lastValue: 99 }).where('ruleCode', '=', 'shortDay').execute();
    expect(await service.next('shortDay')).toBe('SD-310301-100');
  });

  it("works inside the caller's transaction and rolls back with it", async () => {
    const service = codes();
    at = new Date('2026-12-01T04:00:00Z');
    await expect(
      s.ctx.db.transaction().execute(async (trx) => {
        expect(await service.next('GR', { trx })).toBe('GR-20261201-0001');
        throw new Error('document refused');
      }),
    ).rejects.toThrow('document refused');
    const kept = await s.ctx.db
      .transaction()
      .execute(async (trx) => [await service.next('GR', { trx }), await service.next('GR', { trx })]);
    expect(kept).toEqual(['GR-20261201-0001', 'GR-20261201-0002']);
    expect(await service.next('GR')).toBe('GR-20261201-0003');
  });

  it('50 concurrent calls give 50 distinct numbers', async () => {
    const service = codes();
    at = new Date('2026-12-02T04:00:00Z');
    const got = await Promise.all(Array.from({ length: 50 }, () => service.next('ASN', { tenantId: '9' })));
    expect(new Set(got).size).toBe(50);
    expect([...got].sort()).toEqual(
      Array.from({ length: 50 }, (_, i) => `ASN-20261202-${String(i + 1).padStart(4, '0')}`),
    );
    const inTransactions = await Promise.all(
      Array.from({ length: 20 }, () =>
        s.ctx.db.transaction().execute((trx) => service.next('ASN', { tenantId: '9', trx })),
      ),
    );
    expect(new Set([...got, ...inTransactions]).size).toBe(70);
  });

  it('an unknown rule is refused', async () => {
    await expect(codes().next('NOPE')).rejects.toThrow('该编码不存在');
  });
});

describe('fill rule administration', () => {
  it('refuses a reset shorter than the date format names (the numbers would repeat), changing nothing', async () => {
    const before = await countOf('sysFillRule');
    const res = await s.request<{ errors: Record<string, string> }>('POST', '/sys/fillRule/add', {
      token: admin,
      body: { ruleName: '错', ruleCode: 'badReset', prefix: 'BR', dateFormat: 'yyyyMM', seqReset: 'day', seqDigits: 4 },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.result.errors)).toEqual(['dateFormat']);
    expect(await countOf('sysFillRule')).toBe(before);
    const noDate = await s.request('POST', '/sys/fillRule/add', {
      token: admin,
      body: { ruleName: '错', ruleCode: 'badReset2', prefix: 'BR', seqReset: 'year', seqDigits: 4 },
    });
    expect(noDate.status).toBe(400);

    // An edit is checked against the rest of the stored rule.
    const rs = await s.ctx.db
      .selectFrom('sysFillRule')
      .selectAll()
      .where('ruleCode', '=', 'RS')
      .executeTakeFirstOrThrow();
    expect(
      (await s.request('PUT', '/sys/fillRule/edit', { token: admin, body: { id: rs.id, dateFormat: 'yyyy' } })).status,
    ).toBe(400);
    expect(
      await s.ctx.db.selectFrom('sysFillRule').selectAll().where('id', '=', rs.id).executeTakeFirstOrThrow(),
    ).toEqual(rs);
    expect(
      (
        await s.request('PUT', '/sys/fillRule/edit', {
          token: admin,
          body: { id: rs.id, dateFormat: 'yyyy', seqReset: 'year' },
        })
      ).body.success,
    ).toBe(true);
  });

  it('the rule code cannot change (it keys the counters)', async () => {
    const pr = await s.ctx.db
      .selectFrom('sysFillRule')
      .select(['id'])
      .where('ruleCode', '=', 'PR')
      .executeTakeFirstOrThrow();
    await s.request('PUT', '/sys/fillRule/edit', {
      token: admin,
      body: { id: pr.id, ruleCode: 'PR2', ruleName: '采购申请' },
    });
    const list = await s.request<PageResult<Record<string, unknown>>>('GET', '/sys/fillRule/list?ruleCode=PR', {
      token: admin,
    });
    expect(list.body.result.records.map((r) => r.ruleCode)).toEqual(['PR']);
  });
});

describe('/sys/fillRule/executeRuleByCode/:ruleCode', () => {
  it('answers the next number, by PUT (JeecgBoot) or GET', async () => {
    const put = await s.request<string>('PUT', '/sys/fillRule/executeRuleByCode/INV', {
      token: buyer,
      body: { anything: 'ignored' },
    });
    expect(put.body).toMatchObject({ success: true, code: 200 });
    expect(put.body.result).toMatch(/^INV-\d{8}-0001$/);
    const get = await s.request<string>('GET', '/sys/fillRule/executeRuleByCode/INV', { token: buyer });
    expect(get.body.result).toMatch(/^INV-\d{8}-0002$/);
    expect((await s.request('GET', '/sys/fillRule/executeRuleByCode/NOPE', { token: buyer })).body).toMatchObject({
      success: false,
      message: '该编码不存在',
    });
  });

  it("counts per tenant of the request: the chosen one of the user's own, else their first; users without tenants in 0", async () => {
    await s.ctx.db.updateTable('sysUser').set({ relTenantIds: '1000' }).where('username', '=', 'admin').execute();
    const token = await s.login('admin');
    const chosen = await s.request<string>('PUT', '/sys/fillRule/executeRuleByCode/DED', {
      token,
      body: {},
      headers: { tenant_id: '1000' },
    });
    const first = await s.request<string>('PUT', '/sys/fillRule/executeRuleByCode/DED', { token, body: {} });
    const none = await s.request<string>('PUT', '/sys/fillRule/executeRuleByCode/DED', { token: buyer, body: {} });
    expect([chosen.body.result, first.body.result, none.body.result].map((c) => c.slice(-4))).toEqual([
      '0001',
      '0002',
      '0001',
    ]);
    const rows = await s.ctx.db
      .selectFrom('sysFillRuleSeq')
      .select(['tenantId', 'lastValue'])
      .where('ruleCode', '=', 'DED')
      .orderBy('tenantId')
      .execute();
    expect(rows).toEqual([
      { tenantId: '0', lastValue: 1 },
      { tenantId: '1000', lastValue: 2 },
    ]);
    expect(
      (await s.request('PUT', '/sys/fillRule/executeRuleByCode/DED', { token, body: {}, headers: { tenant_id: '6' } }))
        .status,
    ).toBe(403);
  });

  it('20 concurrent requests get 20 distinct numbers', async () => {
    const got = await Promise.all(
      Array.from({ length: 20 }, () =>
        s.request<string>('PUT', '/sys/fillRule/executeRuleByCode/PAY', { token: buyer, body: {} }),
      ),
    );
    expect(new Set(got.map((r) => r.body.result)).size).toBe(20);
  });

  it('is for signed-in internal users: suppliers and anonymous callers are refused', async () => {
    expect((await s.request('PUT', '/sys/fillRule/executeRuleByCode/PO', { token: supplier, body: {} })).status).toBe(
      403,
    );
    expect((await s.request('PUT', '/sys/fillRule/executeRuleByCode/PO', { body: {} })).status).toBe(401);
  });
});
