import type { FastifyInstance } from 'fastify';
import { fail, ResultCode, textMessage, textProblem } from '@procura/shared';

/**
 * The net under the wire validators (issue 16 finding 10): whatever a route's schema lets
 * through, no string of a request's body or query holds control characters (NUL, BEL, escape,
 * …; tab and line breaks may be) or bidi overrides. The schemas built from `wire.ts` refuse
 * them first with the field's own label; this refuses the rest, naming the field's key.
 */
export function installTextGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (request, reply) => {
    const found = findBadText(request.body, '') ?? findBadText(request.query, '');
    if (!found) return;
    const message = textMessage(`字段 ${found.path || '(请求)'} `, found.problem);
    request.log.info({ event: 'request.invalid', field: found.path }, 'control characters refused');
    return reply.status(400).send(fail(message, ResultCode.BAD_REQUEST, { errors: { [found.path]: message } }));
  });
}

type Found = { path: string; problem: 'control' | 'bidi' };

/** The first string (by key path) under `value` holding a character no text may hold, or undefined. */
function findBadText(value: unknown, path: string, depth = 0): Found | undefined {
  if (typeof value === 'string') {
    const problem = textProblem(value, true);
    return problem && problem !== 'line' ? { path, problem } : undefined;
  }
  if (depth > 20 || value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const f = findBadText(value[i], `${path}[${i}]`, depth + 1);
      if (f) return f;
    }
    return undefined;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return undefined;
  for (const [k, v] of Object.entries(value)) {
    const key = path ? `${path}.${k}` : k;
    const f = findBadText(k, key, depth + 1) ?? findBadText(v, key, depth + 1);
    if (f) return f;
  }
  return undefined;
}
