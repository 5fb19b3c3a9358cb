import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, QUOTA_STATUS_TEXT, quotaShareRefusal, quotaWorkflow, toPage, type QuotaAction } from '@procura/shared';
import { runTransition } from '../../workflow/transition.js';
import { documentLog } from '../../workflow/doc-log.js';
import type { AppContext } from '../../app-context.js';
import { actorOf } from '../../core/access.js';
import { serverNowIso, toWireDateTime } from '../../core/clock.js';
import { badRequest, businessError, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { id, pageParams, wireDate } from '../../http/wire.js';
import { escapeLike } from '../../core/paging.js';
import { refusePastValidity } from '../sourcing/draft-dates.js';
import type { Db } from '../../db/database.js';
import { submitForApproval } from '../approval/index.js';
import { activationRefusal, QUOTA_DOC_TYPE, type Arrangement } from './quota-service.js';

/**
 * Quota arrangements (配额管理, domain §14), buyers only (internal users):
 *
 *   GET  /srm/quota/list           page, filters status / materialName (name or code); shares, allocated quantities (QUO-6) and source event code per row
 *   GET  /srm/quota/queryById      header, lines, source event and award codes
 *   PUT  /srm/quota/edit           DRAFT only, optimistic `version`: validity, minSplitQty, lines (QUO-1 per line)
 *   GET  /srm/quota/logs           the status timeline (sys_doc_log)
 *   POST /srm/quota/submit         QUO-1 (Σ = 100) and QUO-2, then the approval engine (QUOTA_ARRANGEMENT) → ACTIVE
 */

const editBody = z.object({
  id,
  version: z.number({ error: '缺少版本号' }).int().min(1),
  validFrom: wireDate('生效日期'),
  validTo: wireDate('失效日期'),
  minSplitQty: z
    .union([
      z
        .string()
        .trim()
        .regex(/^\d{1,14}(\.\d{1,4})?$/, '最小拆分数量必须是数字（最多4位小数）'),
      z.literal(''),
    ])
    .nullish()
    .transform((v) => v || null),
  remark: z
    .string()
    .trim()
    .max(500, '备注不能超过500个字符')
    .nullish()
    .transform((v) => v || null),
  lines: z
    .array(
      z.object({
        supplierId: id,
        quotaPct: z.number({ error: '请填写配额比例' }).int('配额比例须为整数（QUO-1）'),
        baseQty: z
          .string()
          .trim()
          .regex(/^\d{1,14}(\.\d{1,4})?$/, '基数须为数字')
          .optional(),
      }),
      { error: '请至少添加一家供应商' },
    )
    .min(1, '请至少添加一家供应商（QUO-1）')
    .max(20),
});

async function arrangementOf(db: Db, tenantId: number, arrangementId: string): Promise<Arrangement> {
  const row = await db
    .selectFrom('quotaArrangement')
    .selectAll()
    .where('id', '=', arrangementId)
    .where('tenantId', '=', tenantId)
    .executeTakeFirst();
  if (!row) throw notFound('配额不存在');
  return row;
}

const wire = (a: Arrangement) => ({
  ...a,
  statusText: QUOTA_STATUS_TEXT[a.status] ?? a.status,
  activatedAt: toWireDateTime(a.activatedAt),
  createTime: toWireDateTime(a.createTime),
  updateTime: toWireDateTime(a.updateTime),
});

export const quotaRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['配额管理'];
    const access = (permission: string) => ({ access: { permission }, internalOnly: true });

    app.get(
      '/srm/quota/list',
      {
        schema: {
          tags,
          summary: '配额列表',
          querystring: z.object({
            ...pageParams,
            status: z
              .string()
              .regex(/^[A-Z_]{1,24}$/)
              .optional(),
            materialName: z.string().trim().max(200).optional(),
          }),
        },
        config: access('srm:quota:list'),
      },
      async (request) => {
        const { pageNo, pageSize, status, materialName } = request.query;
        let q = ctx.db.selectFrom('quotaArrangement').where('tenantId', '=', request.tenantId);
        if (status) q = q.where('status', '=', status);
        if (materialName) {
          const like = `%${escapeLike(materialName)}%`;
          q = q.where((eb) => eb.or([eb('materialName', 'like', like), eb('materialCode', 'like', like)]));
        }
        const total = Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
        const rows = await q
          .selectAll()
          .orderBy('createTime', 'desc')
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize)
          .execute();
        const lines = rows.length
          ? await ctx.db
              .selectFrom('quotaLine')
              .select(['arrangementId', 'supplierName', 'quotaPct', 'allocatedQty'])
              .where(
                'arrangementId',
                'in',
                rows.map((r) => r.id),
              )
              .orderBy('quotaPct', 'desc')
              .execute()
          : [];
        const eventIds = [...new Set(rows.map((r) => r.sourceEventId).filter((v): v is string => !!v))];
        const events = new Map(
          eventIds.length
            ? (
                await ctx.db.selectFrom('sourcingEvent').select(['id', 'code']).where('id', 'in', eventIds).execute()
              ).map((e) => [e.id, e.code])
            : [],
        );
        const records = rows.map((r) => ({
          ...wire(r),
          sourceEventCode: r.sourceEventId ? (events.get(r.sourceEventId) ?? null) : null,
          // e.g. 华东精密 60% / 新材科技 40%
          shares: lines
            .filter((l) => l.arrangementId === r.id)
            .map((l) => `${l.supplierName} ${l.quotaPct}%`)
            .join(' / '),
          // QUO-6: what approved orders took so far, e.g. 华东精密 30 / 新材科技 20
          allocated: lines
            .filter((l) => l.arrangementId === r.id)
            .map((l) => `${l.supplierName} ${l.allocatedQty}`)
            .join(' / '),
        }));
        return ok(toPage(records, total, pageNo, pageSize));
      },
    );

    app.get(
      '/srm/quota/queryById',
      { schema: { tags, summary: '配额详情', querystring: z.object({ id }) }, config: access('srm:quota:list') },
      async (request) => {
        const a = await arrangementOf(ctx.db, request.tenantId, request.query.id);
        const lines = await ctx.db
          .selectFrom('quotaLine')
          .selectAll()
          .where('arrangementId', '=', a.id)
          .orderBy('quotaPct', 'desc')
          .execute();
        const event = a.sourceEventId
          ? await ctx.db
              .selectFrom('sourcingEvent')
              .select(['code', 'title'])
              .where('id', '=', a.sourceEventId)
              .executeTakeFirst()
          : undefined;
        const award = a.sourceAwardId
          ? await ctx.db
              .selectFrom('sourcingAward')
              .select(['code', 'approvedAt'])
              .where('id', '=', a.sourceAwardId)
              .executeTakeFirst()
          : undefined;
        const line = a.sourceLineId
          ? await ctx.db
              .selectFrom('sourcingLine')
              .select(['lineNo', 'qty', 'unit'])
              .where('id', '=', a.sourceLineId)
              .executeTakeFirst()
          : undefined;
        return ok({
          ...wire(a),
          sourceEventCode: event?.code ?? null,
          sourceEventTitle: event?.title ?? null,
          sourceAwardCode: award?.code ?? null,
          sourceAwardApprovedAt: toWireDateTime(award?.approvedAt ?? null),
          sourceLine: line ?? null,
          lines,
        });
      },
    );

    app.get(
      '/srm/quota/logs',
      {
        schema: { tags, summary: '配额的状态日志（时间线）', querystring: z.object({ id, _t: z.string().optional() }) },
        config: access('srm:quota:list'),
      },
      async (request) => {
        const a = await arrangementOf(ctx.db, request.tenantId, request.query.id);
        return ok(await documentLog(ctx.db, quotaWorkflow, a.id));
      },
    );

    app.put(
      '/srm/quota/edit',
      {
        schema: { tags, summary: '修改配额草稿（QUO-1：整数比例、供应商不重复）', body: editBody },
        config: access('srm:quota:edit'),
      },
      async (request) => {
        const body = request.body;
        if (body.validTo < body.validFrom)
          throw badRequest('失效日期不能早于生效日期', { validTo: '失效日期不能早于生效日期' });
        refusePastValidity(body, { validFrom: '生效日期', validTo: '失效日期' }, 'QUO-3');
        const refusal = quotaShareRefusal(body.lines, false);
        if (refusal) throw businessError(refusal);
        await ctx.db.transaction().execute(async (trx) => {
          const a = await arrangementOf(trx, request.tenantId, body.id);
          if (a.status !== 'DRAFT') throw businessError('只有草稿状态的配额可以修改');
          if (a.version !== body.version) throw businessError('配额已被他人修改，请刷新后重试');
          const suppliers = await trx
            .selectFrom('supplier')
            .select(['id', 'name'])
            .where(
              'id',
              'in',
              body.lines.map((l) => l.supplierId),
            )
            .where('delFlag', '=', 0)
            .execute();
          if (suppliers.length !== body.lines.length) throw businessError('供应商不存在');
          const moved = await trx
            .updateTable('quotaArrangement')
            .set({
              validFrom: body.validFrom,
              validTo: body.validTo,
              minSplitQty: body.minSplitQty,
              remark: body.remark,
              version: a.version + 1,
              updateBy: request.user!.username,
              updateTime: serverNowIso(),
            })
            .where('id', '=', a.id)
            .where('version', '=', a.version)
            .executeTakeFirst();
          if (Number(moved.numUpdatedRows) !== 1) throw businessError('配额已被他人修改，请刷新后重试');
          await trx.deleteFrom('quotaLine').where('arrangementId', '=', a.id).execute();
          await trx
            .insertInto('quotaLine')
            .values(
              body.lines.map((l) => ({
                id: newId(),
                arrangementId: a.id,
                supplierId: l.supplierId,
                supplierName: suppliers.find((s) => s.id === l.supplierId)!.name,
                quotaPct: l.quotaPct,
                baseQty: l.baseQty ?? '0',
                allocatedQty: '0',
                active: 1,
              })),
            )
            .execute();
        });
        return ok(null, '配额已保存');
      },
    );

    app.post(
      '/srm/quota/submit',
      {
        schema: {
          tags,
          summary: '提交配额审批（QUO-1 合计100%，QUO-2 供应商合格；批准后生效）',
          body: z.object({ id }),
        },
        config: access('srm:quota:submit'),
      },
      async (request) => {
        const actor = actorOf(request);
        const result = await ctx.db.transaction().execute(async (trx) => {
          const a = await arrangementOf(trx, request.tenantId, request.body.id);
          let submitted: Awaited<ReturnType<typeof submitForApproval>> | undefined;
          await runTransition<Arrangement, QuotaAction>(trx, quotaWorkflow, {
            table: 'quotaArrangement',
            id: a.id,
            action: 'submit',
            actor,
            guard: async (row) => {
              const refusal = await activationRefusal(trx, row);
              if (refusal) throw businessError(refusal);
            },
            patch: { version: a.version + 1 },
            expect: { version: a.version },
            after: async () => {
              submitted = await submitForApproval(trx, {
                docType: QUOTA_DOC_TYPE,
                docId: a.id,
                title: `配额：${a.code} ${a.materialName}`,
                amount: null,
                submitterId: actor.user.id,
                tenantId: actor.tenantId,
              });
              await trx
                .updateTable('quotaArrangement')
                .set({ approvalInstanceId: submitted.instanceId })
                .where('id', '=', a.id)
                .execute();
            },
          });
          return submitted!;
        });
        return ok(result, result.status === 'APPROVED' ? '配额已生效' : '配额已提交审批');
      },
    );
  };
