import { badRequest } from '../../core/errors.js';

/**
 * The SQL of an online report: one plain SELECT an administrator writes, with `${name}`
 * placeholders for its parameters. JeecgBoot spliced both the SQL's parameters and the
 * request's sort into the text and guarded with keyword blacklists that failed open
 * (security.md R1, R2, R4, CVE-2025-51825). Here the text is read token by token and
 * anything not understood is refused (fail closed): no comments, no second statement, no
 * quoted identifiers, no CTEs, only functions from a short list; placeholders become bound
 * parameters. Which tables it reads is then checked by the database's own plan
 * (report-runner), against the allow-list of report-tables.
 */

export type ReportSqlPart = { text: string } | { param: string };

/** Functions a report may call (aggregates, text, numbers, dates); anything else is refused. */
const FUNCTIONS = new Set([
  'count',
  'sum',
  'avg',
  'min',
  'max',
  'coalesce',
  'ifnull',
  'nullif',
  'lower',
  'upper',
  'trim',
  'ltrim',
  'rtrim',
  'length',
  'substr',
  'substring',
  'replace',
  'round',
  'abs',
  'cast',
  'date',
  'datetime',
  'strftime',
  'to_char',
]);
/** Keywords that may stand before a parenthesis. */
const KEYWORDS_BEFORE_PAREN = new Set([
  'in',
  'exists',
  'not',
  'and',
  'or',
  'from',
  'join',
  'on',
  'when',
  'then',
  'else',
  'select',
  'where',
  'as',
  'any',
  'all',
  'over',
  'between',
  'like',
  'is',
  'case',
  'end',
  'by',
  'having',
  'distinct',
  'union',
]);
/** Words refused anywhere: writes, CTEs, attachments, pragmas, locks, schema changes. */
const FORBIDDEN_WORDS = new Set([
  'with',
  'recursive',
  'insert',
  'update',
  'delete',
  'merge',
  'upsert',
  'replace_into',
  'create',
  'alter',
  'drop',
  'truncate',
  'grant',
  'revoke',
  'attach',
  'detach',
  'pragma',
  'vacuum',
  'reindex',
  'analyze',
  'copy',
  'call',
  'execute',
  'do',
  'set',
  'into',
  'for',
  'lock',
  'returning',
]);

export const MAX_REPORT_SQL = 4000;
const PARAM_NAME = /^[a-z][a-z0-9_]{0,63}$/i;

const refuse = (message: string) => badRequest(message, { cgrSql: message });

/**
 * Reads a report's SQL into literal text and parameter parts, or refuses it with a message
 * that says what is not allowed. Pure: the same check runs on save and before every run.
 */
export function parseReportSql(source: string): ReportSqlPart[] {
  const text = source.trim();
  if (!text) throw refuse('报表SQL不能为空');
  if (text.length > MAX_REPORT_SQL) throw refuse(`报表SQL不能超过${MAX_REPORT_SQL}个字符`);
  const parts: ReportSqlPart[] = [];
  let literal = '';
  let first: string | null = null;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const rest = text.slice(i);
    if (rest.startsWith('--') || rest.startsWith('/*')) throw refuse('报表SQL不能包含注释');
    if (c === ';') throw refuse('报表SQL只能是一条SELECT语句');
    if (rest.startsWith('${')) {
      const close = text.indexOf('}', i);
      const name = close > 0 ? text.slice(i + 2, close) : '';
      if (!PARAM_NAME.test(name)) throw refuse('报表参数格式不正确，应为 ${参数名}');
      if (literal) parts.push({ text: literal });
      literal = '';
      parts.push({ param: name });
      i = close + 1;
      continue;
    }
    if (c === "'") {
      // A string constant: '' is an escaped quote; backslashes and placeholders inside are refused.
      let j = i + 1;
      for (;;) {
        if (j >= text.length) throw refuse('报表SQL的字符串没有结束');
        if (text[j] === "'" && text[j + 1] === "'") j += 2;
        else if (text[j] === "'") break;
        else if (text[j] === '\\' || text.startsWith('${', j))
          throw refuse('报表SQL的字符串中不能包含反斜杠或参数，参数请直接写 ${参数名}');
        else j += 1;
      }
      literal += text.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(rest)?.[0];
    if (word) {
      const lower = word.toLowerCase();
      first ??= lower;
      if (FORBIDDEN_WORDS.has(lower)) throw refuse(`报表SQL只能是一条SELECT语句，不能使用 ${word}`);
      const after = /^\s*\(/.test(text.slice(i + word.length));
      if (after && !FUNCTIONS.has(lower) && !KEYWORDS_BEFORE_PAREN.has(lower))
        throw refuse(`报表SQL不能调用函数 ${word}`);
      literal += word;
      i += word.length;
      continue;
    }
    const number = /^[0-9]+(\.[0-9]+)?/.exec(rest)?.[0];
    if (number) {
      literal += number;
      i += number.length;
      continue;
    }
    if (/\s/.test(c)) {
      literal += ' ';
      i += 1;
      continue;
    }
    // Quoted identifiers ("x", `x`, [x]), positional parameters, dollar quoting and the like are not read.
    if (!'(),.*+-/%=<>!|:'.includes(c)) throw refuse(`报表SQL包含不支持的字符 ${c}`);
    literal += c;
    i += 1;
  }
  if (literal) parts.push({ text: literal });
  if (first !== 'select') throw refuse('报表SQL只能是一条SELECT语句');
  return parts;
}

/** The placeholders of a report's SQL, in order of first use. */
export const paramsOf = (parts: ReportSqlPart[]) => [...new Set(parts.flatMap((p) => ('param' in p ? [p.param] : [])))];
