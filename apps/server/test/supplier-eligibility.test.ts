import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../src/core/ids.js';
import { businessDay, serverNowIso as nowIso } from '../src/core/clock.js';
import { refusalText, supplierEligibility, type EligibilityQuery } from '../src/modules/supplier/index.js';
import { startTestServer, type TestServer } from './harness.js';

/**
 * Who may take part (X-15, domain §4.4): one function answers for every purpose, with the first
 * reason and one message per reason. Each test sets the demo supplier's state it needs.
 */
let s: TestServer;
const NAME = '华东精密机械有限公司';
let supplierId = '';
let tenantId = 0;
const DAY = 86_400_000;

beforeAll(async () => {
  s = await startTestServer();
  const row = await s.ctx.db
    .selectFrom('supplier')
    .select(['id', 'tenantId'])
    .where('name', '=', NAME)
    .executeTakeFirstOrThrow();
  supplierId = row.id;
  tenantId = row.tenantId;
});
afterAll(async () => s?.close());

const status = (value: string) =>
  s.ctx.db.updateTable('supplier').set({ status: value }).where('id', '=', supplierId).execute();
const categoryStatus = (code: string, value: string) =>
  s.ctx.db
    .updateTable('supplierCategory')
    .set({ status: value })
    .where('supplierId', '=', supplierId)
    .where('categoryCode', '=', code)
    .execute();
const check = (query: EligibilityQuery, id = supplierId) => supplierEligibility(s.ctx.db, id, query);

/** An approved mandatory certificate (营业执照) with the given expiry day. */
async function licence(expiryDate: string | null): Promise<void> {
  await s.ctx.db
    .insertInto('supplierQualification')
    .values({
      id: newId(),
      supplierId,
      typeCode: 'BUSINESS_LICENSE',
      certNo: `BL-${newId().slice(-6)}`,
      issuer: null,
      issueDate: null,
      expiryDate,
      scope: null,
      files: 'supplier/test.pdf',
      status: 'VALID',
      reviewedBy: 'buyer',
      reviewedAt: nowIso(),
      reviewComment: null,
      notifiedDays: null,
      createBy: 'test',
      createTime: nowIso(),
      updateBy: null,
      updateTime: null,
    })
    .execute();
}

beforeEach(async () => {
  await status('QUALIFIED');
  await categoryStatus('MACHINERY', 'QUALIFIED');
  await s.ctx.db.deleteFrom('supplierQualification').where('supplierId', '=', supplierId).execute();
});

describe('eligible', () => {
  it('a qualified supplier takes part in everything', async () => {
    for (const purpose of ['invite', 'signup', 'respond', 'award', 'quota', 'sample', 'source-list'] as const)
      expect(await check({ purpose, eventEligibility: 'QUALIFIED_ANY' })).toBeNull();
    expect(
      await check({
        purpose: 'invite',
        eventEligibility: 'QUALIFIED_IN_CATEGORY',
        categories: { codes: ['MACHINERY'], text: '本次寻源物料分类' },
        at: new Date(),
      }),
    ).toBeNull();
  });
});

describe('UNKNOWN', () => {
  it('a supplier that does not exist, is deleted, or belongs to another tenant', async () => {
    const unknown = { reason: 'UNKNOWN', message: '供应商不存在', supplierName: '', status: null };
    expect(await check({ purpose: 'sample' }, newId())).toEqual(unknown);
    expect(await check({ purpose: 'source-list', tenantId: tenantId + 1 })).toEqual(unknown);
    expect(await check({ purpose: 'source-list', tenantId })).toBeNull();
    await s.ctx.db.updateTable('supplier').set({ delFlag: 1 }).where('id', '=', supplierId).execute();
    try {
      expect(await check({ purpose: 'award' })).toEqual(unknown);
    } finally {
      await s.ctx.db.updateTable('supplier').set({ delFlag: 0 }).where('id', '=', supplierId).execute();
    }
  });
});

describe('EXCLUDED (X-15)', () => {
  it.each(['FROZEN', 'BLACKLISTED', 'ELIMINATED'])(
    '%s takes no part in sourcing, awards, quotas or samples',
    async (value) => {
      await status(value);
      for (const purpose of ['invite', 'signup', 'respond', 'award', 'quota', 'sample'] as const)
        expect(await check({ purpose, eventEligibility: 'POTENTIAL_OR_BETTER' })).toEqual({
          reason: 'EXCLUDED',
          message: `供应商“${NAME}”已冻结、列入黑名单或淘汰`,
          supplierName: NAME,
          status: value,
        });
    },
  );

  it('the source list keeps a frozen supplier and names the status that excludes', async () => {
    await status('FROZEN');
    expect(await check({ purpose: 'source-list' })).toBeNull();
    await status('BLACKLISTED');
    expect((await check({ purpose: 'source-list' }))?.message).toBe(`供应商“${NAME}”已列入黑名单`);
    await status('ELIMINATED');
    expect((await check({ purpose: 'source-list' }))?.message).toBe(`供应商“${NAME}”已淘汰`);
  });

  it('comes before an expired qualification', async () => {
    await status('FROZEN');
    await licence(businessDay(new Date(Date.now() - DAY)));
    expect((await check({ purpose: 'respond', at: new Date() }))?.reason).toBe('EXCLUDED');
  });
});

