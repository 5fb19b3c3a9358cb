import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { materialCategoryResource, materialResource, ok, priceRecordResource, taxRateResource } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { badRequest, businessError, notFound } from '../../core/errors.js';
import { id } from '../../http/wire.js';
import { serverNowIso } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import { resourceRoutes } from '../../resource/resource-routes.js';
import type { AnyDb, AnyQuery } from '../../resource/resource-query.js';
import { defineApprovalDocType, submitForApproval } from '../approval/index.js';
import { amountReaches, isAmount } from '../approval/approval-amount.js';
import { assertLeafCategory } from './material-rules.js';
import { materialApprovalDetail } from './material-approval-detail.js';
import { expireDuePrices, preparePrice } from './price-library.js';
import { unitOfMeasureRoutes } from './unit-of-measure-routes.js';

/** Hooks get the untyped transaction; it is the same camelCase database. */
const typed = (trx: AnyDb) => trx as unknown as Db;

export const MATERIAL_DOC_TYPE = 'MATERIAL_ACTIVATION';

// Activating a material (DRAFT → ACTIVE, §3) goes through the approval engine; the flow is set
// at 审批中心 › 审批配置 (without one, submitting activates at once).
export const materialApprovalDocType = defineApprovalDocType(MATERIAL_DOC_TYPE, {
  label: '物料启用',
  openPage: '/base/material',
  detail: materialApprovalDetail,
  onApproved: async (trx, { instance, actorId }) => {
    await trx
      .updateTable('srmMaterial')
      .set({ status: 'ACTIVE', updateBy: actorId ?? 'system', updateTime: serverNowIso() })
      .where('id', '=', instance.docId)
      .where('status', '=', 'PENDING_APPROVAL')
      .execute();
  },
  onRejected: async (trx, { instance }) => {
    await trx
      .updateTable('srmMaterial')
      .set({ status: 'DRAFT', updateTime: serverNowIso() })
      .where('id', '=', instance.docId)
      .where('status', '=', 'PENDING_APPROVAL')
      .execute();
  },
  onWithdrawn: async (trx, { instance }) => {
    await trx
      .updateTable('srmMaterial')
      .set({ status: 'DRAFT', updateTime: serverNowIso() })
      .where('id', '=', instance.docId)
      .where('status', '=', 'PENDING_APPROVAL')
      .execute();
  },
});

const pctOk = (v: unknown) => typeof v === 'string' && isAmount(v) && amountReaches('100', v);
const byId = z.object({ id });

