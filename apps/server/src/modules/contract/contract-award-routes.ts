import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { compare, ok } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { businessDay, businessDayStart } from '../../core/clock.js';
import { forbidden } from '../../core/errors.js';
import { id as wireId } from '../../http/wire.js';
import { awardedLines, awardRemaining, finalAward } from '../sourcing/index.js';

/** One awarded supplier of a final award and what has been made from its lines so far. */
export type AwardFollowUp = {
  supplierId: string;
  supplierName: string;
  lines: {
    id: string;
    lineNo: number;
    materialName: string;
    unit: string;
    qty: string;
    unitPrice: string;
    taxRate: string;
    qtyContracted: string;
    qtyOrdered: string;
    remaining: string;
  }[];
  /** The contract made from its lines (not cancelled), if any (CON-1: one per award line). */
  contract: { id: string; code: string; status: string } | null;
  /** The orders made from its lines. */
  orders: { id: string; code: string; status: string }[];
  /** What 生成合同 sends to `/srm/contract/add` (the server takes lines, prices and quantities from the award). */
  contractDraft: Record<string, string> | null;
  /** Whether anything is left to order (PO-3). */
  canOrder: boolean;
};

/**
 * `GET /srm/contract/awardFollowUp`: the award screens' 生成合同 / 生成订单 (RFQ, tender and
 * auction awards alike, §13 → §15 / §16): per awarded supplier its lines, the contract and the
 * orders already made from them, and the draft a new contract starts from.
 */
export const contractAwardRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/srm/contract/awardFollowUp',
      {
        schema: {
          tags: ['合同管理'],
          summary: '定标结果的合同与订单（生成合同 / 生成订单）',
          querystring: z.object({ awardId: wireId }),
        },
        // The panel serves 生成合同 and 生成订单 alike: either list right reads it; each button's
        // own route checks its right (contract:add, purchaseOrder:add).
        config: { access: { anyPermission: ['contract:list', 'purchaseOrder:list'] } },
      },
      async (request) => {
        if (request.user?.supplierId) throw forbidden();
        const award = await finalAward(ctx.db, request.tenantId, request.query.awardId);
        const lines = await awardedLines(ctx.db, award.id);
        const contracts = await ctx.db
          .selectFrom('srmContract')
          .select(['id', 'code', 'status', 'supplierId'])
          .where('sourceAwardId', '=', award.id)
          .where('tenantId', '=', request.tenantId)
          .where('status', '<>', 'CANCELLED')
          .execute();
        const orders = await ctx.db
          .selectFrom('srmPurchaseOrder')
          .select(['id', 'code', 'status', 'supplierId'])
          .where('sourceDocType', '=', 'AWARD')
          .where('sourceDocId', '=', award.id)
          .where('tenantId', '=', request.tenantId)
          .orderBy('code')
          .execute();
        const today = businessDay();
        // MAT-4: the signed contract's price records start after the award's, which start on priceValidFrom.
        const afterAward = award.priceValidFrom ? businessDay(businessDayStart(award.priceValidFrom), 1) : today;
        const validFrom = afterAward > today ? afterAward : today;
        const validTo =
          award.priceValidTo && award.priceValidTo >= validFrom ? award.priceValidTo : businessDay(undefined, 365);
        const suppliers: AwardFollowUp[] = [];
        for (const l of lines) {
          let s = suppliers.find((x) => x.supplierId === l.supplierId);
          if (!s) {
            const contract = contracts.find((c) => c.supplierId === l.supplierId);
            s = {
              supplierId: l.supplierId,
              supplierName: l.supplierName,
              lines: [],
              contract: contract ? { id: contract.id, code: contract.code, status: contract.status } : null,
              orders: orders
                .filter((o) => o.supplierId === l.supplierId)
                .map((o) => ({ id: o.id, code: o.code, status: o.status })),
              contractDraft: {
                title: `${award.title}（${l.supplierName}）`.slice(0, 200),
                contractType: 'STANDARD',
                supplierId: l.supplierId,
                currency: award.currency,
                validFrom,
                validTo,
                sourceAwardId: award.id,
              },
              canOrder: false,
            };
            suppliers.push(s);
          }
          const remaining = awardRemaining(l);
          s.lines.push({
            id: l.id,
            lineNo: l.lineNo,
            materialName: l.materialName,
            unit: l.unit,
            qty: l.qty,
            unitPrice: l.unitPrice,
            taxRate: l.taxRate,
            qtyContracted: l.qtyContracted,
            qtyOrdered: l.qtyOrdered,
            remaining,
          });
          if (compare(remaining, '0') > 0) s.canOrder = true;
          // CON-1: a line already in a contract leaves no draft to start a second one from.
          if (compare(l.qtyContracted, '0') > 0) s.contractDraft = null;
        }
        return ok({ awardId: award.id, code: award.code, suppliers });
      },
    );
  };
