import { describe, expect, it } from 'vitest';
import { amountToCapital } from './amount-capital.js';
import { countdownColor } from './countdown.js';
import { ok, fail, toPage } from './envelope.js';
import { isExternalUrl } from './external-url.js';
import { isStrongPassword } from './password-rule.js';
import { canSeeRoute, hasPermission, type AuthEntry } from './permission.js';
import { wrapQueryValue } from './query-mode.js';
import { supplierInfoSchema } from './supplier.js';
import { isValidUscc, usccCheckChar } from './uscc.js';
import { quotaShareRefusal, quotaShareSum } from './quota.js';

describe('password rule (spec part 2 §5)', () => {
  it.each(['Procura@2026', 'a1!aaaaa', 'Abcdefg1#hijklmn'])('accepts %s', (p) =>
    expect(isStrongPassword(p)).toBe(true),
  );
  it.each([
    ['too short', 'a1!aaaa'],
    ['too long', 'Abcdefg1#hijklmno'],
    ['no digit', 'Procura@abc'],
    ['no letter', '12345678!'],
    ['no special', 'Procura2026'],
    ['a space', 'Procura 2026!'],
  ])('refuses %s', (_why, p) => expect(isStrongPassword(p)).toBe(false));
});

describe('has-permission rule (spec part 1 §6)', () => {
  const auth: AuthEntry[] = [
    { action: 'user:add,user:edit', type: '1' },
    { action: 'user:export', type: '2' },
  ];
  const allAuth: AuthEntry[] = [
    { action: 'user:add', type: '1', status: '1' },
    { action: 'user:delete', type: '1', status: '1' },
    { action: 'user:import', type: '1', status: '0' },
  ];
  it('shows an element whose action the user holds, comma lists split', () => {
    expect(hasPermission('user:add', auth, allAuth)).toBe(true);
    expect(hasPermission('user:edit', auth, allAuth)).toBe(true);
  });
  it('removes an element the user lacks', () => expect(hasPermission('user:delete', auth, allAuth)).toBe(false));
  it('ignores type 2 entries', () => expect(hasPermission('user:export', auth, allAuth)).toBe(false));
  it('keeps an element whose rule is inactive (status 0)', () =>
    expect(hasPermission('user:import', [], allAuth)).toBe(true));
  it('removes everything when the user has no permissions', () =>
    expect(hasPermission('user:add', [], allAuth)).toBe(false));
  it('a route needs no permission, or one of its permissions', () => {
    expect(canSeeRoute(undefined, [])).toBe(true);
    expect(canSeeRoute([], [])).toBe(true);
    expect(
      canSeeRoute(
        [
          { action: 'user:list', type: '1' },
          { action: 'user:edit', type: '1' },
        ],
        auth,
      ),
    ).toBe(true);
    expect(canSeeRoute([{ action: 'user:list', type: '1' }], auth)).toBe(false);
  });
});

describe('small rules', () => {
  it('a URL is external when it starts with http or https', () => {
    expect(isExternalUrl('https://example.com')).toBe(true);
    expect(isExternalUrl('HTTP://x')).toBe(true);
    expect(isExternalUrl('/isystem/user')).toBe(false);
    expect(isExternalUrl('ftp://x')).toBe(false);
    expect(isExternalUrl(undefined)).toBe(false);
  });
  it('wraps search values by mode', () => {
    expect(wrapQueryValue('like', 'ab')).toBe('*ab*');
    expect(wrapQueryValue('ne', 'ab')).toBe('!ab');
    expect(wrapQueryValue('ge', '5')).toBe('>=5');
    expect(wrapQueryValue('le', '5')).toBe('<=5');
    expect(wrapQueryValue('eq', 'x')).toBe('x');
    expect(wrapQueryValue('like', '')).toBe('');
  });
  it('colours the countdown: 10+ green, 5 to under 10 orange, else none', () => {
    expect([
      countdownColor(12),
      countdownColor(10),
      countdownColor(9.5),
      countdownColor(5),
      countdownColor(4),
      countdownColor(0),
    ]).toEqual(['green', 'green', 'orange', 'orange', undefined, undefined]);
  });
  it('builds envelopes and pages', () => {
    expect(ok(1, 'm')).toMatchObject({ success: true, code: 200, message: 'm', result: 1 });
    expect(fail('x', 510)).toMatchObject({ success: false, code: 510, message: 'x', result: null });
    expect(toPage([1, 2], 25, 2, 10)).toEqual({ records: [1, 2], total: 25, size: 10, current: 2, pages: 3 });
  });
});

describe('unified social credit code (GB 32100)', () => {
  it('accepts codes with a correct check character', () => {
    expect(isValidUscc('91350100M000100Y43')).toBe(true);
    expect(isValidUscc('91110000600037341L')).toBe(true);
    const first17 = '91320594MA25K8RT4';
    expect(isValidUscc(first17 + usccCheckChar(first17))).toBe(true);
  });
  it('refuses a wrong check character, a wrong length or letters outside the alphabet', () => {
    expect(isValidUscc('91350100M000100Y44')).toBe(false);
    expect(isValidUscc('91350100M000100Y4')).toBe(false);
    expect(isValidUscc('91350100M000100IO3')).toBe(false);
    expect(isValidUscc('91350100m000100y43')).toBe(false);
  });
});

