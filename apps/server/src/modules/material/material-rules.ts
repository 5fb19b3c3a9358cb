import { businessError } from '../../core/errors.js';
import type { Db } from '../../db/database.js';

/**
 * MAT-3: an inactive (or not yet active) material cannot appear on new requisition, sourcing
 * or order lines; documents that already hold it keep working. Call when a line is added.
 */
export async function assertMaterialsUsable(trx: Db, tenantId: number, materialIds: readonly string[]): Promise<void> {
  const ids = [...new Set(materialIds)];
  if (ids.length === 0) return;
  const rows = await trx
    .selectFrom('srmMaterial')
    .select(['id', 'code', 'name', 'status'])
    .where('tenantId', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
  if (rows.length !== ids.length) throw businessError('物料不存在');
  const unusable = rows.filter((r) => r.status !== 'ACTIVE');
  if (unusable.length)
    throw businessError(
      `物料未启用或已停用，不能用于新单据：${unusable.map((r) => `${r.code} ${r.name}`).join('、')}（MAT-3）`,
    );
}

/** MAT-2: materials attach to active leaf categories only. */
export async function assertLeafCategory(trx: Db, tenantId: number, categoryId: string): Promise<void> {
  const category = await trx
    .selectFrom('srmMaterialCategory')
    .select(['isLeaf', 'status'])
    .where('id', '=', categoryId)
    .where('tenantId', '=', tenantId)
    .executeTakeFirst();
  if (!category) throw businessError('物料分类不存在');
  if (category.isLeaf !== 1) throw businessError('物料只能挂在末级分类下（MAT-2）');
  if (category.status !== 'ACTIVE') throw businessError('该物料分类已停用，不能添加物料');
}

/**
 * The supplier categories (主营品类, what suppliers are admitted to, §4.3) that govern these
 * material categories: each one's `supplierCategory`, else its nearest ancestor's, else its
 * own code. Sourcing eligibility (SRC-3) and quotas (QUO-2) check a supplier's standing in them.
 */
export async function admissionCategoryCodes(db: Db, categoryIds: readonly string[]): Promise<string[]> {
  const codes = new Set<string>();
  for (const start of new Set(categoryIds)) {
    let id: string | null = start;
    let own: string | null = null;
    // The tree is a few levels deep; the bound only guards against a corrupted cycle.
    for (let depth = 0; id !== null && depth < 20; depth += 1) {
      const c: { code: string; parentId: string | null; supplierCategory: string | null } | undefined = await db
        .selectFrom('srmMaterialCategory')
        .select(['code', 'parentId', 'supplierCategory'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!c) break;
      own ??= c.code;
      if (c.supplierCategory) {
        own = c.supplierCategory;
        break;
      }
      id = c.parentId;
    }
    if (own) codes.add(own);
  }
  return [...codes];
}

export const UNKNOWN_UNIT = '单位不存在或已停用，请从计量单位中选择';

/**
 * A unit typed on a line is one of the active 计量单位 (by code), never free text, so every
 * quantity on a document is counted in a unit the company keeps (domain §3).
 */
export async function isActiveUnit(trx: Db, code: string): Promise<boolean> {
  const row = await trx
    .selectFrom('srmUnitOfMeasure')
    .select('id')
    .where('code', '=', code)
    .where('status', '=', 'ACTIVE')
    .executeTakeFirst();
  return row !== undefined;
}
