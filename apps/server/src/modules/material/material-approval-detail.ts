import { materialResource, type ApprovalDocumentDetail } from '@procura/shared';
import type { ApprovalDetailContext } from '../approval/index.js';
import { resourceFields } from '../approval/approval-detail-fields.js';

/** A material waiting for activation (§3) as its approver sees it: its master data and drawings. */
export async function materialApprovalDetail(
  { db, dicts }: ApprovalDetailContext,
  docId: string,
): Promise<ApprovalDocumentDetail | null> {
  const m = await db.selectFrom('srmMaterial').selectAll().where('id', '=', docId).executeTakeFirst();
  if (!m) return null;
  const category = await db
    .selectFrom('srmMaterialCategory')
    .select('name')
    .where('id', '=', m.categoryId)
    .executeTakeFirst();
  return {
    fields: await resourceFields(dicts, materialResource.fields, m, { names: { categoryId: category?.name ?? null } }),
    tables: [],
    files: m.drawings ? [{ label: '图纸', paths: m.drawings }] : [],
  };
}
