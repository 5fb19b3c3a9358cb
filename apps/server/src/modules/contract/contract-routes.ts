import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  add,
  compare,
  contractResource,
  lineFieldKey,
  multiply,
  percentOf,
  subtract,
  type LineRow,
} from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { businessDay, serverNowIso } from '../../core/clock.js';
import { badRequest, businessError, forbidden } from '../../core/errors.js';
import type { Db } from '../../db/database.js';
import { text, wireDate } from '../../http/wire.js';
import { resourceRoutes, type Values } from '../../resource/resource-routes.js';
import type { AnyDb } from '../../resource/resource-query.js';
import type { LineSets } from '../../resource/workflow-lines.js';
import { linesOf } from '../../resource/workflow-lines.js';
import { transitionHook, type DocRow } from '../../resource/workflow-routes.js';
import { defineDocumentFiles, listsFile } from '../files/document-files.js';
import { recordPrice } from '../material/price-library.js';
import { awardedLines, contractAwardLines, finalAward, uncontractAwardLines } from '../sourcing/index.js';
import { documentSupplier, refusalText, supplierEligibility } from '../supplier/index.js';
import { operatorOf } from '../../workflow/transition.js';
import { freezeContractText } from './contract-text.js';
import { supersedePrevious } from './contract-versions.js';
import { nextNumberOf } from '../../resource/resource-ids.js';

/**
 * The rules of contracts (§15) beside the generic document routes of `/srm/contract/*`: the
 * supplier snapshot (X-14), lines from a final award and locked (CON-1), the tax of each line
 * and the pay plan against the amount (X-6, CON-2), the supplier's eligibility when sent
 * (X-15), and the signed scan that makes it ACTIVE with its prices recorded.
 */

// X-11: the contract's supplier reads the signed scans once it sees the contract (CON-8).
export const contractFiles = defineDocumentFiles('CONTRACT', {
  readableBy: async (db, user, path) =>
    !!user.supplierId &&
    !!(await db
      .selectFrom('srmContract' as never)
      .select('id' as never)
      .where('supplierId' as never, '=', user.supplierId as never)
      .where(listsFile('signedFiles', path))
      .executeTakeFirst()),
});

const typed = (trx: AnyDb) => trx as unknown as Db;
const any = (trx: Db | AnyDb) => trx as unknown as AnyDb;

function internalOnly(request: FastifyRequest): void {
  if (request.user?.supplierId) throw forbidden();
}

/** X-6: each line's tax = round(amount × rate / 100, 2); the header's inclusive amount = Σ amount + Σ tax. */
function withTax(values: Values, lines: LineRow[]): void {
  for (const l of lines) {
    const amount = String(l.amount ?? multiply(String(l.qty ?? '0'), String(l.unitPrice ?? '0'), 2));
    l.amount = amount;
    l.taxAmount = percentOf(amount, String(l.taxRate ?? '0'));
  }
  const excl = add(lines.map((l) => String(l.amount)));
  const tax = add(lines.map((l) => String(l.taxAmount)));
  values.amountInclTax = add([excl, tax]);
}

/** CON-2: Σ pct = 100 and Σ amount = amountInclTax within 0.01; the message sits beside the pay plan. */
export function payPlanProblem(stages: LineRow[], amountInclTax: string): string | null {
  if (stages.length === 0) return '请填写付款计划';
  const pct = add(
    stages.map((s) => String(s.pct ?? '0')),
    6,
  );
  if (compare(pct, '100') !== 0) return `付款计划各阶段比例合计须为100%，当前为${Number(pct)}%`;
  const sum = add(stages.map((s) => String(s.amount ?? '0')));
  const diff = compare(sum, amountInclTax) >= 0 ? subtract(sum, amountInclTax) : subtract(amountInclTax, sum);
  if (compare(diff, '0.01') > 0) return `付款计划金额合计${sum}须等于合同含税金额${amountInclTax}`;
  return null;
}

/** CON-1: the award's lines for its supplier, as contract lines; each award line goes into one contract only. */
async function awardLines(db: Db, tenantId: number, awardId: string, supplierId: string): Promise<LineRow[]> {
  await finalAward(db, tenantId, awardId);
  const rows = await awardedLines(db, awardId, supplierId);
  if (rows.length === 0)
    throw badRequest('该供应商在此定标单中没有中标明细', { supplierId: '该供应商未在此定标单中标' });
  await contractAwardLines(db, rows);
  return rows.map((r) => ({
    materialId: r.materialId,
    materialName: r.materialName,
    spec: r.spec,
    unit: r.unit,
    qty: r.qty,
    unitPrice: r.unitPrice,
    taxRate: r.taxRate,
    amount: multiply(r.qty, r.unitPrice, 2),
    deliveryDate: r.needByDate,
    awardLineId: r.id,
  }));
}

