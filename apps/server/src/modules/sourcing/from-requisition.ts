import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, compare } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { badRequest, businessError } from '../../core/errors.js';
import { decimalText, id, lineText, wireTime } from '../../http/wire.js';
import { qtyText } from '../requisition/requisition-decimal.js';
import { CONSUMABLE, remainingOf } from '../requisition/requisition-service.js';
import type { AddBody } from './event-schemas.js';
import { insertRfqDraft } from './rfq-draft-service.js';
import { actorOf } from './sourcing-service.js';

/**
 * Requisition → sourcing (domain §8 PR-3, PR-6(a), PR-7; §25 S2 steps 3–4 and 11):
 *
 *   POST /srm/sourcing/event/fromRequisition   an RFQ draft from approved requisition lines,
 *                                              each sourcing line linked to its requisition line
 *
 * The ledger hooks the event's life calls (reserve at publish, release at cancel / fail, settle
 * at award FINAL) are in `requisition-link.ts`.
 */

const body = z.object({
  title: lineText(200, '标题').optional(),
  responseDeadline: wireTime('报价截止时间').optional(),
  lines: z
    .array(
      z.object({
        requisitionLineId: id,
        qty: decimalText('数量').optional(),
      }),
      { error: '请选择采购申请行' },
    )
    .min(1, '请选择采购申请行')
    .max(200, '物料行不能超过200行'),
});

export const fromRequisitionRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/srm/sourcing/event/fromRequisition',
      {
        schema: {
          tags: ['寻源（采购方）'],
          summary: '由已审批的采购申请行创建询价单草稿（PR-3：数量不超过剩余可用数量；发布时预留）',
          body,
        },
        config: { access: { permission: 'srm:sourcing:add' }, internalOnly: true },
      },
      async (request) => {
        const actor = actorOf(request);
        const { lines } = request.body;
        if (new Set(lines.map((l) => l.requisitionLineId)).size !== lines.length)
          throw businessError('同一采购申请行不能重复选择');
        const eventId = await ctx.db.transaction().execute(async (trx) => {
          const draftLines: AddBody['lines'] = [];
          const titles: string[] = [];
          for (const item of lines) {
            const l = await trx
              .selectFrom('purchaseRequisitionLine')
              .selectAll()
              .where('id', '=', item.requisitionLineId)
              .where('tenantId', '=', actor.tenantId)
              .executeTakeFirst();
            if (!l) throw badRequest('采购申请行不存在');
            const header = await trx
              .selectFrom('purchaseRequisition')
              .select(['code', 'title', 'status', 'cancelledAt', 'delFlag'])
              .where('id', '=', l.requisitionId)
              .executeTakeFirstOrThrow();
            const name = `采购申请 ${header.code} 第${l.lineNo}行`;
            if (header.delFlag !== 0 || !CONSUMABLE.includes(header.status) || header.cancelledAt)
              throw businessError(`${name}所在申请未审批通过或已关闭，不能询价（PR-3）`);
            const free = qtyText(remainingOf(l));
            const qty = item.qty ?? free;
            if (compare(qty, '0') <= 0) throw businessError(`${name}没有剩余可询价数量（PR-3）`);
            if (compare(qty, free) > 0) throw businessError(`${name}询价数量 ${qty} 超过剩余可用数量 ${free}（PR-3）`);
            titles.push(header.title);
            draftLines.push(
              l.materialId
                ? {
                    materialId: l.materialId,
                    qty,
                    unit: l.unit,
                    needByDate: l.needByDate,
                    deliveryPlace: l.deliveryPlace ?? undefined,
                    targetPrice: l.estimatedUnitPrice ?? undefined,
                    remark: `${header.code}-${l.lineNo}`,
                  }
                : {
                    materialName: (l.description ?? l.materialName ?? '').slice(0, 200),
                    spec: l.spec ?? undefined,
                    categoryId: l.categoryId ?? undefined,
                    qty,
                    unit: l.unit,
                    needByDate: l.needByDate,
                    deliveryPlace: l.deliveryPlace ?? undefined,
                    targetPrice: l.estimatedUnitPrice ?? undefined,
                    remark: `${header.code}-${l.lineNo}`,
                  },
            );
          }
          const title = request.body.title || `${titles[0]}${new Set(titles).size > 1 ? ' 等' : ''} 询价`.slice(0, 200);
          const created = await insertRfqDraft(trx, ctx, actor, {
            title,
            responseDeadline: request.body.responseDeadline,
            lines: draftLines,
          });
          // The links of PR-3: sourcing line n ← the n-th chosen requisition line.
          const made = await trx
            .selectFrom('sourcingLine')
            .select(['id', 'lineNo'])
            .where('eventId', '=', created)
            .orderBy('lineNo')
            .execute();
          for (const [i, m] of made.entries())
            await trx
              .updateTable('sourcingLine')
              .set({ requisitionLineId: lines[i]!.requisitionLineId })
              .where('id', '=', m.id)
              .execute();
          await trx
            .updateTable('sourcingEvent')
            .set({ requisitionLineIds: JSON.stringify(lines.map((l) => l.requisitionLineId)) })
            .where('id', '=', created)
            .execute();
          return created;
        });
        return ok({ id: eventId }, '已由采购申请创建询价单草稿');
      },
    );
  };
