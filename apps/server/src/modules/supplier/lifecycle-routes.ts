import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categoryActionSchema,
  companyActionSchema,
  ok,
  qualificationReviewSchema,
  qualificationSchema,
  reapplySchema,
  type CategoryAction,
  type CompanyAction,
  type SupplierStatusLogRow,
} from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { forbidden, notFound } from '../../core/errors.js';
import { runPagedList, type ListFields } from '../../core/paging.js';
import { toWireDateTime } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import { reapplyAfterElimination } from './reapply.js';

const TAGS = ['supplier'];

/** Each company transition is its own route with its own permission code. */
const COMPANY_ROUTES: [CompanyAction, string, string][] = [
  ['approveInfo', 'supplier:review', '审核通过企业信息'],
  ['returnInfo', 'supplier:review', '退回企业信息（按栏目填写意见）'],
  ['freeze', 'supplier:freeze', '冻结供应商'],
  ['unfreeze', 'supplier:freeze', '解冻供应商（回到冻结前状态）'],
  ['blacklist', 'supplier:blacklist', '提出拉黑（经审批生效）'],
  ['liftBlacklist', 'supplier:blacklist:lift', '提出解除黑名单（经审批后转为冻结）'],
  ['eliminate', 'supplier:eliminate', '淘汰供应商'],
];

const CATEGORY_ROUTES: [CategoryAction, string, string][] = [
  ['suspend', 'supplier:category:manage', '暂停品类准入'],
  ['restore', 'supplier:category:manage', '恢复品类准入'],
  ['terminate', 'supplier:category:manage', '终止品类准入'],
  ['qualify', 'supplier:category:manage', '试用品类转正（试用 → 合格，须资质齐全有效，QLF-1）'],
];

const QUALIFICATION_FIELDS: ListFields = {
  supplierId: { column: 'q.supplierId', filter: 'exact' },
  supplierName: { column: 's.name', filter: 'text', sortable: true },
  typeCode: { column: 'q.typeCode', filter: 'exact' },
  status: { column: 'q.status', filter: 'exact', sortable: true },
  expiryDate: { column: 'q.expiryDate', sortable: true },
  createTime: { column: 'q.createTime', sortable: true },
};

const supplierIdQuery = z.object({ id: z.string().trim().min(1).max(64) });

/** The status log of one supplier, newest first, with the actor's name (SUP-6). */
async function statusLog(db: Db, supplierId: string, forSupplier = false): Promise<SupplierStatusLogRow[]> {
  const rows = await db
    .selectFrom('supplierStatusLog as l')
    .leftJoin('sysUser as u', 'u.id', 'l.actorId')
    .select([
      'l.id',
      'l.scope',
      'l.categoryId',
      'l.fromStatus',
      'l.toStatus',
      'l.reason',
      'l.sourceDocType',
      'l.sourceDocId',
      'l.actorKind',
      'l.at',
      'u.realname',
    ])
    .where('l.supplierId', '=', supplierId)
    .orderBy('l.at', 'desc')
    .orderBy('l.id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    scope: r.scope,
    categoryCode: r.categoryId,
    fromStatus: r.fromStatus,
    toStatus: r.toStatus,
    reason: r.reason,
    sourceDocType: r.sourceDocType,
    sourceDocId: r.sourceDocId,
    // A supplier learns that the buyer side acted, not which employee.
    actorName: r.actorKind === 'SYSTEM' ? '系统' : forSupplier && r.actorKind === 'INTERNAL' ? '采购方' : r.realname,
    actorKind: r.actorKind,
    at: toWireDateTime(r.at) ?? r.at,
  }));
}

async function categoriesOf(db: Db, supplierId: string) {
  const rows = await db
    .selectFrom('supplierCategory as c')
    .leftJoin('supplierStatusRequest as r', (j) =>
      j
        .onRef('r.supplierId', '=', 'c.supplierId')
        .onRef('r.categoryCode', '=', 'c.categoryCode')
        .on('r.status', '=', 'PENDING'),
    )
    .select([
      'c.id',
      'c.categoryCode',
      'c.status',
      'c.qualifiedAt',
      'c.suspendedAt',
      'c.trialLimitAmount',
      'r.id as pendingRequestId',
    ])
    .where('c.supplierId', '=', supplierId)
    .orderBy('c.createTime')
    .execute();
  return rows.map((r) => ({
    ...r,
    qualifiedAt: toWireDateTime(r.qualifiedAt),
    suspendedAt: toWireDateTime(r.suspendedAt),
  }));
}