/** A contract deleted or cancelled gives its award lines back (CON-1: another contract may then be made). */
async function releaseAwardLines(db: AnyDb, contractIds: string[]): Promise<void> {
  const rows = (await db
    .selectFrom('srmContractLine')
    .select('awardLineId')
    .where('contractId', 'in', contractIds)
    .where('awardLineId', 'is not', null)
    .execute()) as { awardLineId: string }[];
  await uncontractAwardLines(
    typed(db),
    rows.map((r) => r.awardLineId),
  );
}

const LOCKED = ['materialId', 'qty', 'unitPrice', 'taxRate'] as const;
const LOCKED_TEXT: Record<(typeof LOCKED)[number], string> = {
  materialId: '物料',
  qty: '数量',
  unitPrice: '单价',
  taxRate: '税率',
};

/** CON-1: a contract from an award keeps the award's lines; only dates and the like change. */
function assertAwardLinesKept(given: LineRow[], stored: LineRow[]): void {
  const errors: Record<string, string> = {};
  if (given.length !== stored.length) errors.lines = '来自定标结果的合同不能增删明细';
  given.forEach((line, i) => {
    const was = stored[i];
    if (!was) return;
    for (const f of LOCKED) {
      const same =
        f === 'materialId'
          ? (line[f] ?? null) === (was[f] ?? null)
          : compare(String(line[f] ?? '0'), String(was[f] ?? '0')) === 0;
      if (!same) errors[lineFieldKey('lines', i, f)] = `来自定标结果的合同，${LOCKED_TEXT[f]}不能修改`;
    }
    line.awardLineId = was.awardLineId;
  });
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
}

/**
 * A supplement (补充协议) is attached to an ACTIVE contract of the tenant and is with its
 * supplier (whatever supplier was sent); it then runs its own workflow.
 */
async function supplementOf(db: Db, values: Values, tenantId: number): Promise<void> {
  const parent = await db
    .selectFrom('srmContract')
    .select(['id', 'status', 'supplierId'])
    .where('id', '=', String(values.parentContractId))
    .where('tenantId', '=', tenantId)
    .executeTakeFirst();
  if (!parent || parent.status !== 'ACTIVE')
    throw badRequest('补充协议只能附加在生效的合同上', { parentContractId: '主合同不存在或未生效' });
  values.supplierId = parent.supplierId;
}

async function checkDraft(db: Db, values: Values, lines: LineSets, tenantId: number, existing?: DocRow) {
  const supplierId = String(values.supplierId ?? existing?.supplierId ?? '');
  if (values.supplierId !== undefined) values.supplierName = (await documentSupplier(db, supplierId, tenantId)).name; // X-14
  const from = String(values.validFrom ?? existing?.validFrom ?? '');
  const to = String(values.validTo ?? existing?.validTo ?? '');
  if (from && to && to < from) throw badRequest('失效日期不能早于生效日期', { validTo: '失效日期不能早于生效日期' });
  if (lines.lines) withTax(values, lines.lines);
  const amount = String(values.amountInclTax ?? existing?.amountInclTax ?? '0');
  if (lines.payPlan?.length) {
    const problem = payPlanProblem(lines.payPlan, amount);
    if (problem) throw badRequest(problem, { payPlan: problem });
  }
}

