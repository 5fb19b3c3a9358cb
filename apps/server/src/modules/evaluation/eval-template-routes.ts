import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkEvalWeights,
  checkGradeBands,
  EVAL_DIMENSIONS,
  evalTemplateResource,
  GRADE_CONSEQUENCES,
  ok,
  type EvalDimensionInput,
} from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { businessError, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { serverNowIso } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import { resourceRoutes } from '../../resource/resource-routes.js';
import { gradeBandsOf } from './grade-bands.js';
import { internalRoles, parseJsonList } from './eval-rater-roles.js';

const idBody = z.object({ id: z.string().regex(/^[0-9a-f]{32}$/) });
const decimal = z.string().max(16);

const structureBody = z.object({
  id: z.string().regex(/^[0-9a-f]{32}$/),
  dimensions: z
    .array(
      z.object({
        dimension: z.enum(EVAL_DIMENSIONS),
        weight: decimal,
        indicators: z
          .array(
            z.object({
              name: z.string().max(100),
              weight: decimal,
              method: z.enum(['SYSTEM', 'MANUAL']),
              metricKey: z.string().max(40).nullish(),
              raterRoles: z.array(z.string().max(64)).max(20).optional(),
            }),
          )
          .max(30),
      }),
    )
    .max(EVAL_DIMENSIONS.length),
});

const bandsBody = z.object({
  bands: z
    .array(
      z.object({
        grade: z.string().max(1),
        minScore: decimal,
        maxScore: decimal,
        consequence: z.array(z.enum(GRADE_CONSEQUENCES)).max(GRADE_CONSEQUENCES.length),
        colour: z
          .string()
          .regex(/^#[0-9a-fA-F]{6}$/)
          .nullish(),
      }),
    )
    .max(10),
});

export type StructureIndicator = EvalDimensionInput['indicators'][number] & { id: string; raterRoles: string[] };
export type StructureDimension = Omit<EvalDimensionInput, 'indicators'> & {
  id: string;
  indicators: StructureIndicator[];
};

/** A template's dimensions and indicators, in order. */
export async function templateStructure(db: Db, templateId: string): Promise<StructureDimension[]> {
  const dims = await db
    .selectFrom('evalDimension')
    .selectAll()
    .where('templateId', '=', templateId)
    .orderBy('seq')
    .execute();
  const inds = await db
    .selectFrom('evalIndicator')
    .selectAll()
    .where('templateId', '=', templateId)
    .orderBy('seq')
    .execute();
  return dims.map((d) => ({
    id: d.id,
    dimension: d.dimension as EvalDimensionInput['dimension'],
    weight: d.weight,
    indicators: inds
      .filter((i) => i.dimensionId === d.id)
      .map((i) => ({
        id: i.id,
        name: i.name,
        weight: i.weight,
        method: i.method as 'SYSTEM' | 'MANUAL',
        metricKey: i.metricKey,
        raterRoles: parseJsonList<string>(i.raterRoles),
      })),
  }));
}

async function templateOf(db: Db, id: string, tenantId: number) {
  const t = await db
    .selectFrom('evalTemplate')
    .selectAll()
    .where('id', '=', id)
    .where('tenantId', '=', tenantId)
    .executeTakeFirst();
  if (!t) throw notFound('评估模板不存在');
  return t;
}

/** 评估模板 (list and header through the generic routes) with its weighted structure, and the tenant's grade bands (§20). */
export const evalTemplateRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(
      resourceRoutes(ctx, evalTemplateResource, {
        beforeAdd: (values) => {
          values.status = 'DRAFT';
        },
        // QT-1 spirit for §20: an active template is what projects score against; only drafts change.
        beforeEdit: async (id, _values, trx) => {
          const t = await trx
            .selectFrom('evalTemplate')
            .select('status')
            .where('id', '=', id)
            .executeTakeFirstOrThrow();
          if (t.status !== 'DRAFT') throw businessError('只有草稿状态的评估模板可以修改');
        },
        beforeDelete: async (ids, trx) => {
          if (
            await trx
              .selectFrom('evalTemplate')
              .select('id')
              .where('id', 'in', ids)
              .where('status', '<>', 'DRAFT')
              .executeTakeFirst()
          ) {
            throw businessError('只有草稿状态的评估模板可以删除');
          }
          if (await trx.selectFrom('evalProject').select('id').where('templateId', 'in', ids).executeTakeFirst())
            throw businessError('评估模板已被评估项目使用，不能删除');
        },
      }),
    );

    app.get(
      '/srm/evalTemplate/structure',
      {
        schema: { tags: ['评估模板'], summary: '评估模板的维度与指标', querystring: idBody },
        config: { access: { permission: 'evalTemplate:list' }, internalOnly: true },
      },
      async (request) => {
        await templateOf(ctx.db, request.query.id, request.tenantId);
        return ok(await templateStructure(ctx.db, request.query.id));
      },
    );

    app.post(
      '/srm/evalTemplate/saveStructure',
      {
        schema: { tags: ['评估模板'], summary: '保存维度与指标（EVA-1：权重之和为100）', body: structureBody },
        config: { access: { permission: 'evalTemplate:edit' }, internalOnly: true },
      },
      async (request) => {
        const { id, dimensions } = request.body;
        const problem = checkEvalWeights(dimensions);
        if (problem) throw businessError(problem);
        await ctx.db.transaction().execute(async (trx) => {
          const t = await templateOf(trx, id, request.tenantId);
          if (t.status !== 'DRAFT') throw businessError('只有草稿状态的评估模板可以修改');
          // Rater roles name internal roles (§20 raterRoles); SYSTEM indicators have no raters.
          const roles = new Set((await internalRoles(trx)).map((r) => r.roleCode));
          for (const i of dimensions.flatMap((d) => d.indicators)) {
            const unknown = i.method === 'MANUAL' ? (i.raterRoles ?? []).find((r) => !roles.has(r)) : undefined;
            if (unknown !== undefined)
              throw businessError(`指标「${i.name}」的评分角色不存在或不是内部角色：${unknown}`);
          }
          await trx.deleteFrom('evalIndicator').where('templateId', '=', id).execute();
          await trx.deleteFrom('evalDimension').where('templateId', '=', id).execute();
          let seq = 0;
          for (const [di, d] of dimensions.entries()) {
            const dimensionId = newId();
            await trx
              .insertInto('evalDimension')
              .values({ id: dimensionId, templateId: id, dimension: d.dimension, weight: d.weight, seq: di })
              .execute();
            for (const i of d.indicators) {
              await trx
                .insertInto('evalIndicator')
                .values({
                  id: newId(),
                  templateId: id,
                  dimensionId,
                  name: i.name.trim(),
                  weight: i.weight,
                  method: i.method,
                  metricKey: i.method === 'SYSTEM' ? (i.metricKey ?? null) : null,
                  raterRoles: JSON.stringify(i.method === 'MANUAL' ? [...new Set(i.raterRoles ?? [])] : []),
                  seq: seq++,
                })
                .execute();
            }
          }
          await trx
            .updateTable('evalTemplate')
            .set({ updateBy: request.user!.username, updateTime: serverNowIso() })
            .where('id', '=', id)
            .execute();
        });
        return ok(null, '保存成功');
      },
    );

    const setStatus = (url: string, summary: string, from: string, to: string, message: string) =>
      app.post(
        url,
        {
          schema: { tags: ['评估模板'], summary, body: idBody },
          config: { access: { permission: 'evalTemplate:edit' }, internalOnly: true },
        },
        async (request) => {
          await ctx.db.transaction().execute(async (trx) => {
            const t = await templateOf(trx, request.body.id, request.tenantId);
            if (t.status !== from) throw businessError(`当前状态不能${summary}`);
            if (to === 'ACTIVE') {
              const problem = checkEvalWeights(await templateStructure(trx, t.id));
              if (problem) throw businessError(problem);
            }
            await trx
              .updateTable('evalTemplate')
              .set({ status: to, updateBy: request.user!.username, updateTime: serverNowIso() })
              .where('id', '=', t.id)
              .execute();
          });
          return ok(null, message);
        },
      );
    setStatus('/srm/evalTemplate/activate', '启用', 'DRAFT', 'ACTIVE', '已启用');
    setStatus('/srm/evalTemplate/deactivate', '停用', 'ACTIVE', 'INACTIVE', '已停用');

    app.get(
      '/srm/gradeBand/list',
      {
        schema: { tags: ['绩效等级'], summary: '绩效等级区间' },
        config: { access: { permission: 'gradeBand:list' }, internalOnly: true },
      },
      async (request) => ok(await gradeBandsOf(ctx.db, request.tenantId)),
    );

    app.post(
      '/srm/gradeBand/save',
      {
        schema: { tags: ['绩效等级'], summary: '保存绩效等级（EVA-2：覆盖0–100，无缺口无重叠）', body: bandsBody },
        config: { access: { permission: 'gradeBand:edit' }, internalOnly: true },
      },
      async (request) => {
        const problem = checkGradeBands(request.body.bands);
        if (problem) throw businessError(problem);
        await ctx.db.transaction().execute(async (trx) => {
          await trx.deleteFrom('evalGradeBand').where('tenantId', '=', request.tenantId).execute();
          await trx
            .insertInto('evalGradeBand')
            .values(
              request.body.bands.map((b) => ({
                id: newId(),
                tenantId: request.tenantId,
                grade: b.grade,
                minScore: b.minScore,
                maxScore: b.maxScore,
                consequence: b.consequence.join(','),
                colour: b.colour ?? null,
              })),
            )
            .execute();
        });
        return ok(null, '保存成功');
      },
    );
  };