async function qualificationsOf(db: Db, supplierId: string) {
  return db
    .selectFrom('supplierQualification')
    .selectAll()
    .where('supplierId', '=', supplierId)
    .orderBy('createTime', 'desc')
    .execute();
}

/**
 * The supplier lifecycle over HTTP (domain §4): the buyer's detail, transitions, status log
 * and qualification review; the supplier's own qualifications, categories and status log.
 * Buyers see suppliers of the request's tenant; supplier users only their own rows.
 */
export const lifecycleRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const inTenant = async (id: string, tenantId: number) => {
      const s = await ctx.db
        .selectFrom('supplier')
        .selectAll()
        .where('id', '=', id)
        .where('tenantId', '=', tenantId)
        .where('delFlag', '=', 0)
        .executeTakeFirst();
      if (!s) throw notFound('供应商不存在');
      return s;
    };

    app.get(
      '/supplier/queryById',
      {
        schema: {
          tags: TAGS,
          summary: '供应商详情（联系人、银行账户、品类准入、资质、待审批申请）',
          querystring: supplierIdQuery,
        },
        config: { access: { permission: 'supplier:list' } },
      },
      async (request) => {
        const s = await inTenant(request.query.id, request.tenantId);
        const [contacts, bankAccounts, categories, qualifications, requests] = await Promise.all([
          ctx.db
            .selectFrom('supplierContact')
            .select(['id', 'name', 'mobile', 'email', 'role', 'isPrimary'])
            .where('supplierId', '=', s.id)
            .orderBy('isPrimary', 'desc')
            .execute(),
          ctx.db
            .selectFrom('supplierBankAccount')
            .select(['id', 'bankName', 'accountName', 'accountNo', 'isPrimary', 'status'])
            .where('supplierId', '=', s.id)
            .orderBy('isPrimary', 'desc')
            .execute(),
          categoriesOf(ctx.db, s.id),
          qualificationsOf(ctx.db, s.id),
          ctx.db
            .selectFrom('supplierStatusRequest')
            .select(['id', 'action', 'categoryCode', 'reason', 'status', 'proposedAt'])
            .where('supplierId', '=', s.id)
            .where('status', '=', 'PENDING')
            .execute(),
        ]);
        const profile = {
          id: s.id,
          code: s.code,
          name: s.name,
          uscc: s.uscc,
          legalPerson: s.legalPerson,
          phone: s.phone,
          email: s.email,
          address: s.address,
          mainCategories: JSON.parse(s.mainCategories) as string[],
          businessLicenseFile: s.businessLicenseFile,
          source: s.source,
          status: s.status,
          infoStatus: s.infoStatus,
          resumeStatus: s.resumeStatus,
          returnComments: s.returnComments ? (JSON.parse(s.returnComments) as Record<string, string>) : {},
          version: s.version,
          createTime: toWireDateTime(s.createTime),
        };
        return ok({ supplier: profile, contacts, bankAccounts, categories, qualifications, pendingRequests: requests });
      },
    );

    app.get(
      '/supplier/statusLog',
      {
        schema: { tags: TAGS, summary: '供应商状态日志', querystring: supplierIdQuery },
        config: { access: { permission: 'supplier:list' } },
      },
      async (request) => {
        const s = await inTenant(request.query.id, request.tenantId);
        return ok(await statusLog(ctx.db, s.id));
      },
    );

    for (const [action, permission, summary] of COMPANY_ROUTES) {
      app.post(
        `/supplier/${action}`,
        { schema: { tags: TAGS, summary, body: companyActionSchema }, config: { access: { permission } } },
        async (request) => ok(null, await ctx.lifecycle.company(request.user!, request.tenantId, action, request.body)),
      );
    }

    for (const [action, permission, summary] of CATEGORY_ROUTES) {
      app.post(
        `/supplier/category/${action}`,
        { schema: { tags: TAGS, summary, body: categoryActionSchema }, config: { access: { permission } } },
        async (request) =>
          ok(null, await ctx.lifecycle.category(request.user!, request.tenantId, action, request.body)),
      );
    }

    app.get(
      '/supplier/qualification/list',
      {
        schema: { tags: TAGS, summary: '供应商资质列表（采购方）' },
        config: { access: { permission: 'supplier:qualification:list' } },
      },
      async (request) => {
        const base = ctx.db
          .selectFrom('supplierQualification as q')
          .innerJoin('supplier as s', 's.id', 'q.supplierId')
          .select([
            'q.id',
            'q.supplierId',
            's.name as supplierName',
            'q.typeCode',
            'q.certNo',
            'q.issuer',
            'q.issueDate',
            'q.expiryDate',
            'q.files',
            'q.status',
            'q.reviewComment',
            'q.createTime',
          ])
          .where('s.tenantId', '=', request.tenantId)
          .where('s.delFlag', '=', 0);
        const page = await runPagedList(ctx, base, request.query as Record<string, unknown>, QUALIFICATION_FIELDS, {
          column: 'q.createTime',
          order: 'desc',
        });
        const dict = await ctx.dicts.textMaps(['srm_qualification_type', 'srm_qualification_status']);
        return ok({
          ...page,
          records: page.records.map((q) => ({
            ...q,
            createTime: toWireDateTime(q.createTime),
            typeCode_dictText: dict.srm_qualification_type.get(q.typeCode) ?? null,
            status_dictText: dict.srm_qualification_status.get(q.status) ?? null,
          })),
        });
      },
    );

    app.post(
      '/supplier/qualification/review',
      {
        schema: { tags: TAGS, summary: '审核供应商资质', body: qualificationReviewSchema },
        config: { access: { permission: 'supplier:qualification:review' } },
      },
      async (request) => ok(null, await ctx.qualifications.review(request.user!, request.tenantId, request.body)),
    );

    // The supplier's own side: every query is bound to the session's supplierId.
    const own = (supplierId: string | null) => {
      if (!supplierId) throw forbidden('仅供应商用户可以访问');
      return supplierId;
    };

    app.get(
      '/supplierBaseAPI/qualifications',
      {
        schema: { tags: TAGS, summary: '本企业的资质' },
        config: { access: 'authenticated', allowIncompleteSupplier: true },
      },
      async (request) => ok(await qualificationsOf(ctx.db, own(request.user!.supplierId))),
    );

    app.post(
      '/supplierBaseAPI/qualification/add',
      {
        schema: { tags: TAGS, summary: '上传资质（待审核）', body: qualificationSchema },
        config: { access: 'authenticated', allowIncompleteSupplier: true },
      },
      async (request) => {
        own(request.user!.supplierId);
        return ok({ id: await ctx.qualifications.add(request.user!, request.body) }, '资质已提交，等待审核');
      },
    );

    app.post(
      '/supplierBaseAPI/qualification/delete',
      {
        schema: { tags: TAGS, summary: '删除待审核或已驳回的资质', body: supplierIdQuery },
        config: { access: 'authenticated', allowIncompleteSupplier: true },
      },
      async (request) => {
        own(request.user!.supplierId);
        await ctx.qualifications.remove(request.user!, request.body.id);
        return ok(null, '删除成功');
      },
    );

    app.get(
      '/supplierBaseAPI/categories',
      { schema: { tags: TAGS, summary: '本企业的品类准入状态' }, config: { access: 'authenticated' } },
      async (request) => ok(await categoriesOf(ctx.db, own(request.user!.supplierId))),
    );

    app.post(
      '/supplierBaseAPI/reapply',
      {
        schema: { tags: TAGS, summary: '淘汰后重新申请准入（冷却期满后，SST-4）', body: reapplySchema },
        config: { access: 'authenticated' },
      },
      async (request) =>
        ok(
          null,
          await reapplyAfterElimination(ctx.db, request.user!, own(request.user!.supplierId), request.body.reason),
        ),
    );

    app.get(
      '/supplierBaseAPI/statusLog',
      { schema: { tags: TAGS, summary: '本企业的状态日志' }, config: { access: 'authenticated' } },
      async (request) => ok(await statusLog(ctx.db, own(request.user!.supplierId), true)),
    );
  };