export const contractRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(
      resourceRoutes(ctx, contractResource, {
        beforeAdd: async (values, trx, request, lines) => {
          internalOnly(request);
          if (values.parentContractId) await supplementOf(typed(trx), values, request.tenantId);
          if (values.sourceAwardId) {
            // CON-1: supplier, lines, prices and quantities come from the award, whatever was sent.
            lines.lines = await awardLines(
              typed(trx),
              request.tenantId,
              String(values.sourceAwardId),
              String(values.supplierId),
            );
          }
          await checkDraft(typed(trx), values, lines, request.tenantId);
          Object.assign(values, {
            status: 'DRAFT',
            code: await nextNumberOf(ctx.codes, contractResource, request.tenantId, trx),
          });
        },
        beforeEdit: async (id, values, trx, request, lines) => {
          internalOnly(request);
          const row = (await any(trx)
            .selectFrom('srmContract')
            .selectAll()
            .where('id', '=', id)
            .executeTakeFirstOrThrow()) as DocRow;
          if (row.sourceAwardId) {
            if (values.supplierId !== undefined && values.supplierId !== row.supplierId)
              throw badRequest('来自定标结果的合同，供应商不能修改（CON-1）', { supplierId: '供应商不能修改' });
            if (lines.lines) assertAwardLinesKept(lines.lines, (await linesOf(any(trx), contractResource, id)).lines!);
          }
          // The pay plan is checked against the new amount when the lines change without it.
          if (lines.lines && !lines.payPlan) lines.payPlan = (await linesOf(any(trx), contractResource, id)).payPlan!;
          await checkDraft(typed(trx), values, lines, request.tenantId, row);
        },
        beforeDelete: async (ids, trx, request) => {
          internalOnly(request);
          await releaseAwardLines(trx, ids);
        },
        transitions: {
          actions: {
            submit: transitionHook({}, () => ({
              guard: async (row, trx) => {
                const { lines, payPlan } = await linesOf(any(trx), contractResource, row.id);
                if (!lines?.length) throw businessError('请先填写合同明细');
                const problem = payPlanProblem(payPlan ?? [], String(row.amountInclTax));
                if (problem) throw businessError(`${problem}（CON-2）`);
              },
              // §15 body: the text as submitted is what is approved and signed.
              after: (row, trx) => freezeContractText(trx, row.id),
            })),
            send: transitionHook({}, () => ({
              guard: async (row, trx) => {
                const refusal = await supplierEligibility(trx, String(row.supplierId), { purpose: 'respond' });
                if (refusal) throw businessError(refusalText(refusal, '接收合同', 'X-15'));
              },
            })),
            cancel: transitionHook({}, () => ({ after: (row, trx) => releaseAwardLines(any(trx), [row.id]) })),
            confirm: transitionHook({}, () => ({ patch: { supplierConfirmedAt: serverNowIso() } })),
            reject: transitionHook({}, (input) => ({ patch: { supplierRejectReason: input.reason?.trim() || null } })),
            terminate: transitionHook({}, (input) => ({ patch: { terminateReason: input.reason?.trim() || null } })),
            sign: transitionHook(
              { signedFiles: text(2000, '合同签署件'), signedAt: wireDate('签署日期').optional() },
              async (input, actor) => {
                const files = input.signedFiles
                  .split(',')
                  .map((f) => f.trim())
                  .filter(Boolean);
                if (files.length === 0) throw badRequest('请上传合同签署件', { signedFiles: '请上传合同签署件' });
                // Only files the signer uploaded are attached (UP-5).
                const found = await ctx.db
                  .selectFrom('sysFile')
                  .select('path')
                  .where('path', 'in', files)
                  .where('ownerId', '=', actor.user.id)
                  .execute();
                if (found.length !== new Set(files).size)
                  throw badRequest('合同签署件不存在，请重新上传', { signedFiles: '附件不存在' });
                return {
                  patch: { signedFiles: files.join(','), signedAt: input.signedAt ?? businessDay() },
                  // CON-6: a new version supersedes the ACTIVE one as it becomes ACTIVE.
                  guard: (row, trx) => supersedePrevious(trx, row, operatorOf(actor)),
                  // §13 / MAT-4: an ACTIVE contract's prices become price records.
                  after: async (row, trx) => {
                    const { lines } = await linesOf(any(trx), contractResource, row.id);
                    for (const l of lines ?? []) {
                      if (!l.materialId) continue;
                      await recordPrice(trx, {
                        tenantId: row.tenantId,
                        supplierId: String(row.supplierId),
                        materialId: String(l.materialId),
                        currency: String(row.currency),
                        unitPrice: String(l.unitPrice),
                        taxRate: String(l.taxRate),
                        validFrom: String(row.validFrom),
                        validTo: String(row.validTo),
                        sourceType: 'CONTRACT',
                        sourceId: row.id,
                        createBy: actor.user.username,
                      });
                    }
                  },
                };
              },
              '上传合同签署件，合同生效（供应商已确认 → 生效），记录合同价格',
            ),
          },
        },
      }),
    );
  };
