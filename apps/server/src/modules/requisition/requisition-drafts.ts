import { requisitionResource, requisitionWorkflow, type RequisitionAction } from '@procura/shared';
import type { Actor } from '../../core/access.js';
import { runTransition } from '../../workflow/transition.js';
import { badRequest, businessError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { businessDay, serverNowIso } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import type { AppContext } from '../../app-context.js';
import { isActiveUnit, UNKNOWN_UNIT } from '../material/material-rules.js';
import { lineAmount, qtyText, sumMoney, units } from './requisition-decimal.js';
import { requisitionOf, userActor, writeLog, type Requisition, type RequisitionLine } from './requisition-service.js';
import { nextNumberOf } from '../../resource/resource-ids.js';

/**
 * A requisition while it is a draft (domain §8): its lines checked and copied from the catalogue
 * (PR-1, X-14), its header and budget (PR-2), created, edited (also after rejection, PR-4) and
 * deleted, and checked again when it is submitted.
 */

/** A draft as the wire delivers it, validated (requisition-routes.ts holds the schema). */
export type Draft = {
  title: string;
  purchaseType: 'GOODS' | 'WORKS' | 'SERVICES';
  urgency: 'NORMAL' | 'URGENT';
  urgentReason: string | null;
  reason: string | null;
  currency: string;
  deliveryPlace: string | null;
  departmentCode: string | null;
  buyerId: string | null;
  remark: string | null;
  lines: DraftLine[];
};
export type DraftLine = {
  materialId: string | null;
  description: string | null;
  spec: string | null;
  categoryId: string | null;
  qty: string;
  unit: string | null;
  needByDate: string;
  estimatedUnitPrice: string | null;
  suggestedSupplierId: string | null;
  suggestionReason: string | null;
  deliveryPlace: string | null;
  remark: string | null;
};

type PreparedLine = Omit<
  RequisitionLine,
  'id' | 'requisitionId' | 'tenantId' | 'qtyInSourcing' | 'qtyOrdered' | 'qtyCancelled' | 'qtyAwarded' | 'lineStatus'
>;

/**
 * PR-1 on every line: qty > 0, needByDate not before today (GMT+8), a catalogue line's material
 * ACTIVE (MAT-3) and copied onto the line, a non-catalogue line with its description and
 * category. Amounts are round(qty × estimated unit price, 2).
 */
export async function prepareLines(trx: Db, tenantId: number, lines: DraftLine[]): Promise<PreparedLine[]> {
  const day = businessDay();
  const prepared: PreparedLine[] = [];
  for (const [i, l] of lines.entries()) {
    const n = `第${i + 1}行`;
    const field = (name: string, message: string) =>
      badRequest(`${n}：${message}`, { [`lines.${i}.${name}`]: message });
    if (units(l.qty) <= 0n) throw field('qty', '数量必须大于0（PR-1）');
    const parsed = new Date(`${l.needByDate}T00:00:00Z`);
    if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== l.needByDate)
      throw field('needByDate', '需求日期不正确');
    if (l.needByDate < day) throw field('needByDate', '需求日期不能早于今天（PR-1）');
    let snapshot: Pick<
      PreparedLine,
      'materialId' | 'materialCode' | 'materialName' | 'description' | 'spec' | 'categoryId' | 'unit'
    >;
    if (l.materialId) {
      const m = await trx
        .selectFrom('srmMaterial')
        .select(['id', 'code', 'name', 'spec', 'categoryId', 'unit', 'status'])
        .where('id', '=', l.materialId)
        .where('tenantId', '=', tenantId)
        .executeTakeFirst();
      if (!m) throw field('materialId', '物料不存在');
      if (m.status !== 'ACTIVE')
        throw field('materialId', `物料 ${m.code} ${m.name} 未启用或已停用，不能申请（PR-1、MAT-3）`);
      snapshot = {
        materialId: m.id,
        materialCode: m.code,
        materialName: m.name,
        description: l.description,
        spec: m.spec,
        categoryId: m.categoryId,
        unit: m.unit,
      };
    } else {
      if (!l.description) throw field('description', '非目录物料须填写物料描述（PR-1）');
      if (!l.categoryId) throw field('categoryId', '非目录物料须选择物料分类（PR-1）');
      if (!l.unit) throw field('unit', '请选择单位');
      if (!(await isActiveUnit(trx, l.unit))) throw field('unit', UNKNOWN_UNIT);
      const c = await trx
        .selectFrom('srmMaterialCategory')
        .select('id')
        .where('id', '=', l.categoryId)
        .where('tenantId', '=', tenantId)
        .executeTakeFirst();
      if (!c) throw field('categoryId', '物料分类不存在');
      snapshot = {
        materialId: null,
        materialCode: null,
        materialName: l.description,
        description: l.description,
        spec: l.spec,
        categoryId: l.categoryId,
        unit: l.unit,
      };
    }
    if (l.suggestedSupplierId) {
      const s = await trx
        .selectFrom('supplier')
        .select('id')
        .where('id', '=', l.suggestedSupplierId)
        .where('delFlag', '=', 0)
        .executeTakeFirst();
      if (!s) throw field('suggestedSupplierId', '推荐供应商不存在');
    }
    prepared.push({
      ...snapshot,
      lineNo: i + 1,
      qty: qtyText(units(l.qty)),
      needByDate: l.needByDate,
      estimatedUnitPrice: l.estimatedUnitPrice,
      amount: l.estimatedUnitPrice ? lineAmount(l.qty, l.estimatedUnitPrice) : '0.00',
      suggestedSupplierId: l.suggestedSupplierId,
      suggestionReason: l.suggestedSupplierId ? l.suggestionReason : null,
      deliveryPlace: l.deliveryPlace,
      remark: l.remark,
    });
  }
  return prepared;
}

