import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, type EvalRaterAssignment } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { businessError, notFound } from '../../core/errors.js';
import { serverNowIso } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import { templateStructure } from './eval-template-routes.js';
import { internalRoles, parseJsonList } from './eval-rater-roles.js';

/**
 * Raters per indicator (§20, EVA-3): a MANUAL indicator names the roles that rate it; a project
 * keeps who rates which indicator, by default its chosen raters holding one of those roles (all
 * of them when the indicator names none), adjustable while the project is a draft.
 */

const idsOf = (joined: string) =>
  joined
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export const assignmentsOf = (raters: string): EvalRaterAssignment[] => parseJsonList<EvalRaterAssignment>(raters);
const pairKey = (indicatorId: string, userId: string) => `${indicatorId}:${userId}`;
/** `indicatorId:userId` of every assigned pair, for lookups. */
export const assignedPairs = (raters: string) =>
  new Set(assignmentsOf(raters).map((a) => pairKey(a.indicatorId, a.userId)));
export const isAssigned = (pairs: Set<string>, indicatorId: string, userId: string) =>
  pairs.has(pairKey(indicatorId, userId));

/** Each user's role codes. */
async function rolesOfUsers(db: Db, userIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return out;
  const rows = await db
    .selectFrom('sysUserRole as ur')
    .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
    .select(['ur.userId', 'r.roleCode', 'r.roleName'])
    .where('ur.userId', 'in', userIds)
    .execute();
  for (const r of rows) out.get(r.userId)?.push(r.roleCode);
  return out;
}

async function manualIndicators(db: Db, templateId: string) {
  return (await templateStructure(db, templateId))
    .flatMap((d) => d.indicators.map((i) => ({ ...i, dimension: d.dimension })))
    .filter((i) => i.method === 'MANUAL');
}

/**
 * The assignment for a project's template and chosen raters: `keep` (the pairs the buyer already
 * set) stays for raters still chosen; a rater not in `keep` gets the indicators its roles rate.
 */
export async function defaultAssignment(
  db: Db,
  templateId: string,
  raterIds: string[],
  keep: EvalRaterAssignment[] = [],
): Promise<EvalRaterAssignment[]> {
  const manual = await manualIndicators(db, templateId);
  const roles = await rolesOfUsers(db, raterIds);
  const chosen = new Set(raterIds);
  const known = new Set(keep.map((a) => a.userId));
  const kept = new Set(keep.filter((a) => chosen.has(a.userId)).map((a) => pairKey(a.indicatorId, a.userId)));
  const out: EvalRaterAssignment[] = [];
  for (const i of manual) {
    for (const userId of raterIds) {
      const byRole = i.raterRoles.length === 0 || (roles.get(userId) ?? []).some((r) => i.raterRoles.includes(r));
      if (known.has(userId) ? kept.has(pairKey(i.id, userId)) : byRole) out.push({ indicatorId: i.id, userId });
    }
  }
  return out;
}

/** EVA-3 before scoring starts: every MANUAL indicator has at least one rater. Null when fine. */
export async function unassignedIndicator(db: Db, p: { templateId: string; raters: string }): Promise<string | null> {
  const assigned = new Set(assignmentsOf(p.raters).map((a) => a.indicatorId));
  return (await manualIndicators(db, p.templateId)).find((i) => !assigned.has(i.id))?.name ?? null;
}

const ID = z.string().regex(/^[0-9a-f]{32}$/);

