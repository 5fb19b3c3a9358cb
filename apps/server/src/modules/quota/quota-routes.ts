import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { QUOTA_STATUS_TEXT, quotaResource, quotaShareRefusal } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { toWireDateTime } from '../../core/clock.js';
import { badRequest, businessError, forbidden } from '../../core/errors.js';
import type { Db } from '../../db/database.js';
import { resourceRoutes, type Values } from '../../resource/resource-routes.js';
import type { AnyDb } from '../../resource/resource-query.js';
import type { LineSets } from '../../resource/workflow-lines.js';
import { refusePastValidity } from '../sourcing/draft-dates.js';
import { submitForApproval } from '../approval/index.js';
import { activationRefusal, QUOTA_DOC_TYPE, type Arrangement } from './quota-service.js';

/**
 * Quota arrangements (配额管理, domain §14) on the generic workflow-document routes, buyers only:
 *
 *   GET  /srm/quota/list           page, filters status / materialName (name or code); shares, allocated quantities (QUO-6) and source event code per row
 *   GET  /srm/quota/queryById      header, lines, source event, award and line
 *   PUT  /srm/quota/edit           DRAFT only, optimistic `version`: validity, minSplitQty, lines (QUO-1 per line)
 *   GET  /srm/quota/logs           the status timeline (sys_doc_log); /statusCount the status tabs; /exportXls
 *   POST /srm/quota/submit         QUO-1 (Σ = 100) and QUO-2, then the approval engine (QUOTA_ARRANGEMENT) → ACTIVE
 *
 * Drafts come from split awards (QUO-9, quota-service.ts): there is no add and no delete.
 */

const typed = (trx: AnyDb) => trx as unknown as Db;
const STALE = '配额已被他人修改，请刷新后重试';

/** Suppliers never see quotas, whatever their roles say. */
function internalOnly(request: FastifyRequest): void {
  if (request.user?.supplierId) throw forbidden();
}

/** What the list and the detail show beside the stored fields: the status text, the shares and the source codes. */
async function decorate(db: Db, rows: Values[], detail: boolean): Promise<Values[]> {
  const ids = rows.map((r) => String(r.id));
  if (!ids.length) return rows;
  const lines = await db
    .selectFrom('quotaLine')
    .select(['arrangementId', 'supplierName', 'quotaPct', 'allocatedQty'])
    .where('arrangementId', 'in', ids)
    .orderBy('lineNo')
    .execute();
  const eventIds = [...new Set(rows.map((r) => r.sourceEventId).filter((v): v is string => typeof v === 'string'))];
  const events = new Map(
    eventIds.length
      ? (
          await db.selectFrom('sourcingEvent').select(['id', 'code', 'title']).where('id', 'in', eventIds).execute()
        ).map((e) => [e.id, e])
      : [],
  );
  const out: Values[] = [];
  for (const r of rows) {
    const event = typeof r.sourceEventId === 'string' ? events.get(r.sourceEventId) : undefined;
    const row: Values = {
      ...r,
      statusText: QUOTA_STATUS_TEXT[String(r.status)] ?? r.status,
      sourceEventCode: event?.code ?? null,
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
    };
    if (detail) Object.assign(row, await sourceOf(db, r, event?.title ?? null));
    out.push(row);
  }
  return out;
}

/** The detail's source: the event's title, the award and the split line. */
async function sourceOf(db: Db, r: Values, eventTitle: string | null): Promise<Values> {
  const award =
    typeof r.sourceAwardId === 'string'
      ? await db
          .selectFrom('sourcingAward')
          .select(['code', 'approvedAt'])
          .where('id', '=', r.sourceAwardId)
          .executeTakeFirst()
      : undefined;
  const line =
    typeof r.sourceLineId === 'string'
      ? await db
          .selectFrom('sourcingLine')
          .select(['lineNo', 'qty', 'unit'])
          .where('id', '=', r.sourceLineId)
          .executeTakeFirst()
      : undefined;
  return {
    sourceEventTitle: eventTitle,
    sourceAwardCode: award?.code ?? null,
    sourceAwardApprovedAt: toWireDateTime(award?.approvedAt ?? null),
    sourceLine: line ?? null,
  };
}

/** A draft's edit: validity (QUO-3, X-1), shares (QUO-1), the suppliers' names, the optimistic version. */
async function beforeEdit(trx: Db, id: string, values: Values, lines: LineSets): Promise<void> {
  const a = await trx.selectFrom('quotaArrangement').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const validFrom = String(values.validFrom ?? a.validFrom);
  const validTo = String(values.validTo ?? a.validTo);
  if (validTo < validFrom) throw badRequest('失效日期不能早于生效日期', { validTo: '失效日期不能早于生效日期' });
  refusePastValidity({ validFrom, validTo }, { validFrom: '生效日期', validTo: '失效日期' }, 'QUO-3');
  const rows = lines.lines;
  if (rows) {
    const shares = rows.map((l) => ({ supplierId: String(l.supplierId), quotaPct: Number(l.quotaPct) }));
    const refusal = quotaShareRefusal(shares, false);
    if (refusal) throw businessError(refusal);
    const suppliers = await trx
      .selectFrom('supplier')
      .select(['id', 'name'])
      .where(
        'id',
        'in',
        shares.map((l) => l.supplierId),
      )
      .where('delFlag', '=', 0)
      .execute();
    if (suppliers.length !== shares.length) throw businessError('供应商不存在');
    for (const l of rows)
      Object.assign(l, {
        supplierName: suppliers.find((s) => s.id === l.supplierId)!.name,
        baseQty: l.baseQty ?? '0',
        allocatedQty: '0',
        active: 1,
      });
  }
  if (values.version !== undefined && values.version !== null && Number(values.version) !== a.version)
    throw businessError(STALE);
  const moved = await trx
    .updateTable('quotaArrangement')
    .set({ version: a.version + 1 })
    .where('id', '=', id)
    .where('version', '=', a.version)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) throw businessError(STALE);
  delete values.version;
}

export const quotaRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(
      resourceRoutes(ctx, quotaResource, {
        decorate: (rows, _request, detail) => decorate(ctx.db, rows, detail),
        beforeEdit: (id, values, trx, request, lines) => {
          internalOnly(request);
          return beforeEdit(typed(trx), id, values, lines);
        },
        edited: '配额已保存',
        transitions: {
          actions: {
            submit: {
              summary: '提交配额审批（QUO-1 合计100%，QUO-2 供应商合格；批准后生效）',
              prepare: (_input, actor) => {
                let submitted: Awaited<ReturnType<typeof submitForApproval>> | undefined;
                return {
                  guard: async (row: Arrangement, trx) => {
                    const refusal = await activationRefusal(trx, row);
                    if (refusal) throw businessError(refusal);
                  },
                  after: async (row: Arrangement, trx) => {
                    submitted = await submitForApproval(trx, {
                      docType: QUOTA_DOC_TYPE,
                      docId: row.id,
                      title: `配额：${row.code} ${row.materialName}`,
                      amount: null,
                      submitterId: actor.user.id,
                      tenantId: actor.tenantId,
                    });
                    await trx
                      .updateTable('quotaArrangement')
                      .set({ approvalInstanceId: submitted.instanceId, version: row.version + 1 })
                      .where('id', '=', row.id)
                      .execute();
                  },
                  reply: () => ({
                    result: submitted,
                    message: submitted?.status === 'APPROVED' ? '配额已生效' : '配额已提交审批',
                  }),
                };
              },
            },
          },
        },
      }),
    );
  };
