import { z } from 'zod';
import { calendarMessage, calendarProblem, isDecimal, textMessage, textProblem } from '@procura/shared';
import { badRequest } from '../core/errors.js';
import { ID_PATTERN } from '../core/ids.js';
import { sanitizeRichText } from '../core/sanitize.js';

/**
 * The building blocks of request schemas: what a value from the wire must look like, with the
 * Chinese message a user sees when it does not. Route files compose their bodies from these;
 * a module never borrows them from another module's routes.
 */

/** A record id (SQLI-9: 32 hex characters or a 19-digit snowflake); the message names what it identifies. */
export const wireId = (message = '编号不正确') => z.string().regex(ID_PATTERN, message);
/** An id of a business document or line. */
export const id = wireId();
/** An id of a row in the system administration screens (JeecgBoot's wording). */
export const recordId = wireId('记录编号不正确');

/**
 * Free text, trimmed, at most `max` characters; it may span lines (a remark, a reason), but holds
 * no control characters (NUL, BEL, escape, …) and no bidi overrides (issue 16 finding 10).
 */
export const text = (max: number, label: string) => checkedText(max, label, true);
/** Free text that must be filled in (a reason, an answer). */
export const requiredText = (max: number, label: string) => text(max, label).min(1, `请填写${label}`);
/** One line of text (a title, a name): as `text`, and no line breaks or tabs either. */
export const lineText = (max: number, label: string) => checkedText(max, label, false);
/** One line of text that must be filled in (a title). */
export const requiredLineText = (max: number, label: string) => lineText(max, label).min(1, `请填写${label}`);

function checkedText(max: number, label: string, multiline: boolean) {
  return z
    .string()
    .trim()
    .max(max, `${label}不能超过${max}个字符`)
    .superRefine((v, c) => {
      const problem = textProblem(v, multiline);
      if (problem) c.addIssue({ code: 'custom', message: textMessage(label, problem) });
    });
}

/**
 * Rich text from an editor (an announcement's body): at most `max` characters as sent, then
 * cleaned by the product's one allow-list (core/sanitize.ts) before anything stores it.
 */
export const richText = (max: number, label: string) =>
  z.string().max(max, `${label}不能超过${max}个字符`).transform(sanitizeRichText);

/** A yes/no from a form: a boolean or JeecgBoot's 0 / 1, stored as 0 / 1. */
export const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1)])
  .transform((v) => (v === true || v === 1 ? 1 : 0));

/** A yes/no in a query string: the text `true` or `false`, optional. */
export const queryFlag = z.enum(['true', 'false']).optional();

/** An exact decimal not below zero, kept as text (never a float). */
export const decimalText = (label: string) => z.string().trim().refine(isDecimal, `${label}必须是不小于0的数字`);

/** A calendar day as `yyyy-MM-dd`: a real day (no `2026-02-30`) of the years 1900–2999. */
export const WIRE_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const wireDate = (label: string) =>
  z
    .string()
    .regex(WIRE_DATE, `${label}格式应为 YYYY-MM-DD`)
    .superRefine((v, c) => realDay(v, label, c));
/** A local date and time as JeecgBoot shows it, `yyyy-MM-dd HH:mm:ss`. */
export const WIRE_DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
/** A local date and time kept as JeecgBoot shows it (`yyyy-MM-dd HH:mm:ss`, GMT+8): a real one. */
export const wireLocalDateTime = (label: string) =>
  z
    .string()
    .regex(WIRE_DATETIME, `${label}格式应为 yyyy-MM-dd HH:mm:ss`)
    .superRefine((v, c) => realDay(v, label, c));

/**
 * For checks outside a schema: the message why `value` is not a real wire day (`yyyy-MM-dd`) or,
 * with `withTime`, a wire datetime (`yyyy-MM-dd HH:mm:ss`), or null when it is one.
 */
export function wireDateMessage(value: string, label: string, withTime = false): string | null {
  if (!(withTime ? WIRE_DATETIME : WIRE_DATE).test(value))
    return `${label}格式应为 ${withTime ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD'}`;
  const problem = calendarProblem(value);
  return problem ? calendarMessage(label, problem) : null;
}

/** For checks outside a schema: the message why `value` may not be stored as text, or null. */
export function wireTextMessage(value: string, label: string, multiline = true): string | null {
  const problem = textProblem(value, multiline);
  return problem ? textMessage(label, problem) : null;
}

/** Refuses a day or time that is not on the calendar, or out of the years 1900–2999. */
function realDay(value: string, label: string, c: z.core.$RefinementCtx<string>): void {
  const problem = calendarProblem(value);
  if (problem) c.addIssue({ code: 'custom', message: calendarMessage(label, problem) });
}

/** A time from the wire: ISO-8601 with zone, or JeecgBoot's `yyyy-MM-dd HH:mm[:ss]` in GMT+8. Stored as ISO UTC. */
export const wireTime = (label: string) =>
  z
    .string()
    .trim()
    .transform((v, c) => {
      const local = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(v);
      const zoned = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v);
      const ms = local ? Date.parse(`${v.replace(' ', 'T')}+08:00`) : zoned ? Date.parse(v) : NaN;
      if (Number.isNaN(ms)) {
        c.addIssue({ code: 'custom', message: `${label}格式不正确` });
        return z.NEVER;
      }
      // Date.parse rolls 2026-02-30 over to 2026-03-02: the day as written must be a real one.
      const problem = calendarProblem(v);
      if (problem) {
        c.addIssue({ code: 'custom', message: calendarMessage(label, problem) });
        return z.NEVER;
      }
      return new Date(ms).toISOString();
    });

/**
 * Paging of the hand-written business lists: page 1 and 10 rows unless asked, at most 200 rows
 * (a larger page is refused; the generic lists of `core/paging.ts` cap it instead).
 */
export const pageParams = {
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(10),
};

/**
 * The values of a comma-joined list (JeecgBoot's `ids=a,b`), trimmed, without blanks and repeats.
 * With `malformed`, a value that is not a record id refuses the request with that message (400).
 */
export function idList(raw: unknown, malformed?: string): string[] {
  const ids = [
    ...new Set(
      String(raw ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (malformed !== undefined && ids.some((i) => !ID_PATTERN.test(i))) throw badRequest(malformed);
  return ids;
}
