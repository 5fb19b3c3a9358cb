import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../core/errors.js';
import {
  decimalText,
  flag,
  id,
  idList,
  pageParams,
  queryFlag,
  recordId,
  requiredText,
  text,
  WIRE_DATE,
  WIRE_DATETIME,
  wireDate,
  wireId,
  wireTime,
} from './wire.js';

/** The value a schema makes of `input`, or the message of its first issue. */
function outcome(schema: z.ZodType, input: unknown): { value: unknown } | { message: string } {
  const r = schema.safeParse(input);
  return r.success ? { value: r.data } : { message: r.error.issues[0]!.message };
}

const HEX = '0196f5a4c3d87b6e9a1f2c3d4e5f6a7b';
const SNOWFLAKE = '1234567890123456789';

describe('ids (SQLI-9)', () => {
  it('accepts 32 hex characters or a 19-digit snowflake', () => {
    expect(outcome(id, HEX)).toEqual({ value: HEX });
    expect(outcome(id, SNOWFLAKE)).toEqual({ value: SNOWFLAKE });
  });

  it.each(['', 'x', HEX.toUpperCase(), `${HEX}0`, SNOWFLAKE.slice(1), "1' or '1'='1", ` ${HEX}`])(
    'refuses %j as 编号不正确',
    (raw) => expect(outcome(id, raw)).toEqual({ message: '编号不正确' }),
  );

  it('says what the id names: 记录编号不正确 for administration rows, or the caller’s own words', () => {
    expect(outcome(recordId, 'x')).toEqual({ message: '记录编号不正确' });
    expect(outcome(recordId, HEX)).toEqual({ value: HEX });
    expect(outcome(wireId('角色编号不正确'), 'x')).toEqual({ message: '角色编号不正确' });
  });
});

describe('text', () => {
  it('is trimmed and at most max characters, saying the label and the limit', () => {
    expect(outcome(text(5, '备注'), '  abc  ')).toEqual({ value: 'abc' });
    expect(outcome(text(5, '备注'), '五个字正好')).toEqual({ value: '五个字正好' });
    expect(outcome(text(5, '备注'), '')).toEqual({ value: '' });
    expect(outcome(text(5, '备注'), '六个字不行了')).toEqual({ message: '备注不能超过5个字符' });
  });

  it('requiredText refuses blank as 请填写…', () => {
    expect(outcome(requiredText(10, '拒绝原因'), '   ')).toEqual({ message: '请填写拒绝原因' });
    expect(outcome(requiredText(3, '拒绝原因'), '原因太长')).toEqual({ message: '拒绝原因不能超过3个字符' });
    expect(outcome(requiredText(10, '拒绝原因'), ' 价格 ')).toEqual({ value: '价格' });
  });
});

describe('flags', () => {
  it('flag stores booleans and 0 / 1 as 0 / 1 and refuses anything else', () => {
    expect([true, 1, false, 0].map((v) => outcome(flag, v))).toEqual([
      { value: 1 },
      { value: 1 },
      { value: 0 },
      { value: 0 },
    ]);
    expect('message' in outcome(flag, 'true')).toBe(true);
    expect('message' in outcome(flag, 2)).toBe(true);
  });

  it('queryFlag takes the text true or false, or nothing', () => {
    expect(outcome(queryFlag, 'false')).toEqual({ value: 'false' });
    expect(outcome(queryFlag, undefined)).toEqual({ value: undefined });
    expect('message' in outcome(queryFlag, '1')).toBe(true);
  });
});

describe('decimalText', () => {
  it.each(['0', '12', '12.5', ' 0.0001 '])('accepts %j', (raw) =>
    expect(outcome(decimalText('数量'), raw)).toEqual({ value: raw.trim() }),
  );
  it.each(['-1', 'abc', '1e3', '', '1,000'])('refuses %j as 数量必须是不小于0的数字', (raw) =>
    expect(outcome(decimalText('数量'), raw)).toEqual({ message: '数量必须是不小于0的数字' }),
  );
});

describe('dates and times', () => {
  it('wireDate takes yyyy-MM-dd, saying the label otherwise', () => {
    expect(outcome(wireDate('生效日期'), '2025-03-01')).toEqual({ value: '2025-03-01' });
    for (const raw of ['2025-3-1', '2025/03/01', '2025-03-01 10:00', ''])
      expect(outcome(wireDate('生效日期'), raw)).toEqual({ message: '生效日期格式应为 YYYY-MM-DD' });
    expect(WIRE_DATE.test('2025-03-01')).toBe(true);
    expect(WIRE_DATETIME.test('2025-03-01 08:30:00')).toBe(true);
    expect(WIRE_DATETIME.test('2025-03-01 08:30')).toBe(false);
  });

  it('wireTime reads GMT+8 local times and zoned ISO times, stored as ISO UTC', () => {
    expect(outcome(wireTime('报价截止时间'), '2025-03-01 08:30')).toEqual({ value: '2025-03-01T00:30:00.000Z' });
    expect(outcome(wireTime('报价截止时间'), '2025-03-01 08:30:15')).toEqual({ value: '2025-03-01T00:30:15.000Z' });
    expect(outcome(wireTime('报价截止时间'), '2025-03-01T08:30:00+08:00')).toEqual({
      value: '2025-03-01T00:30:00.000Z',
    });
    expect(outcome(wireTime('报价截止时间'), ' 2025-03-01T00:30:00.5Z ')).toEqual({
      value: '2025-03-01T00:30:00.500Z',
    });
  });

  it.each(['2025-03-01', '2025-03-01T08:30:00', 'tomorrow', '2025-13-01 08:30'])(
    'wireTime refuses %j as 报价截止时间格式不正确',
    (raw) => expect(outcome(wireTime('报价截止时间'), raw)).toEqual({ message: '报价截止时间格式不正确' }),
  );
});

describe('pageParams', () => {
  const page = z.object(pageParams);
  it('defaults to page 1 of 10 and reads numbers from the query string', () => {
    expect(outcome(page, {})).toEqual({ value: { pageNo: 1, pageSize: 10 } });
    expect(outcome(page, { pageNo: '3', pageSize: '200' })).toEqual({ value: { pageNo: 3, pageSize: 200 } });
  });
  it.each([{ pageNo: '0' }, { pageSize: '201' }, { pageSize: '0' }, { pageNo: 'x' }, { pageNo: '1.5' }])(
    'refuses %j',
    (query) => expect(page.safeParse(query).success).toBe(false),
  );
});

describe('idList', () => {
  it('splits a comma-joined list, trimmed, without blanks and repeats', () => {
    expect(idList(` ${HEX}, ,${SNOWFLAKE},${HEX},`)).toEqual([HEX, SNOWFLAKE]);
    expect(idList(undefined)).toEqual([]);
    expect(idList('')).toEqual([]);
    expect(idList('a,b')).toEqual(['a', 'b']);
  });

  it('with a message, refuses (400) a list holding anything but ids', () => {
    expect(idList(`${HEX},${SNOWFLAKE}`, '记录编号不正确')).toEqual([HEX, SNOWFLAKE]);
    expect(idList('', '记录编号不正确')).toEqual([]);
    let refusal: unknown;
    try {
      idList(`${HEX},x`, '权限编号不正确');
    } catch (e) {
      refusal = e;
    }
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ status: 400, message: '权限编号不正确' });
  });
});
