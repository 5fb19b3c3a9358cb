import { z } from 'zod';

/**
 * zod's own messages in Chinese, for every schema without a message of its own. Importing
 * this module (the shared index does, and both the server and the web load it) configures zod
 * once for the whole process or page; zod's zh-CN locale answers the rare issue kinds not
 * worded here.
 */
const zhCN = z.locales.zhCN().localeError;

const UNIT: Record<string, string> = { string: '个字符', array: '项', set: '项', map: '项', file: '字节' };
const TYPE: Record<string, string> = {
  string: '文本',
  number: '数字',
  int: '整数',
  bigint: '整数',
  boolean: '是或否',
  array: '列表',
  object: '对象',
  date: '日期',
};
const FORMAT: Record<string, string> = {
  email: '电子邮件地址',
  url: '网址',
  uuid: 'UUID',
  datetime: '日期时间',
  date: '日期',
  time: '时间',
  ipv4: 'IPv4地址',
  ipv6: 'IPv6地址',
};

/** Every message worded here; none repeats the input, so the set stays as small as the schemas. */
const defaults = new Set<string>();

function word(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return '必填';
      if (issue.input === null) return '不能为空';
      return `应为${TYPE[issue.expected] ?? issue.expected}`;
    case 'too_big': {
      const max = issue.maximum.toString();
      const unit = UNIT[issue.origin];
      if (unit) return issue.inclusive ? `不能超过${max}${unit}` : `须少于${max}${unit}`;
      if (issue.origin === 'date') return '日期太晚';
      return issue.inclusive ? `不能大于${max}` : `须小于${max}`;
    }
    case 'too_small': {
      const min = issue.minimum.toString();
      const unit = UNIT[issue.origin];
      if (unit && issue.origin === 'string' && issue.minimum === 1 && issue.inclusive) return '不能为空';
      if (unit) return issue.inclusive ? `不能少于${min}${unit}` : `须多于${min}${unit}`;
      if (issue.origin === 'date') return '日期太早';
      return issue.inclusive ? `不能小于${min}` : `须大于${min}`;
    }
    case 'invalid_value':
      return issue.values.length === 1
        ? `应为 ${String(issue.values[0])}`
        : `须为以下之一：${issue.values.map(String).join('、')}`;
    case 'invalid_format':
      if (issue.format === 'regex' || issue.format === 'template_literal') return '格式不正确';
      return FORMAT[issue.format] ? `${FORMAT[issue.format]}格式不正确` : '格式不正确';
    case 'not_multiple_of':
      return `须为${String(issue.divisor)}的倍数`;
    case 'unrecognized_keys':
      return `不允许的字段：${issue.keys.join('、')}`;
    case 'invalid_union':
      return '格式不正确';
    default: {
      const m = zhCN(issue);
      return (typeof m === 'string' ? m : m?.message) ?? '格式不正确';
    }
  }
}

function localeError(issue: z.core.$ZodRawIssue): string {
  const message = word(issue);
  if (issue.code !== 'unrecognized_keys') defaults.add(message);
  return message;
}

z.config({ localeError });

/**
 * Whether a validation message is one of zod's generic ones above (which name no field, so
 * whoever shows it names the field), not a schema's own message.
 */
export function isGenericZodMessage(message: string): boolean {
  return defaults.has(message);
}
