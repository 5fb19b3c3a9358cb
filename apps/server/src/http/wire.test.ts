import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../core/errors.js';
import {
  decimalText,
  flag,
  id,
  idList,
  lineText,
  pageParams,
  queryFlag,
  recordId,
  requiredLineText,
  requiredText,
  text,
  WIRE_DATE,
  WIRE_DATETIME,
  wireDate,
  wireDateMessage,
  wireId,
  wireLocalDateTime,
  wireTextMessage,
  wireTime,
} from './wire.js';
import { fieldSchema } from '@procura/shared';

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

describe('control and bidi characters (issue 16 finding 10)', () => {
  it.each([
    ['\u0000', '备注不能包含控制字符'],
    ['\u0007', '备注不能包含控制字符'],
    ['\u001b[2J', '备注不能包含控制字符'],
    ['\u007f', '备注不能包含控制字符'],
    ['\u202a', '备注不能包含文字方向控制字符'],
    ['\u202e', '备注不能包含文字方向控制字符'],
    ['\u2066', '备注不能包含文字方向控制字符'],
    ['\u2069', '备注不能包含文字方向控制字符'],
  ])('text refuses %j inside a value, naming the field', (ch, message) => {
    expect(outcome(text(50, '备注'), `价格${ch}说明`)).toEqual({ message });
    expect(outcome(requiredText(50, '备注'), `价格${ch}说明`)).toEqual({ message });
    expect(wireTextMessage(`价格${ch}说明`, '备注')).toBe(message);
  });

  it('text may span lines and hold tabs; lineText (a title) may not', () => {
    expect(outcome(text(50, '备注'), '第一行\r\n\t第二行')).toEqual({ value: '第一行\r\n\t第二行' });
    expect(outcome(lineText(50, '标题'), '第一行\n第二行')).toEqual({ message: '标题不能包含换行或制表符' });
    expect(outcome(lineText(50, '标题'), '甲\t乙')).toEqual({ message: '标题不能包含换行或制表符' });
    expect(outcome(requiredLineText(50, '标题'), '\u0000')).toEqual({ message: '标题不能包含控制字符' });
    expect(outcome(requiredLineText(50, '标题'), '  ')).toEqual({ message: '请填写标题' });
    expect(outcome(requiredLineText(50, '标题'), ' 办公用品 (العربية) ')).toEqual({ value: '办公用品 (العربية)' });
    expect(wireTextMessage('甲', '备注')).toBeNull();
  });

  it('the resource forms judge short and long text alike', () => {
    const name = fieldSchema({ label: '职务名称', type: 'string' });
    const description = fieldSchema({ label: '描述', type: 'text' });
    expect(outcome(name, '经\u0000理')).toEqual({ message: '职务名称不能包含控制字符' });
    expect(outcome(name, '经\u202e理')).toEqual({ message: '职务名称不能包含文字方向控制字符' });
    expect(outcome(name, '经\n理')).toEqual({ message: '职务名称不能包含换行或制表符' });
    expect(outcome(description, '甲\n乙')).toEqual({ value: '甲\n乙' });
    expect(outcome(description, '甲\u0007')).toEqual({ message: '描述不能包含控制字符' });
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

  it.each([
    ['2026-02-30', '生效日期不是有效的日期或时间'],
    ['2026-02-29', '生效日期不是有效的日期或时间'],
    ['2100-02-29', '生效日期不是有效的日期或时间'],
    ['2026-04-31', '生效日期不是有效的日期或时间'],
    ['2026-13-45', '生效日期不是有效的日期或时间'],
    ['2026-00-10', '生效日期不是有效的日期或时间'],
    ['2026-01-00', '生效日期不是有效的日期或时间'],
    ['9999-99-99', '生效日期不是有效的日期或时间'],
    ['0001-01-01', '生效日期的年份应在1900到2999之间'],
    ['1899-12-31', '生效日期的年份应在1900到2999之间'],
    ['3000-01-01', '生效日期的年份应在1900到2999之间'],
  ])('wireDate refuses the impossible or out-of-range day %j', (raw, message) => {
    expect(outcome(wireDate('生效日期'), raw)).toEqual({ message });
    expect(wireDateMessage(raw, '生效日期')).toBe(message);
    expect(outcome(fieldSchema({ label: '生效日期', type: 'date' }), raw)).toEqual({ message });
  });

  it('wireDate takes leap days and the ends of the range', () => {
    for (const raw of ['2028-02-29', '2000-02-29', '1900-01-01', '2999-12-31', '2026-12-31'])
      expect(outcome(wireDate('生效日期'), raw)).toEqual({ value: raw });
    expect(wireDateMessage('2026-1-1', '生效日期')).toBe('生效日期格式应为 YYYY-MM-DD');
    expect(wireDateMessage('2026-01-01', '生效日期')).toBeNull();
  });

  it('local datetimes must be real times of real days', () => {
    const dueAt = wireLocalDateTime('截止时间');
    expect(outcome(dueAt, '2028-02-29 23:59:59')).toEqual({ value: '2028-02-29 23:59:59' });
    expect(outcome(dueAt, '2026-02-30 10:00:00')).toEqual({ message: '截止时间不是有效的日期或时间' });
    expect(outcome(dueAt, '2026-02-01 24:00:00')).toEqual({ message: '截止时间不是有效的日期或时间' });
    expect(outcome(dueAt, '2026-02-01 10:60:00')).toEqual({ message: '截止时间不是有效的日期或时间' });
    expect(wireDateMessage('2026-02-30 10:00:00', '截止时间', true)).toBe('截止时间不是有效的日期或时间');
    const resource = fieldSchema({ label: '截止时间', type: 'datetime' });
    expect(outcome(resource, '2026-02-30 10:00:00')).toEqual({ message: '截止时间不是有效的日期或时间' });
    expect(outcome(resource, '0001-01-01 10:00:00')).toEqual({ message: '截止时间的年份应在1900到2999之间' });
  });

  it('wireTime does not roll an impossible day over to the next month', () => {
    const t = wireTime('报价截止时间');
    expect(outcome(t, '2026-02-30 10:00')).toEqual({ message: '报价截止时间不是有效的日期或时间' });
    expect(outcome(t, '2026-02-30T10:00:00+08:00')).toEqual({ message: '报价截止时间不是有效的日期或时间' });
    expect(outcome(t, '9999-12-31 10:00')).toEqual({ message: '报价截止时间的年份应在1900到2999之间' });
    expect(outcome(t, '2028-02-29 10:00')).toEqual({ value: '2028-02-29T02:00:00.000Z' });
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