describe('amount in Chinese capitals', () => {
  it.each([
    ['0', '零元整'],
    ['1', '壹元整'],
    ['10', '壹拾元整'],
    ['101', '壹佰零壹元整'],
    ['1010', '壹仟零壹拾元整'],
    ['100000', '壹拾万元整'],
    ['100001', '壹拾万零壹元整'],
    ['10000000', '壹仟万元整'],
    ['100000000', '壹亿元整'],
    ['100010000', '壹亿零壹万元整'],
    ['1234567.89', '壹佰贰拾叁万肆仟伍佰陆拾柒元捌角玖分'],
    ['0.5', '伍角'],
    ['0.05', '伍分'],
    ['12.05', '壹拾贰元零伍分'],
    ['12.10', '壹拾贰元壹角'],
    ['0.125', '壹角叁分'],
    ['-3', '负叁元整'],
  ])('%s → %s', (amount, capital) => expect(amountToCapital(amount)).toBe(capital));
  it('gives empty for empty and refuses 1e15 or more', () => {
    expect(amountToCapital('')).toBe('');
    expect(amountToCapital(null)).toBe('');
    expect(amountToCapital('1000000000000000')).toBe('超出最大处理数字');
  });
});

describe('supplier information schema', () => {
  const valid = {
    name: '苏州新材科技有限公司',
    uscc: '91350100M000100Y43',
    legalPerson: '周明',
    contactName: '赵婷',
    contactMobile: '13912345678',
    email: 'a@b.cn',
    address: '苏州',
    bankName: '招商银行',
    bankAccountName: '苏州新材科技有限公司',
    bankAccountNo: '512900001234567',
    mainCategories: ['RAW_MATERIAL'],
    businessLicenseFile: 'supplier/20261122/licence.pdf',
  };
  it('SUP-4: requires the business licence and reports the bank account name together with the other errors', () => {
    const r = supplierInfoSchema.safeParse({ ...valid, businessLicenseFile: '', bankAccountName: '别的公司' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining(['请上传营业执照', '账户名称必须与企业名称一致']),
    );
  });
  it('accepts complete information; the landline is optional', () =>
    expect(supplierInfoSchema.safeParse(valid).success).toBe(true));
  it('upper-cases the USCC', () =>
    expect(supplierInfoSchema.parse({ ...valid, uscc: '91350100m000100y43' }).uscc).toBe('91350100M000100Y43'));
  it('names the field of each problem', () => {
    const r = supplierInfoSchema.safeParse({ ...valid, email: 'nope', phone: '12' });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path.join('.')).sort()).toEqual(['email', 'phone']);
  });
});

describe('quota shares (domain §14, QUO-1)', () => {
  it('whole percentages in (0, 100], each supplier once, summing to 100 when the total is required', () => {
    expect(
      quotaShareRefusal(
        [
          { supplierId: 'a', quotaPct: 60 },
          { supplierId: 'b', quotaPct: 40 },
        ],
        true,
      ),
    ).toBeNull();
    expect(
      quotaShareRefusal(
        [
          { supplierId: 'a', quotaPct: 60 },
          { supplierId: 'b', quotaPct: 50 },
        ],
        true,
      ),
    ).toBe('各供应商配额比例合计须为100%，当前110%（QUO-1）');
    expect(
      quotaShareRefusal(
        [
          { supplierId: 'a', quotaPct: 60 },
          { supplierId: 'b', quotaPct: 50 },
        ],
        false,
      ),
    ).toBeNull();
    expect(
      quotaShareRefusal(
        [
          { supplierId: 'a', quotaPct: 50 },
          { supplierId: 'a', quotaPct: 50 },
        ],
        true,
      ),
    ).toBe('同一供应商在配额中只能出现一次（QUO-1）');
    expect(
      quotaShareRefusal(
        [
          { supplierId: 'a', quotaPct: 0 },
          { supplierId: 'b', quotaPct: 100 },
        ],
        true,
      ),
    ).toBe('配额比例须为1到100之间的整数（QUO-1）');
    expect(
      quotaShareRefusal(
        [
          { supplierId: 'a', quotaPct: 33.5 },
          { supplierId: 'b', quotaPct: 66.5 },
        ],
        true,
      ),
    ).toBe('配额比例须为1到100之间的整数（QUO-1）');
    expect(quotaShareRefusal([], true)).toBe('请至少添加一家供应商（QUO-1）');
  });
  it('the live sum counts a blank share as 0', () => {
    expect(quotaShareSum([{ quotaPct: 60 }, { quotaPct: Number.NaN }, { quotaPct: 30 }])).toBe(90);
  });
});
