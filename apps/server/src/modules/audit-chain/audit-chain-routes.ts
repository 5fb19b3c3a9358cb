import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { ok } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { toWireDateTime } from '../../core/clock.js';
import { forbidden } from '../../core/errors.js';
import { runPagedList, type ListFields } from '../../core/paging.js';
import { isPlatform } from '../../core/tenant-data.js';
import { verifyAudit } from '../../workflow/audit-chain.js';

const CHAIN_FIELDS: ListFields = {
  seq: { column: 'seq', filter: 'exact', sortable: true },
  docType: { column: 'docType', filter: 'exact', sortable: true },
  docId: { column: 'docId', filter: 'exact' },
  action: { column: 'action', filter: 'exact', sortable: true },
};

const tenantQuery = z.looseObject({
  tenantId: z.coerce.number().int('租户编号必须是整数').min(0, '租户编号不正确').optional(),
});

/**
 * The chain a request reads: its own tenant's; the platform (tenant 0) names any tenant with
 * `tenantId`. A tenant's member naming another tenant is refused.
 */
function chainTenant(request: FastifyRequest, asked: number | undefined): number {
  if (asked === undefined || asked === request.tenantId) return request.tenantId;
  if (!isPlatform(request)) throw forbidden('只能查看本租户的审计链');
  return asked;
}

/** The documents' audit chain (issue 17): its entries, newest first, and its verification. */
export const auditChainRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['审计链'];
    app.get(
      '/sys/auditChain/list',
      {
        schema: { tags, summary: '审计链记录（分页）', querystring: tenantQuery },
        config: { access: { permission: 'auditChain:list' }, internalOnly: true },
      },
      async (request) => {
        const tenantId = chainTenant(request, request.query.tenantId);
        const base = ctx.db
          .selectFrom('sysAuditChain')
          .select(['tenantId', 'seq', 'docType', 'docId', 'action', 'payload', 'prevHash', 'hash', 'createdAt'])
          .where('tenantId', '=', tenantId);
        const { tenantId: _t, ...query } = request.query as Record<string, unknown>;
        const page = await runPagedList(ctx, base, query, CHAIN_FIELDS, { column: 'seq', order: 'desc' });
        return ok({
          ...page,
          records: page.records.map((r) => ({
            ...r,
            id: `${r.tenantId}-${r.seq}`,
            seq: Number(r.seq),
            createdAt: toWireDateTime(r.createdAt),
          })),
        });
      },
    );
    app.get(
      '/sys/auditChain/verify',
      {
        schema: { tags, summary: '校验审计链：逐条重算哈希，指出第一条断开的记录', querystring: tenantQuery },
        config: { access: { permission: 'auditChain:verify' }, internalOnly: true },
      },
      async (request) => {
        const tenantId = chainTenant(request, request.query.tenantId);
        const verdict = await verifyAudit(ctx.db, tenantId);
        request.log.info({ event: 'auditChain.verify', tenantId, ok: verdict.ok }, 'audit chain verified');
        return ok({ tenantId, ...verdict }, verdict.ok ? '链完整' : `审计链在第 ${verdict.brokenSeq} 条断开`);
      },
    );
  };