/** 评分分工: read and adjust (DRAFT only) who rates which manual indicator of a project. */
export const evalRaterRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['评估项目'];
    const projectOf = async (db: Db, id: string, tenantId: number) => {
      const p = await db
        .selectFrom('evalProject')
        .selectAll()
        .where('id', '=', id)
        .where('tenantId', '=', tenantId)
        .executeTakeFirst();
      if (!p) throw notFound('评估项目不存在');
      return p;
    };

    app.get(
      '/srm/evalTemplate/roleOptions',
      {
        schema: { tags: ['评估模板'], summary: '可作为评分角色的内部角色' },
        config: { access: { permission: 'evalTemplate:list' }, internalOnly: true },
      },
      async () => ok(await internalRoles(ctx.db)),
    );

    app.get(
      '/srm/evalProject/raters',
      {
        schema: { tags, summary: '评分分工：每个人工评分指标的评分人（EVA-3）', querystring: z.object({ id: ID }) },
        config: { access: { permission: 'evalProject:list' }, internalOnly: true },
      },
      async (request) => {
        const p = await projectOf(ctx.db, request.query.id, request.tenantId);
        const raterIds = idsOf(p.raterIds);
        const users = raterIds.length
          ? await ctx.db
              .selectFrom('sysUser')
              .select(['id', 'username', 'realname'])
              .where('id', 'in', raterIds)
              .execute()
          : [];
        const roleNames = new Map(
          (await ctx.db.selectFrom('sysRole').select(['roleCode', 'roleName']).execute()).map((r) => [
            r.roleCode,
            r.roleName,
          ]),
        );
        const roles = await rolesOfUsers(ctx.db, raterIds);
        const assignment = assignmentsOf(p.raters);
        return ok({
          status: p.status,
          users: raterIds.map((id) => {
            const u = users.find((x) => x.id === id);
            return {
              id,
              username: u?.username ?? id,
              realname: u?.realname ?? id,
              roles: (roles.get(id) ?? []).map((r) => roleNames.get(r) ?? r),
            };
          }),
          indicators: (await manualIndicators(ctx.db, p.templateId)).map((i) => ({
            id: i.id,
            name: i.name,
            dimension: i.dimension,
            raterRoles: i.raterRoles.map((r) => roleNames.get(r) ?? r),
            userIds: assignment.filter((a) => a.indicatorId === i.id).map((a) => a.userId),
          })),
        });
      },
    );

    app.post(
      '/srm/evalProject/saveRaters',
      {
        schema: {
          tags,
          summary: '调整评分分工（仅草稿，EVA-3）',
          body: z.object({
            id: ID,
            indicators: z
              .array(z.object({ indicatorId: ID, userIds: z.array(ID).max(200) }))
              .min(1)
              .max(200),
          }),
        },
        config: { access: { permission: 'evalProject:edit' }, internalOnly: true },
      },
      async (request) => {
        await ctx.db.transaction().execute(async (trx) => {
          const p = await projectOf(trx, request.body.id, request.tenantId);
          if (p.status !== 'DRAFT') throw businessError('只有草稿状态的评估项目可以调整评分分工');
          const manual = await manualIndicators(trx, p.templateId);
          const chosen = new Set(idsOf(p.raterIds));
          const given = new Map(request.body.indicators.map((i) => [i.indicatorId, [...new Set(i.userIds)]]));
          for (const id of given.keys())
            if (!manual.some((i) => i.id === id)) throw businessError('只能为本项目模板的人工评分指标分配评分人');
          const raters: EvalRaterAssignment[] = [];
          for (const i of manual) {
            // An indicator the request leaves out keeps its raters.
            const userIds =
              given.get(i.id) ??
              assignmentsOf(p.raters)
                .filter((a) => a.indicatorId === i.id)
                .map((a) => a.userId);
            if (userIds.length === 0) throw businessError(`指标「${i.name}」至少需要一名评分人`);
            if (userIds.some((u) => !chosen.has(u))) throw businessError('评分人必须是本项目选定的评分人');
            raters.push(...userIds.map((userId) => ({ indicatorId: i.id, userId })));
          }
          await trx
            .updateTable('evalProject')
            .set({ raters: JSON.stringify(raters), updateBy: request.user!.username, updateTime: serverNowIso() })
            .where('id', '=', p.id)
            .execute();
        });
        return ok(null, '评分分工已保存');
      },
    );
  };
