import type { FastifyBaseLogger } from 'fastify';
import { newId } from '../../core/ids.js';
import { serverNowIso } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import type { SysLogTable } from '../../db/schema.js';

/** Log kinds (JeecgBoot's `log_type`). */
export const LOG_TYPE_LOGIN = 1;
export const LOG_TYPE_OPERATION = 2;

/** `operate_type` of a login log row. */
export const LOGIN_OPERATE = { login: 1, logout: 2 } as const;

/** `operate_type` of an operation log row (JeecgBoot's codes) and their labels. */
export const OPERATE_TYPE_TEXT: Record<number, string> = {
  1: '查询',
  2: '添加',
  3: '修改',
  4: '删除',
  5: '导入',
  6: '导出',
};

/** What a caller says of one log row; the id and time are the server's. */
export type LogEntry = Pick<SysLogTable, 'logType'> & { status: 'ok' | 'failed'; tenantId?: number } & Partial<
    Omit<SysLogTable, 'id' | 'createTime' | 'logType' | 'status' | 'tenantId'>
  >;

const cap = (value: string | null | undefined, max: number) =>
  value == null ? null : value.length > max ? `${value.slice(0, max - 1)}…` : value;

const pending = new Set<Promise<void>>();

/**
 * Records one log row in the background: the request that caused it neither waits for nor
 * fails with it (an error is only written to the server log). Never call it inside a
 * transaction's callback with that transaction in mind: it writes on `db` by itself.
 */
export function record(db: Db, entry: LogEntry, log?: FastifyBaseLogger): void {
  const write = (async () => {
    await db
      .insertInto('sysLog')
      .values({
        id: newId(),
        logType: entry.logType,
        logContent: cap(entry.logContent, 1000),
        operateType: entry.operateType ?? null,
        userid: entry.userid ?? null,
        username: cap(entry.username, 100),
        realname: cap(entry.realname, 100),
        ip: cap(entry.ip, 64),
        method: cap(entry.method, 255),
        requestUrl: cap(entry.requestUrl, 500),
        requestType: cap(entry.requestType, 10),
        requestParam: cap(entry.requestParam, PARAM_MAX),
        costTime: entry.costTime == null ? null : Math.max(0, Math.round(entry.costTime)),
        status: entry.status,
        // The tenant the row belongs to (its administrators read it); 0 the platform.
        tenantId: entry.tenantId ?? 0,
        createTime: serverNowIso(),
      })
      .execute();
  })().catch((err: unknown) => {
    log?.error({ err, event: 'log.write_failed' }, 'could not write a log row');
  });
  const tracked = write.finally(() => pending.delete(tracked));
  pending.add(tracked);
}

/** Waits for the log rows still being written (on shutdown, so none is lost to a closed database). */
export async function settleLogs(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}

const PARAM_MAX = 2000;
const VALUE_MAX = 200;
const ITEMS_MAX = 20;
/** Field names whose values never reach the log (LOG-1): passwords, tokens, secrets, captchas. */
const SECRET_KEY = /pass(word)?|pwd|token|secret|salt|captcha|credential|authorization|cookie|signature/i;

/** A request's parameters as one short JSON text, secret fields masked, long values and lists cut. */
export function summarizeParams(query: unknown, body: unknown): string | null {
  const parts: Record<string, unknown> = {};
  if (query && typeof query === 'object' && Object.keys(query).some((k) => k !== '_t')) parts.query = query;
  if (body !== undefined && body !== null && body !== '')
    parts.body = typeof body === 'object' ? body : `[${typeof body}]`;
  if (Object.keys(parts).length === 0) return null;
  const text = JSON.stringify(parts, (key, value: unknown) => {
    if (key === '_t') return undefined;
    if (key !== '' && SECRET_KEY.test(key)) return '******';
    if (typeof value === 'string' && value.length > VALUE_MAX) return `${value.slice(0, VALUE_MAX)}…`;
    if (Array.isArray(value) && value.length > ITEMS_MAX) return [...value.slice(0, ITEMS_MAX), `…(${value.length})`];
    return value;
  });
  return cap(text, PARAM_MAX);
}

/** JeecgBoot's operate type of a request, from its route and method. */
export function operateTypeOf(method: string, route: string): number {
  if (/\/import\w*$/i.test(route)) return 5;
  if (/\/export\w*$/i.test(route)) return 6;
  if (method === 'DELETE' || /\/delete\w*$/i.test(route)) return 4;
  if (method === 'PUT' || method === 'PATCH' || /\/edit\w*$/i.test(route)) return 3;
  if (/\/add\w*$/i.test(route)) return 2;
  return method === 'GET' ? 1 : 2;
}
