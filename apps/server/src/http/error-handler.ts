import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { fail, isGenericZodMessage, ResultCode, splitRuleIds, type Envelope } from '@procura/shared';
import { AppError } from '../core/errors.js';

/**
 * One place turns every failure into the envelope. Validation errors become field-keyed
 * messages; anything unexpected is logged with its request id and answered without
 * internals (no SQL, stack or path ever reaches the client).
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.addHook('preSerialization', async (_request, _reply, payload) => citeRules(payload));
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 400)
        request.log[error.status === 429 ? 'warn' : 'info'](
          {
            event: 'request.refused',
            status: error.status,
            reason: error.message,
            rules: splitRuleIds(error.message).rules,
          },
          'request refused',
        );
      return reply.status(error.status).send(fail(error.message, error.code, error.result));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const v of error.validation) {
        // Unknown keys of a strict body name themselves in the issue, not in the path.
        const keys = (v.params as { keys?: string[] } | undefined)?.keys;
        const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || keys?.join(',') || '_';
        errors[field] ??= v.message ?? '格式不正确';
      }
      // zod's generic messages name no field: the summary names it, as the field-keyed ones sit beside it.
      const [first] = Object.entries(errors);
      const message = !first
        ? '请求数据格式不正确'
        : isGenericZodMessage(first[1]) && first[0] !== '_'
          ? `字段“${first[0]}”${first[1]}`
          : first[1];
      request.log.info(
        { event: 'request.invalid', errors, rules: splitRuleIds(Object.values(errors).join(' ')).rules },
        'validation failed',
      );
      return reply.status(400).send(fail(message, ResultCode.BAD_REQUEST, { errors }));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send(fail('请求过于频繁，请稍后再试', ResultCode.TOO_MANY));
    if (status === 413) return reply.status(413).send(fail('请求数据过大', 413));
    if (status === 415) return reply.status(415).send(fail('不支持的请求数据类型', 415));
    if (status >= 400 && status < 500) {
      // Malformed JSON and the like: a generic message, never the parser's words.
      request.log.info({ event: 'request.malformed', code: error.code }, 'malformed request');
      return reply.status(400).send(fail('请求数据格式不正确', ResultCode.BAD_REQUEST));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(fail(`系统繁忙，请稍后再试（请求编号 ${request.id}）`, ResultCode.ERROR));
  });
}

const isEnvelope = (v: unknown): v is Envelope =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Envelope).success === 'boolean' &&
  typeof (v as Envelope).message === 'string' &&
  'code' in v;

/**
 * Users read messages without the rule ids they cite (SRC-3, RFQ-5 …): every envelope leaves with
 * its message and field messages stripped of them, and the ids, in order, under `rules`.
 */
function citeRules(payload: unknown): unknown {
  if (!isEnvelope(payload)) return payload;
  const { text, rules } = splitRuleIds(payload.message);
  let result = payload.result;
  const errors = (result as { errors?: unknown } | null)?.errors;
  if (!payload.success && typeof errors === 'object' && errors !== null) {
    const clean: Record<string, unknown> = {};
    for (const [field, message] of Object.entries(errors)) {
      if (typeof message !== 'string') clean[field] = message;
      else {
        const split = splitRuleIds(message);
        clean[field] = split.text;
        for (const id of split.rules) if (!rules.includes(id)) rules.push(id);
      }
    }
    result = { ...(result as object), errors: clean };
  }
  return rules.length ? { ...payload, message: text, result, rules } : payload;
}
