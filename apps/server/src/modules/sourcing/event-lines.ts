import { z } from 'zod';
import { serverNowIso } from '../../core/clock.js';
import { compare } from '@procura/shared';
import { badRequest, businessError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { Db } from '../../db/database.js';
import { decimalText, id, text, wireDate } from '../../http/wire.js';
import { isActiveUnit, UNKNOWN_UNIT } from '../material/material-rules.js';
import { refusePastNeedByDates } from './draft-dates.js';

/** A line of a sourcing event as the buyer sends it (RFQ and tender drafts alike). */
export const lineBody = z.object({
  materialId: id.optional(),
  materialName: text(200, '物料名称').optional(),
  spec: text(200, '规格').optional(),
  categoryId: id.optional(),
  qty: decimalText('数量'),
  unit: text(16, '单位').optional(),
  needByDate: wireDate('需求日期').optional(),
  deliveryPlace: text(300, '交货地点').optional(),
  targetPrice: decimalText('目标价').optional(),
  remark: text(500, '备注').optional(),
});

/** The lines checked and completed: an active material's snapshot (X-14, MAT-3) or a description with unit. */
export async function prepareLines(
  trx: Db,
  tenantId: number,
  eventId: string,
  lotId: string,
  lines: z.infer<typeof lineBody>[],
) {
  refusePastNeedByDates(lines);
  const now = serverNowIso();
  const rows = [];
  for (const [i, l] of lines.entries()) {
    const at = `第${i + 1}行`;
    if (compare(l.qty, '0') <= 0) throw badRequest(`${at}数量必须大于0`);
    if (l.unit && !(await isActiveUnit(trx, l.unit))) throw badRequest(`${at}${UNKNOWN_UNIT}`);
    let snapshot: {
      materialCode: string | null;
      materialName: string;
      spec: string | null;
      categoryId: string | null;
      unit: string;
    };
    if (l.materialId) {
      const m = await trx
        .selectFrom('srmMaterial')
        .select(['code', 'name', 'spec', 'categoryId', 'unit', 'status'])
        .where('id', '=', l.materialId)
        .where('tenantId', '=', tenantId)
        .executeTakeFirst();
      if (!m) throw badRequest(`${at}物料不存在`);
      if (m.status !== 'ACTIVE') throw businessError(`${at}物料未启用或已停用，不能询价（MAT-3）`);
      snapshot = {
        materialCode: m.code,
        materialName: m.name,
        spec: m.spec,
        categoryId: m.categoryId,
        unit: l.unit || m.unit,
      };
    } else {
      if (!l.materialName) throw badRequest(`${at}请选择物料或填写物料名称`);
      if (!l.unit) throw badRequest(`${at}请选择单位`);
      if (l.categoryId) {
        const c = await trx
          .selectFrom('srmMaterialCategory')
          .select('id')
          .where('id', '=', l.categoryId)
          .where('tenantId', '=', tenantId)
          .executeTakeFirst();
        if (!c) throw badRequest(`${at}物料分类不存在`);
      }
      snapshot = {
        materialCode: null,
        materialName: l.materialName,
        spec: l.spec ?? null,
        categoryId: l.categoryId ?? null,
        unit: l.unit,
      };
    }
    rows.push({
      id: newId(),
      eventId,
      lotId,
      lineNo: i + 1,
      materialId: l.materialId ?? null,
      ...snapshot,
      qty: l.qty,
      needByDate: l.needByDate ?? null,
      deliveryPlace: l.deliveryPlace ?? null,
      targetPrice: l.targetPrice ?? null,
      requisitionLineId: null,
      remark: l.remark ?? null,
      createTime: now,
    });
  }
  return rows;
}
