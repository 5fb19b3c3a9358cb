/**
 * What a date or a text from the wire may hold (issue 16 finding 10), shared by the server's
 * wire validators (apps/server/src/http/wire.ts) and the resource forms' schemas, so a value
 * is judged alike wherever it comes in.
 */

/** The years a business date may fall in: nothing before 1900 or after 2999 is a real date here. */
export const MIN_WIRE_YEAR = 1900;
export const MAX_WIRE_YEAR = 2999;

const DAY_PARTS = /^(\d{4})-(\d{2})-(\d{2})/;
const TIME_PARTS = /^[ T](\d{2}):(\d{2})(?::(\d{2}))?/;

/**
 * Why the calendar day at the start of a value already in the wire format (`yyyy-MM-dd…`) is
 * not a real one, or undefined when it is: `2026-02-30` or `2026-13-45` is no day ('invalid'),
 * and the year must be within 1900–2999 ('range'). A time after the day (` HH:mm[:ss]` or
 * `THH:mm…`) must be a real time of day too.
 */
export function calendarProblem(value: string): 'invalid' | 'range' | undefined {
  const d = DAY_PARTS.exec(value);
  if (!d) return 'invalid';
  const [year, month, day] = [Number(d[1]), Number(d[2]), Number(d[3])];
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const lastDay = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
  if (month < 1 || month > 12 || day < 1 || day > lastDay) return 'invalid';
  const t = TIME_PARTS.exec(value.slice(10));
  if (t && (Number(t[1]) > 23 || Number(t[2]) > 59 || Number(t[3] ?? 0) > 59)) return 'invalid';
  if (year < MIN_WIRE_YEAR || year > MAX_WIRE_YEAR) return 'range';
  return undefined;
}

/** The message for a date or time that `calendarProblem` refuses, naming the field. */
export function calendarMessage(label: string, problem: 'invalid' | 'range'): string {
  return problem === 'range'
    ? `${label}的年份应在${MIN_WIRE_YEAR}到${MAX_WIRE_YEAR}之间`
    : `${label}不是有效的日期或时间`;
}

/**
 * C0 control characters (NUL, BEL, escape, …) and DEL; tab, line feed and carriage return are
 * matched separately, since multi-line text may hold them.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const LINE_BREAK_OR_TAB = /[\t\n\r]/;
/** Bidirectional embedding, override and isolate controls (the "RTL override" trick). */
const BIDI = /[\u202a-\u202e\u2066-\u2069]/;

/** Why a text may not be stored, or undefined: control or bidi characters; line breaks unless `multiline`. */
export function textProblem(value: string, multiline: boolean): 'control' | 'bidi' | 'line' | undefined {
  if (CONTROL.test(value)) return 'control';
  if (BIDI.test(value)) return 'bidi';
  if (!multiline && LINE_BREAK_OR_TAB.test(value)) return 'line';
  return undefined;
}

/** The message for a text that `textProblem` refuses, naming the field. */
export function textMessage(label: string, problem: 'control' | 'bidi' | 'line'): string {
  if (problem === 'bidi') return `${label}不能包含文字方向控制字符`;
  if (problem === 'line') return `${label}不能包含换行或制表符`;
  return `${label}不能包含控制字符`;
}
