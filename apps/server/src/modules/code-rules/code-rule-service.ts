import vm from 'node:vm';
import type { Kysely } from 'kysely';
import { badRequest, businessError } from '../../core/errors.js';
import { businessDayCompact, serverNow } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

/** One item of a check rule: `digits` characters (or `*`, the whole value) must match `pattern`. */
export type CheckRuleItem = { digits: string; pattern: string; message: string };

/** What `checkByCode` answers for a value that does not pass (JeecgBoot's wire shape). */
export type CheckFailure = CheckRuleItem & {
  beginIndex?: number;
  endIndex?: number;
  checkValue: string;
  passed: false;
};

/** Bounds that keep an administrator's regular expressions from stalling the server. */
export const CHECK_RULE_LIMITS = {
  items: 20,
  pattern: 200,
  message: 200,
  digits: 100,
  value: 500,
  // Wall time, not CPU time: a loaded 2-core machine can pause a plain match for tens of
  // milliseconds, while a pattern that backtracks on a 500-character value runs for minutes.
  timeoutMs: 250,
} as const;

export const UNKNOWN_CODE = '该编码不存在';

/**
 * Whether a pattern repeats a group that itself repeats (`(a+)+`, `(\d*)*`, `(x{2,})+`): the
 * classic shape of catastrophic backtracking. A heuristic; the match timeout is the backstop.
 */
export function hasNestedQuantifier(source: string): boolean {
  const groups: boolean[] = [];
  let inClass = false;
  const markInner = () => {
    if (groups.length) groups[groups.length - 1] = true;
  };
  // Is there a quantifier at `i`? `{n}` repeats a fixed count, so only ranges count as variable.
  const quantifierAt = (i: number): 'variable' | 'fixed' | null => {
    const c = source[i];
    if (c === '*' || c === '+') return 'variable';
    if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i));
      if (!m) return null;
      return m[2] === undefined || m[3] === m[1] ? 'fixed' : 'variable';
    }
    return null;
  };
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === '(') groups.push(false);
    else if (c === ')') {
      const inner = groups.pop() ?? false;
      const after = quantifierAt(i + 1);
      if (after && inner) return true;
      if (after === 'variable' || inner) markInner();
    } else if (quantifierAt(i) === 'variable') markInner();
  }
  return false;
}

/** The regular expression of an item, matching the whole slice as Java's `Pattern.matches` does. */
function fullMatcher(pattern: string): RegExp {
  return new RegExp(`^(?:${pattern})$`);
}

/**
 * Reads a rule's JSON and checks its shape and every pattern; the first problem is thrown
 * as a 400 on `ruleJson`.
 */
export function parseCheckRuleJson(json: string): CheckRuleItem[] {
  const refuse = (message: string) => badRequest(message, { ruleJson: message });
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw refuse('规则JSON不是有效的JSON');
  }
  if (!Array.isArray(parsed) || parsed.length === 0) throw refuse('规则JSON必须是非空数组');
  if (parsed.length > CHECK_RULE_LIMITS.items) throw refuse(`规则JSON最多${CHECK_RULE_LIMITS.items}条规则`);
  return parsed.map((raw: unknown, index): CheckRuleItem => {
    const n = index + 1;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
      throw refuse(`第${n}条规则应为包含 digits、pattern、message 的对象`);
    const { digits, pattern, message } = raw as Record<string, unknown>;
    const d = typeof digits === 'number' ? String(digits) : digits;
    if (
      typeof d !== 'string' ||
      !(d === '*' || (/^\d{1,3}$/.test(d) && Number(d) >= 1 && Number(d) <= CHECK_RULE_LIMITS.digits))
    ) {
      throw refuse(`第${n}条规则的位数应为 * 或 1 至 ${CHECK_RULE_LIMITS.digits} 的整数`);
    }
    if (typeof pattern !== 'string' || pattern === '') throw refuse(`第${n}条规则缺少正则表达式`);
    if (pattern.length > CHECK_RULE_LIMITS.pattern)
      throw refuse(`第${n}条规则的正则表达式不能超过${CHECK_RULE_LIMITS.pattern}个字符`);
    try {
      new RegExp(pattern);
      fullMatcher(pattern);
    } catch {
      throw refuse(`第${n}条规则的正则表达式无效`);
    }
    if (hasNestedQuantifier(pattern))
      throw refuse(`第${n}条规则的正则表达式含嵌套的重复（如 (a+)+），可能导致回溯过多`);
    if (typeof message !== 'string' || message.trim() === '') throw refuse(`第${n}条规则缺少提示文本`);
    if (message.length > CHECK_RULE_LIMITS.message)
      throw refuse(`第${n}条规则的提示文本不能超过${CHECK_RULE_LIMITS.message}个字符`);
    return { digits: d, pattern, message };
  });
}

// Matches run in their own context with a time limit: a pattern that backtracks for too
// long is stopped instead of blocking every request (the event loop is single).
const sandbox = vm.createContext(Object.create(null) as object);
const matchScript = new vm.Script('pattern.test(value)');

function matches(pattern: string, value: string): boolean {
  const context = sandbox as { pattern?: RegExp; value?: string };
  context.pattern = fullMatcher(pattern);
  context.value = value;
  try {
    return matchScript.runInContext(sandbox, { timeout: CHECK_RULE_LIMITS.timeoutMs }) === true;
  } catch {
    throw businessError('校验超时，请检查校验规则');
  } finally {
    context.pattern = undefined;
    context.value = undefined;
  }
}

/**
 * JeecgBoot's check (`SysCheckRuleServiceImpl.checkValue`): items in order, each on a slice of
 * the value (`digits` characters from where the previous numbered item stopped; `*` the whole
 * value, without moving on); the first failing item is answered, `null` when all pass. A blank
 * value passes.
 */
