import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { sampleRequestResource } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { badRequest, forbidden } from '../../core/errors.js';
import { businessDay } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import { defineDocumentFiles, listsFile } from '../files/document-files.js';
import { resourceRoutes, type Values } from '../../resource/resource-routes.js';
import type { AnyDb, AnyQuery } from '../../resource/resource-query.js';
import { positiveQty, sampleTransitions, type SampleRow } from './sample-transitions.js';

// the supplier a request was sent to reads its test report files, whoever uploaded them.
export const sampleRequestFiles = defineDocumentFiles('SAMPLE_REQUEST', {
  readableBy: async (db, user, path) =>
    !!user.supplierId &&
    !!(await db
      .selectFrom('srmSampleRequest')
      .select('id')
      .where('supplierId', '=', user.supplierId)
      .where('status', '<>', 'DRAFT')
      .where(listsFile('testReportFiles', path))
      .executeTakeFirst()),
});

/** Hooks get the untyped transaction; it is the same camelCase database. */
const typed = (trx: AnyDb) => trx as unknown as Db;

/** Suppliers never write requests; the buyer's routes are refused to them whatever their roles say. */
function internalOnly(request: FastifyRequest): void {
  if (request.user?.supplierId) throw forbidden();
}

/** The draft's values checked and completed: supplier, material snapshot or description with category. */
async function prepareDraft(db: Db, values: Values, tenantId: number, existing?: SampleRow): Promise<void> {
  const supplierId = (values.supplierId as string | undefined) ?? existing?.supplierId;
  if (values.supplierId !== undefined) {
    const s = await db
      .selectFrom('supplier')
      .select('id')
      .where('id', '=', String(supplierId))
      .where('delFlag', '=', 0)
      .executeTakeFirst();
    if (!s) throw badRequest('供应商不存在', { supplierId: '供应商不存在' });
  }
  const materialId =
    values.materialId !== undefined ? (values.materialId as string | null) || null : (existing?.materialId ?? null);
  values.materialId = materialId;
  if (materialId) {
    const m = await db
      .selectFrom('srmMaterial')
      .select(['name', 'spec', 'categoryId', 'status'])
      .where('id', '=', materialId)
      .where('tenantId', '=', tenantId)
      .executeTakeFirst();
    if (!m) throw badRequest('物料不存在', { materialId: '物料不存在' });
    if (m.status === 'INACTIVE') throw badRequest('物料已停用，不能申请送样', { materialId: '物料已停用' });
    values.materialName = m.spec ? `${m.name} ${m.spec}` : m.name;
    values.categoryId = m.categoryId;
  } else {
    const name = String(values.description ?? existing?.description ?? '').trim();
    const categoryId = (values.categoryId as string | undefined) ?? existing?.categoryId ?? null;
    if (!name) throw badRequest('请选择物料，或填写样品描述', { description: '请选择物料，或填写样品描述' });
    if (!categoryId) throw badRequest('未选择物料时请选择物料分类', { categoryId: '未选择物料时请选择物料分类' });
    const c = await db
      .selectFrom('srmMaterialCategory')
      .select('id')
      .where('id', '=', categoryId)
      .where('tenantId', '=', tenantId)
      .executeTakeFirst();
    if (!c) throw badRequest('物料分类不存在', { categoryId: '物料分类不存在' });
    values.materialName = name;
  }
  if (values.qty !== undefined && !positiveQty(String(values.qty)))
    throw badRequest('样品数量必须大于0', { qty: '样品数量必须大于0' });
  if (values.requiredBy !== undefined && String(values.requiredBy) < businessDay())
    throw badRequest('要求送样日期不能早于今天', { requiredBy: '要求送样日期不能早于今天' });
}

/**
 * Sample requests (domain §7) on the generic workflow-document routes: drafts through the form,
 * one `POST /srm/sampleRequest/<action>` per transition behind `sampleRequest:<action>`,
 * the state log and the status tabs; a supplier sees only its own sent requests (X-5, from the
 * definition's `supplierVisibleFrom`). The rules of each transition are in sample-transitions.ts.
 */
export const sampleRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(
      resourceRoutes(ctx, sampleRequestResource, {
        scope: (q: AnyQuery) =>
          q
            .leftJoin('supplier as s', 's.id', 't.supplier_id')
            .select(sql.ref('s.name').as('supplierName'))
            // SMP-4: past requiredBy and not yet shipped.
            .select(
              sql<number>`case when ${sql.ref('t.status')} in (${'SENT'}, ${'CONFIRMED'}) and ${sql.ref('t.required_by')} < ${businessDay()} then 1 else 0 end`.as(
                'overdue',
              ),
            ) as AnyQuery,
        beforeAdd: async (values, trx, request) => {
          internalOnly(request);
          await prepareDraft(typed(trx), values, request.tenantId);
          Object.assign(values, {
            status: 'DRAFT',
            requesterId: request.user!.id,
          });
        },
        beforeEdit: async (rowId, values, trx, request) => {
          internalOnly(request);
          const row = await typed(trx)
            .selectFrom('srmSampleRequest')
            .selectAll()
            .where('id', '=', rowId)
            .executeTakeFirstOrThrow();
          // only drafts reach here (the generic edit); what was sent is changed by cancelling and asking again.
          await prepareDraft(typed(trx), values, request.tenantId, row);
        },
        // the generic delete takes drafts only; sent requests are cancelled.
        beforeDelete: (_ids, _trx, request) => internalOnly(request),
        transitions: sampleTransitions(ctx),
      }),
    );
  };