/** The header's checked values; the buyer defaults to the first line's category buyer. */
export async function prepareHeader(trx: Db, actor: Actor, body: Draft, lines: PreparedLine[]) {
  if (body.urgency === 'URGENT' && !body.urgentReason)
    throw badRequest('紧急采购请填写紧急原因', { urgentReason: '紧急采购请填写紧急原因' });
  let buyerId = body.buyerId;
  if (buyerId) {
    const u = await trx
      .selectFrom('sysUser')
      .select('id')
      .where('id', '=', buyerId)
      .where('userType', '<>', 2)
      .where('delFlag', '=', 0)
      .executeTakeFirst();
    if (!u) throw badRequest('采购员不存在', { buyerId: '采购员不存在' });
  } else {
    const categoryId = lines.find((l) => l.categoryId)?.categoryId;
    if (categoryId)
      buyerId =
        (
          await trx
            .selectFrom('srmMaterialCategory')
            .select('defaultBuyerId')
            .where('id', '=', categoryId)
            .executeTakeFirst()
        )?.defaultBuyerId ?? null;
  }
  const me = await trx.selectFrom('sysUser').select('orgCode').where('id', '=', actor.user.id).executeTakeFirst();
  return {
    title: body.title,
    purchaseType: body.purchaseType,
    urgency: body.urgency,
    urgentReason: body.urgency === 'URGENT' ? body.urgentReason : null,
    reason: body.reason,
    currency: body.currency,
    deliveryPlace: body.deliveryPlace,
    departmentCode: body.departmentCode ?? me?.orgCode ?? null,
    buyerId,
    remark: body.remark,
    // PR-2: the budget is the sum of the lines.
    budgetAmount: sumMoney(lines.map((l) => l.amount)),
  };
}

export async function insertLines(
  trx: Db,
  requisitionId: string,
  tenantId: number,
  lines: PreparedLine[],
): Promise<void> {
  for (const l of lines) {
    await trx
      .insertInto('purchaseRequisitionLine')
      .values({
        ...l,
        id: newId(),
        requisitionId,
        tenantId,
        qtyInSourcing: '0',
        qtyOrdered: '0',
        qtyCancelled: '0',
        qtyAwarded: '0',
        lineStatus: 'OPEN',
      })
      .execute();
  }
}