export function checkValue(items: readonly CheckRuleItem[], value: string): CheckFailure | null {
  if (value.trim() === '') return null;
  let beginIndex = 0;
  for (const item of items) {
    let slice: string;
    const position: { beginIndex?: number; endIndex?: number } = {};
    if (item.digits === '*') {
      slice = value;
    } else {
      const num = Number(item.digits);
      const endIndex = Math.min(beginIndex + num, value.length);
      slice = beginIndex > endIndex ? '' : value.slice(beginIndex, endIndex);
      position.beginIndex = beginIndex;
      position.endIndex = endIndex;
      beginIndex += num;
    }
    if (!matches(item.pattern, slice)) {
      return {
        digits: item.digits,
        pattern: item.pattern,
        message: item.message,
        ...position,
        checkValue: slice,
        passed: false,
      };
    }
  }
  return null;
}

/** How finely a fill rule's date format and sequence reset divide time: the date must name the reset's period. */
const DATE_LEVEL: Record<string, number> = { yyyyMMdd: 3, yyMMdd: 3, yyyyMM: 2, yyyy: 1 };
const RESET_LEVEL: Record<string, number> = { day: 3, month: 2, year: 1, never: 0 };

/**
 * A fill rule whose sequence restarts more often than its date changes would repeat numbers
 * (`PO-202611-0001` on the 1st and on the 2nd): refused.
 */
export function checkFillRuleShape(rule: { dateFormat?: unknown; seqReset?: unknown }): void {
  const date = DATE_LEVEL[String(rule.dateFormat ?? '')] ?? 0;
  const reset = RESET_LEVEL[String(rule.seqReset ?? '')] ?? 0;
  if (reset > date) {
    const message = '日期格式必须包含流水号重置的周期（如每天重置需要精确到日的日期格式），否则编号会重复';
    throw badRequest(message, { dateFormat: message });
  }
}

/** The date part of a number, `yyyyMMdd` being the business day (GMT+8). */
function formatDate(format: string | null, day: string): string {
  switch (format) {
    case 'yyyyMMdd':
      return day;
    case 'yyMMdd':
      return day.slice(2);
    case 'yyyyMM':
      return day.slice(0, 6);
    case 'yyyy':
      return day.slice(0, 4);
    default:
      return '';
  }
}

/** The counter a number is drawn from: one per period of the reset. */
function periodOf(reset: string, day: string): string {
  switch (reset) {
    case 'day':
      return day;
    case 'month':
      return day.slice(0, 6);
    case 'year':
      return day.slice(0, 4);
    default:
      return '*';
  }
}

export type FillRuleShape = { prefix: string; dateFormat: string | null; seqDigits: number };

/** `PREFIX-date-sequence`, the sequence zero-padded to its digits (longer when it outgrows them). */
export function formatCode(rule: FillRuleShape, day: string, seq: number): string {
  const date = formatDate(rule.dateFormat, day);
  return [rule.prefix, date, String(seq).padStart(rule.seqDigits, '0')].filter(Boolean).join('-');
}

export type Clock = () => Date;
export type NextOptions = {
  /** The tenant the document belongs to; numbers are unique per tenant. Default '0'. */
  tenantId?: string | number | null;
  /** The caller's transaction, when the number is taken while writing the document. */
  trx?: Kysely<Database>;
};

/**
 * Document numbers and value checks (编码规则). `next` is the one place business modules get
 * their document numbers from.
 */
export class CodeRuleService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock = serverNow,
  ) {}

  /** Checks a value against a check rule: `null` when it passes. Unknown code: '该编码不存在'. */
  async check(ruleCode: string, value: string): Promise<CheckFailure | null> {
    const rule = await this.db
      .selectFrom('sysCheckRule')
      .select('ruleJson')
      .where('ruleCode', '=', ruleCode)
      .executeTakeFirst();
    if (!rule) throw businessError(UNKNOWN_CODE);
    if (value.length > CHECK_RULE_LIMITS.value) throw businessError(`校验的值不能超过${CHECK_RULE_LIMITS.value}个字符`);
    let items: CheckRuleItem[];
    try {
      items = parseCheckRuleJson(rule.ruleJson);
    } catch {
      throw businessError('校验规则配置有误，请联系管理员');
    }
    return checkValue(items, value);
  }

  /**
   * The next number of a fill rule, e.g. `PO-20261122-0001`. The counter of (rule, tenant,
   * period) is incremented in one statement (insert … on conflict do update … returning),
   * atomic on SQLite and PostgreSQL alike; inside `trx` it commits or rolls back with the
   * caller's document (a rolled-back number is simply not used: no gapless guarantee).
   */
  async next(ruleCode: string, options: NextOptions = {}): Promise<string> {
    const on = options.trx ?? this.db;
    const tenantId = String(options.tenantId ?? '').trim() || '0';
    const rule = await on
      .selectFrom('sysFillRule')
      .select(['prefix', 'dateFormat', 'seqDigits', 'seqReset'])
      .where('ruleCode', '=', ruleCode)
      .executeTakeFirst();
    if (!rule) throw businessError(UNKNOWN_CODE);
    const day = businessDayCompact(this.clock());
    const { lastValue } = await on
      .insertInto('sysFillRuleSeq')
      .values({ ruleCode, tenantId, period: periodOf(rule.seqReset, day), lastValue: 1 })
      .onConflict((oc) =>
        oc
          .columns(['ruleCode', 'tenantId', 'period'])
          .doUpdateSet((eb) => ({ lastValue: eb('sysFillRuleSeq.lastValue', '+', 1) })),
      )
      .returning('lastValue')
      .executeTakeFirstOrThrow();
    return formatCode(rule, day, Number(lastValue));
  }
}