/** Materials, categories, tax rates and the price library (domain §3): generated routes with the rules of §3, plus the material transitions. */
export const materialRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(
      resourceRoutes(ctx, materialCategoryResource, {
        scope: (q: AnyQuery) =>
          q
            .leftJoin('srm_material_category as p', 'p.id', 't.parent_id')
            .select(sql.ref('p.name').as('parentName')) as AnyQuery,
        beforeAdd: async (values, trx, request) => {
          const db = typed(trx);
          values.status ??= 'ACTIVE';
          values.sortNo ??= 0;
          if (values.parentId) {
            const parent = await db
              .selectFrom('srmMaterialCategory')
              .select(['id', 'level'])
              .where('id', '=', String(values.parentId))
              .where('tenantId', '=', request.tenantId)
              .executeTakeFirst();
            if (!parent) throw badRequest('上级分类不存在', { parentId: '上级分类不存在' });
            // MAT-2: a category that holds materials stays a leaf.
            const used = await db
              .selectFrom('srmMaterial')
              .select('id')
              .where('categoryId', '=', parent.id)
              .executeTakeFirst();
            if (used) throw businessError('该分类下已有物料，不能再添加下级分类（MAT-2）');
            values.level = parent.level + 1;
            await db.updateTable('srmMaterialCategory').set({ isLeaf: 0 }).where('id', '=', parent.id).execute();
          } else {
            values.parentId = null;
            values.level = 1;
          }
          values.isLeaf = 1;
        },
        beforeDelete: async (ids, trx) => {
          const db = typed(trx);
          // MAT-1: only empty categories are deleted; others are made inactive.
          const child = await db
            .selectFrom('srmMaterialCategory')
            .select('id')
            .where('parentId', 'in', ids)
            .where('id', 'not in', ids)
            .executeTakeFirst();
          const used = await db
            .selectFrom('srmMaterial')
            .select('id')
            .where('categoryId', 'in', ids)
            .executeTakeFirst();
          if (child || used) throw businessError('分类下有下级分类或物料，不能删除，只能停用（MAT-1）');
          const parents = await db
            .selectFrom('srmMaterialCategory')
            .select('parentId')
            .where('id', 'in', ids)
            .where('parentId', 'is not', null)
            .execute();
          for (const { parentId } of parents) {
            const left = await db
              .selectFrom('srmMaterialCategory')
              .select('id')
              .where('parentId', '=', parentId)
              .where('id', 'not in', ids)
              .executeTakeFirst();
            if (!left)
              await db.updateTable('srmMaterialCategory').set({ isLeaf: 1 }).where('id', '=', parentId!).execute();
          }
        },
      }),
    );

    app.get(
      '/srm/materialCategory/tree',
      {
        schema: { tags: ['物料分类'], summary: '物料分类树（全部，含停用）' },
        config: { access: { permission: 'materialCategory:list' } },
      },
      async (request) => {
        const rows = await ctx.db
          .selectFrom('srmMaterialCategory')
          .select(['id', 'code', 'name', 'parentId', 'level', 'isLeaf', 'status'])
          .where('tenantId', '=', request.tenantId)
          .orderBy('sortNo')
          .orderBy('code')
          .execute();
        return ok(rows);
      },
    );

    await app.register(unitOfMeasureRoutes(ctx));

    const checkRate = (values: Record<string, unknown>) => {
      if (values.rate !== undefined && !pctOk(values.rate))
        throw badRequest('税率在 0 到 100 之间', { rate: '税率在 0 到 100 之间' });
    };
    await app.register(
      resourceRoutes(ctx, taxRateResource, {
        beforeAdd: (values) => {
          checkRate(values);
          values.status ??= 'ACTIVE';
        },
        beforeEdit: (_id, values) => checkRate(values),
      }),
    );

    const checkMaterial = async (values: Record<string, unknown>, db: Db, tenantId: number) => {
      if (values.categoryId !== undefined) await assertLeafCategory(db, tenantId, String(values.categoryId));
      for (const f of ['defaultTaxRate', 'overDeliveryPct'] as const) {
        if (values[f] !== undefined && values[f] !== null && values[f] !== '' && !pctOk(values[f])) {
          const label = materialResource.fields[f].label;
          throw badRequest(`${label}在 0 到 100 之间`, { [f]: `${label}在 0 到 100 之间` });
        }
      }
    };
    await app.register(
      resourceRoutes(ctx, materialResource, {
        scope: (q: AnyQuery) =>
          q
            .leftJoin('srm_material_category as c', 'c.id', 't.category_id')
            .select(sql.ref('c.name').as('categoryName')) as AnyQuery,
        beforeAdd: async (values, trx, request) => {
          const db = typed(trx);
          await checkMaterial(values, db, request.tenantId);
          values.billControl ??= 'RECEIVED';
          values.inspectionRequired ??= 0;
          values.status = 'DRAFT';
        },
        beforeEdit: async (id, values, trx, request) => {
          const db = typed(trx);
          const row = await db
            .selectFrom('srmMaterial')
            .select('status')
            .where('id', '=', id)
            .executeTakeFirstOrThrow();
          if (row.status === 'PENDING_APPROVAL') throw businessError('物料审批中，不能修改');
          if (values.categoryId !== undefined && row.status !== 'DRAFT')
            throw businessError('已启用的物料不能更换分类');
          await checkMaterial(values, db, request.tenantId);
        },
        beforeDelete: async (ids, trx) => {
          // only drafts are deleted; used materials are deactivated.
          const posted = await typed(trx)
            .selectFrom('srmMaterial')
            .select('code')
            .where('id', 'in', ids)
            .where('status', '<>', 'DRAFT')
            .executeTakeFirst();
          if (posted) throw businessError(`只有草稿状态的物料可以删除，${posted.code} 请停用`);
        },
      }),
    );

    const materialOf = async (db: Db, id: string, tenantId: number) => {
      const m = await db
        .selectFrom('srmMaterial')
        .selectAll()
        .where('id', '=', id)
        .where('tenantId', '=', tenantId)
        .executeTakeFirst();
      if (!m) throw notFound('物料不存在');
      return m;
    };

    app.post(
      '/srm/material/submit',
      {
        schema: { tags: ['物料'], summary: '提交物料启用审批（草稿 → 审批中 → 启用）', body: byId },
        config: { access: { permission: 'material:submit' } },
      },
      async (request) => {
        const result = await ctx.db.transaction().execute(async (trx) => {
          const m = await materialOf(trx, request.body.id, request.tenantId);
          if (m.status !== 'DRAFT') throw businessError('只有草稿状态的物料可以提交启用');
          await assertLeafCategory(trx, request.tenantId, m.categoryId);
          await trx
            .updateTable('srmMaterial')
            .set({ status: 'PENDING_APPROVAL', updateBy: request.user!.username, updateTime: serverNowIso() })
            .where('id', '=', m.id)
            .execute();
          return submitForApproval(trx, {
            docType: MATERIAL_DOC_TYPE,
            docId: m.id,
            title: `物料启用：${m.code} ${m.name}`,
            amount: null,
            submitterId: request.user!.id,
            tenantId: request.tenantId,
          });
        });
        return ok(result, result.status === 'APPROVED' ? '物料已启用' : '已提交审批');
      },
    );

    const transition = (url: string, summary: string, from: string, to: string, refusal: string, done: string) =>
      app.post(
        url,
        { schema: { tags: ['物料'], summary, body: byId }, config: { access: { permission: 'material:status' } } },
        async (request) => {
          await ctx.db.transaction().execute(async (trx) => {
            const m = await materialOf(trx, request.body.id, request.tenantId);
            if (m.status !== from) throw businessError(refusal);
            await trx
              .updateTable('srmMaterial')
              .set({ status: to, updateBy: request.user!.username, updateTime: serverNowIso() })
              .where('id', '=', m.id)
              .where('status', '=', from)
              .execute();
          });
          return ok(null, done);
        },
      );
    transition(
      '/srm/material/deactivate',
      '停用物料（启用 → 停用，MAT-3）',
      'ACTIVE',
      'INACTIVE',
      '只有启用状态的物料可以停用',
      '物料已停用',
    );
    transition(
      '/srm/material/reactivate',
      '恢复物料（停用 → 启用）',
      'INACTIVE',
      'ACTIVE',
      '只有停用状态的物料可以恢复',
      '物料已恢复启用',
    );

    // Prices past their validity show as expired wherever they are listed or exported.
    app.addHook('preHandler', async (request) => {
      if (request.url.startsWith(`${ctx.config.basePath}${priceRecordResource.path}/`) && request.method === 'GET')
        await expireDuePrices(ctx.db, request.tenantId);
    });
    await app.register(
      resourceRoutes(ctx, priceRecordResource, {
        scope: (q: AnyQuery) =>
          q
            .leftJoin('srm_material as m', 'm.id', 't.material_id')
            .leftJoin('supplier as s', 's.id', 't.supplier_id')
            .select([
              sql.ref('m.code').as('materialCode'),
              sql.ref('m.name').as('materialName'),
              sql.ref('s.name').as('supplierName'),
            ]) as AnyQuery,
        beforeAdd: async (values, trx, request) => {
          // Manual entry (§3 sourceType MANUAL); awards and contracts call recordPrice.
          const row = await preparePrice(typed(trx), {
            tenantId: request.tenantId,
            supplierId: String(values.supplierId),
            materialId: String(values.materialId),
            orgCode: (values.orgCode as string | undefined) ?? null,
            currency: (values.currency as string | undefined) ?? null,
            unitPrice: String(values.unitPrice),
            taxRate: String(values.taxRate),
            ladder: (values.ladder as string | undefined) ?? null,
            validFrom: String(values.validFrom),
            validTo: String(values.validTo),
            sourceType: 'MANUAL',
            createBy: request.user!.username,
          });
          Object.assign(values, {
            orgCode: row.orgCode,
            currency: row.currency,
            ladder: row.ladder,
            sourceType: 'MANUAL',
            sourceId: null,
            status: 'ACTIVE',
          });
        },
      }),
    );
  };
