import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkRuleResource, fillRuleResource, ok } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { businessError } from '../../core/errors.js';
import { resourceRoutes, type Values } from '../../resource/resource-routes.js';
import { checkFillRuleShape, parseCheckRuleJson } from './code-rule-service.js';

/** `URLDecoder.decode` as JeecgBoot applies it to a value its UI encoded twice; a value that is not encoded stays as it is. */
export function decodeOnceMore(value: string): string {
  try {
    return decodeURIComponent(value.replaceAll('+', ' '));
  } catch {
    return value;
  }
}

const ruleCodeSchema = z.string().trim().min(1, '请输入规则编码').max(100);

/**
 * 编码校验规则 and 填值规则 (jeecg-api.md §7.4): their admin lists, the value check forms call,
 * and the next document number of a fill rule.
 */
export const codeRuleRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const checkJson = (values: Values) => {
      if (typeof values.ruleJson === 'string') parseCheckRuleJson(values.ruleJson);
    };
    await app.register(
      resourceRoutes(ctx, checkRuleResource, {
        beforeAdd: checkJson,
        beforeEdit: (_id, values) => checkJson(values),
      }),
    );

    await app.register(
      resourceRoutes(ctx, fillRuleResource, {
        beforeAdd: (values) => checkFillRuleShape(values),
        beforeEdit: async (id, values, trx) => {
          const row = await trx
            .selectFrom('sys_fill_rule')
            .select(['dateFormat', 'seqReset'])
            .where('id', '=', id)
            .executeTakeFirstOrThrow();
          checkFillRuleShape({ ...(row as Values), ...values });
        },
      }),
    );

    app.get(
      '/sys/checkRule/checkByCode',
      {
        schema: {
          tags: ['编码校验规则'],
          summary: '按规则编码校验值',
          querystring: z.object({ ruleCode: ruleCodeSchema, value: z.string().max(10_000), _t: z.string().optional() }),
        },
        config: { access: 'authenticated', allowIncompleteSupplier: true },
      },
      async (request) => {
        const failure = await ctx.codes.check(request.query.ruleCode, decodeOnceMore(request.query.value));
        if (failure) throw businessError(failure.message, failure);
        return ok(null);
      },
    );

    // JeecgBoot's UI calls PUT with the form as body (for rules computed from form values);
    // these rules need none of it, so the body is accepted and ignored.
    app.route({
      method: ['GET', 'PUT'],
      url: '/sys/fillRule/executeRuleByCode/:ruleCode',
      schema: {
        tags: ['填值规则'],
        summary: '按规则编码生成下一个编号',
        params: z.object({ ruleCode: ruleCodeSchema }),
      },
      config: { access: 'authenticated', internalOnly: true },
      handler: async (request) => {
        const { ruleCode } = request.params as { ruleCode: string };
        const code = await ctx.codes.next(ruleCode, { tenantId: request.tenantId });
        request.log.info({ event: 'fillRule.issued', ruleCode, code }, 'document number issued');
        return ok(code, '操作成功');
      },
    });
  };
