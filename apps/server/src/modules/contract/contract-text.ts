import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  amountToCapital,
  contractResource,
  contractWorkflow,
  DEFAULT_CONTRACT_TEMPLATES,
  fillContractTemplate,
  ok,
  workflowSupplierSees,
  type LineRow,
} from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { notFound } from '../../core/errors.js';
import { escapeHtml, sanitizeRichText } from '../../core/sanitize.js';
import type { Db } from '../../db/database.js';
import { id as wireId } from '../../http/wire.js';
import type { AnyDb } from '../../resource/resource-query.js';
import { linesOf } from '../../resource/workflow-lines.js';
import { purchaseSetting } from '../material/purchase-settings.js';
import type { SrmContractTable } from './contract-tables.js';

/**
 * The contract text (§15 `body`) from the tenant's template of its type (`contract.templates`):
 * the template sanitised (XSS-1), every field escaped, the lines and the pay plan as tables of
 * escaped cells, the whole sanitised once more. A draft's text follows the draft; from
 * submission on the contract keeps the text it was submitted with.
 */

const TYPE_TEXT: Record<string, string> = { FRAMEWORK: '框架协议', STANDARD: '标准采购合同', SERVICE: '服务合同' };
const STAGE_TEXT: Record<string, string> = {
  ADVANCE: '预付款',
  ON_DELIVERY: '到货款',
  ON_ACCEPTANCE: '验收款',
  WARRANTY_RETENTION: '质保金',
  MILESTONE: '里程碑款',
};

const cell = (v: unknown) => `<td>${escapeHtml(v === null || v === undefined ? '' : String(v))}</td>`;
function table(head: string[], rows: unknown[][]): string {
  const th = head.map((h) => `<th>${escapeHtml(h)}</th>`).join('');
  return `<table><thead><tr>${th}</tr></thead><tbody>${rows.map((r) => `<tr>${r.map(cell).join('')}</tr>`).join('')}</tbody></table>`;
}

export async function renderContractText(db: Db, row: SrmContractTable): Promise<string> {
  const templates = await purchaseSetting<Record<string, string>>(db, row.tenantId, 'contract.templates');
  const template = templates[row.contractType] ?? DEFAULT_CONTRACT_TEMPLATES[row.contractType as 'STANDARD'] ?? '';
  const { lines = [], payPlan = [] } = await linesOf(db as unknown as AnyDb, contractResource, row.id);
  const text = (v: unknown) => escapeHtml(v === null || v === undefined ? '' : String(v));
  const values: Record<string, string> = {
    code: text(row.code),
    versionNo: text(row.versionNo),
    title: text(row.title),
    contractType: text(TYPE_TEXT[row.contractType] ?? row.contractType),
    supplierName: text(row.supplierName),
    currency: text(row.currency),
    amountExclTax: text(row.amountExclTax),
    taxAmount: text(row.taxAmount),
    amountInclTax: text(row.amountInclTax),
    amountInclTaxCapital: text(amountToCapital(row.amountInclTax)),
    validFrom: text(row.validFrom),
    validTo: text(row.validTo),
    deliveryTerms: text(row.deliveryTerms),
    qualityTerms: text(row.qualityTerms),
    warrantyTerms: text(row.warrantyTerms),
    lines: table(
      ['序号', '物料', '规格', '单位', '数量', '不含税单价', '税率(%)', '不含税金额', '交货日期'],
      lines.map((l: LineRow, i) => [
        i + 1,
        l.materialName,
        l.spec,
        l.unit,
        l.qty,
        l.unitPrice,
        l.taxRate,
        l.amount,
        l.deliveryDate,
      ]),
    ),
    payPlan: table(
      ['序号', '阶段', '付款条件', '比例(%)', '金额', '计划付款日期'],
      payPlan.map((p: LineRow, i) => [
        i + 1,
        STAGE_TEXT[String(p.stageType)] ?? p.stageType,
        p.trigger,
        p.pct,
        p.amount,
        p.plannedDate,
      ]),
    ),
  };
  return sanitizeRichText(fillContractTemplate(sanitizeRichText(template), values));
}

/** From submission on, the text is frozen into `body` (what was approved is what is signed). */
export async function freezeContractText(trx: Db, id: string): Promise<void> {
  const row = await trx.selectFrom('srmContract').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  await trx
    .updateTable('srmContract')
    .set({ body: await renderContractText(trx, row) })
    .where('id', '=', id)
    .execute();
}

export const contractTextRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/srm/contract/text',
      {
        schema: { tags: ['合同'], summary: '合同文本（按合同类型的模板生成）', querystring: z.object({ id: wireId }) },
        config: { access: { permission: 'contract:list' } },
      },
      async (request) => {
        const supplierId = request.user?.supplierId;
        let q = ctx.db.selectFrom('srmContract').selectAll().where('id', '=', request.query.id);
        q = supplierId ? q.where('supplierId', '=', supplierId) : q.where('tenantId', '=', request.tenantId);
        const row = await q.executeTakeFirst();
        if (!row || (supplierId && !workflowSupplierSees(contractWorkflow, row.status))) throw notFound('合同不存在');
        const frozen = row.status !== 'DRAFT' && !!row.body;
        return ok({ html: frozen ? row.body : await renderContractText(ctx.db, row), frozen });
      },
    );
  };