/** PR-1 again at submission: the dates against the submission day, the materials still ACTIVE. */
export async function assertSubmittable(trx: Db, r: Requisition, lines: RequisitionLine[]): Promise<void> {
  if (lines.length === 0) throw businessError('请至少添加一行物料');
  const day = businessDay();
  for (const l of lines) {
    if (units(l.qty) <= 0n) throw businessError(`第${l.lineNo}行：数量必须大于0（PR-1）`);
    if (l.needByDate < day)
      throw businessError(`第${l.lineNo}行：需求日期 ${l.needByDate} 早于提交日期，请修改后再提交（PR-1）`);
    if (l.materialId) {
      const m = await trx
        .selectFrom('srmMaterial')
        .select(['code', 'name', 'status'])
        .where('id', '=', l.materialId)
        .executeTakeFirst();
      if (!m || m.status !== 'ACTIVE')
        throw businessError(
          `第${l.lineNo}行：物料 ${l.materialCode ?? ''} ${l.materialName ?? ''} 未启用或已停用，不能提交（PR-1、MAT-3）`,
        );
    }
  }
  if (r.urgency === 'URGENT' && !r.urgentReason) throw businessError('紧急采购请填写紧急原因');
}

/** Why a requisition in `status` cannot be edited (X-3, PR-4). */
export function editRefusal(status: string): string {
  if (status === 'PENDING_APPROVAL') return '采购申请审批中，不能修改；如需修改请先撤回';
  return '采购申请已审批，数量和内容已锁定；如需变更请取消剩余数量后重新申请（PR-4）';
}

/** A new DRAFT with its lines and a PR code. */
export async function createRequisition(
  ctx: AppContext,
  actor: Actor,
  tenantId: number,
  body: Draft,
): Promise<{ id: string; code: string }> {
  return ctx.db.transaction().execute(async (trx) => {
    const lines = await prepareLines(trx, tenantId, body.lines);
    const header = await prepareHeader(trx, actor, body, lines);
    const rowId = newId();
    const code = await nextNumberOf(ctx.codes, requisitionResource, tenantId, trx);
    await trx
      .insertInto('purchaseRequisition')
      .values({
        ...header,
        id: rowId,
        tenantId: tenantId,
        sysOrgCode: header.departmentCode,
        code,
        requesterId: actor.user.id,
        status: 'DRAFT',
        submittedBy: null,
        submittedAt: null,
        approvedAt: null,
        cancelledAt: null,
        cancelReason: null,
        delFlag: 0,
        version: 1,
        createBy: actor.user.username,
        createTime: serverNowIso(),
        updateBy: null,
        updateTime: null,
      })
      .execute();
    await insertLines(trx, rowId, tenantId, lines);
    await writeLog(trx, { id: rowId, tenantId }, 'create', null, 'DRAFT', userActor(actor));
    return { id: rowId, code };
  });
}

/** PR-4: a DRAFT or REJECTED requisition is edited whole and goes (back) to DRAFT. */
export async function editRequisition(
  db: Db,
  actor: Actor,
  tenantId: number,
  body: Draft & { id: string; version: number },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const r = await requisitionOf(trx, body.id, tenantId);
    if (r.status !== 'DRAFT' && r.status !== 'REJECTED') throw businessError(editRefusal(r.status));
    if (r.version !== body.version) throw businessError('采购申请已被他人修改，请刷新后重试');
    const lines = await prepareLines(trx, tenantId, body.lines);
    const header = await prepareHeader(trx, actor, body, lines);
    const changes = { ...header, sysOrgCode: header.departmentCode, version: r.version + 1 };
    if (r.status === 'REJECTED') {
      // Editing a rejected requisition takes it back to a draft: a transition, logged and audited.
      await runTransition<Requisition, RequisitionAction>(trx, requisitionWorkflow, {
        table: 'purchaseRequisition',
        id: r.id,
        action: 'edit',
        actor: null,
        operator: userActor(actor),
        patch: changes,
        expect: { version: r.version },
      });
    } else {
      const moved = await trx
        .updateTable('purchaseRequisition')
        .set({ ...changes, updateBy: actor.user.username, updateTime: serverNowIso() })
        .where('id', '=', r.id)
        .where('status', '=', 'DRAFT')
        .where('version', '=', r.version)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw businessError('采购申请已被他人修改，请刷新后重试');
    }
    // Drafts and rejected requisitions have consumed nothing: their lines are replaced whole.
    await trx.deleteFrom('purchaseRequisitionLine').where('requisitionId', '=', r.id).execute();
    await insertLines(trx, r.id, tenantId, lines);
  });
}
