import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isGenericZodMessage } from './index.js';

// The shared index is what both the server and the web import; loading it words zod in Chinese.
const messages = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('zod messages in Chinese', () => {
  it('words lengths, ranges, types, choices and formats without English', () => {
    expect(messages(z.string().max(100), 'x'.repeat(101))).toEqual(['不能超过100个字符']);
    expect(messages(z.string().min(1), '')).toEqual(['不能为空']);
    expect(messages(z.string().min(6), 'abc')).toEqual(['不能少于6个字符']);
    expect(messages(z.array(z.string()).max(2), ['a', 'b', 'c'])).toEqual(['不能超过2项']);
    expect(messages(z.number().max(10), 11)).toEqual(['不能大于10']);
    expect(messages(z.number().positive(), 0)).toEqual(['须大于0']);
    expect(messages(z.object({ a: z.string() }), {})).toEqual(['必填']);
    expect(messages(z.number(), 'x')).toEqual(['应为数字']);
    expect(messages(z.enum(['A', 'B']), 'C')).toEqual(['须为以下之一：A、B']);
    expect(messages(z.string().email(), 'nope')).toEqual(['电子邮件地址格式不正确']);
    expect(messages(z.object({}).strict(), { x: 1 })).toEqual(['不允许的字段：x']);
  });

  it('tells its generic messages from a schema’s own', () => {
    messages(z.string().max(5), 'x'.repeat(6));
    expect(isGenericZodMessage('不能超过5个字符')).toBe(true);
    expect(messages(z.string().max(5, '名称太长'), 'x'.repeat(6))).toEqual(['名称太长']);
    expect(isGenericZodMessage('名称太长')).toBe(false);
  });
});