describe('NOT_ADMITTED (SRC-3, QUO-2)', () => {
  it('invitations and sign-ups admit the statuses the event allows', async () => {
    await status('POTENTIAL');
    expect(await check({ purpose: 'invite', eventEligibility: 'QUALIFIED_ANY' })).toMatchObject({
      reason: 'NOT_ADMITTED',
      message: `供应商“${NAME}”不是合格供应商`,
    });
    expect((await check({ purpose: 'signup', eventEligibility: 'QUALIFIED_IN_CATEGORY' }))?.reason).toBe(
      'NOT_ADMITTED',
    );
    expect(await check({ purpose: 'invite', eventEligibility: 'POTENTIAL_OR_BETTER' })).toBeNull();
    // Before the event is known (the portal's sign-up), only exclusion and expiry are checked.
    expect(await check({ purpose: 'signup' })).toBeNull();
    await status('PENDING_REVIEW');
    expect(await check({ purpose: 'invite', eventEligibility: 'POTENTIAL_OR_BETTER' })).toMatchObject({
      reason: 'NOT_ADMITTED',
      message: `供应商“${NAME}”不是潜在或合格供应商`,
    });
  });

  it('a quota needs a qualified supplier; responding, awards, samples and the source list do not ask', async () => {
    await status('POTENTIAL');
    expect(await check({ purpose: 'quota' })).toMatchObject({
      reason: 'NOT_ADMITTED',
      message: `供应商“${NAME}”不是合格供应商`,
    });
    for (const purpose of ['respond', 'award', 'sample', 'source-list'] as const)
      expect(await check({ purpose })).toBeNull();
  });
});

describe('NOT_QUALIFIED_IN_CATEGORY (SRC-3, SST-3, QUO-2)', () => {
  const machinery = { codes: ['MACHINERY', 'MACHINERY'], text: '该物料分类' };

  it('every category must be held QUALIFIED or TRIAL; the message names them as the caller does', async () => {
    expect(await check({ purpose: 'quota', categories: machinery })).toBeNull();
    await categoryStatus('MACHINERY', 'TRIAL');
    expect(await check({ purpose: 'quota', categories: machinery })).toBeNull();
    for (const value of ['SUSPENDED', 'APPLYING', 'TERMINATED']) {
      await categoryStatus('MACHINERY', value);
      expect(await check({ purpose: 'quota', categories: machinery })).toMatchObject({
        reason: 'NOT_QUALIFIED_IN_CATEGORY',
        message: `供应商“${NAME}”未取得该物料分类的准入资格`,
      });
    }
  });

  it('one category missing of several refuses; no category asks nothing', async () => {
    const refusal = await check({
      purpose: 'invite',
      eventEligibility: 'QUALIFIED_IN_CATEGORY',
      categories: { codes: ['MACHINERY', 'NO_SUCH_CATEGORY'], text: '本次寻源物料分类' },
    });
    expect(refusal?.message).toBe(`供应商“${NAME}”未取得本次寻源物料分类的准入资格`);
    expect(await check({ purpose: 'invite', categories: { codes: [], text: '本次寻源物料分类' } })).toBeNull();
  });
});

describe('QUALIFICATION_EXPIRED (QLF-3, X-2)', () => {
  it('an approved mandatory certificate past its day refuses when asked `at`; a valid renewal lifts it', async () => {
    await licence(businessDay(new Date(Date.now() - DAY)));
    expect(await check({ purpose: 'respond' })).toBeNull();
    expect(await check({ purpose: 'respond', at: new Date() })).toMatchObject({
      reason: 'QUALIFICATION_EXPIRED',
      message: `供应商“${NAME}”的必备资质已过期`,
    });
    // By date, not by the job: the same certificate was still valid two days ago.
    expect(await check({ purpose: 'respond', at: new Date(Date.now() - 2 * DAY) })).toBeNull();
    await licence(null);
    expect(await check({ purpose: 'respond', at: new Date() })).toBeNull();
  });

  it('comes after the category check', async () => {
    await licence(businessDay(new Date(Date.now() - DAY)));
    await categoryStatus('MACHINERY', 'SUSPENDED');
    const refusal = await check({
      purpose: 'quota',
      categories: { codes: ['MACHINERY'], text: '该物料分类' },
      at: new Date(),
    });
    expect(refusal?.reason).toBe('NOT_QUALIFIED_IN_CATEGORY');
  });
});

describe('refusalText', () => {
  it('adds what may not be done and the rule; an unknown supplier is said plainly', async () => {
    await status('FROZEN');
    expect(refusalText((await check({ purpose: 'invite' }))!, '邀请', 'X-15')).toBe(
      `供应商“${NAME}”已冻结、列入黑名单或淘汰，不能邀请（X-15）`,
    );
    expect(refusalText((await check({ purpose: 'sample' }, newId()))!, '送样', 'X-15')).toBe('供应商不存在');
  });
});
