import { badRequest } from '../../core/errors.js';
import type { Db } from '../../db/database.js';

/**
 * The supplier a document names, of the document's tenant, with what the document copies of it
 * name and contact as they were when the draft was saved); refused on the supplierId field.
 */
export async function documentSupplier(
  db: Db,
  supplierId: string,
  tenantId: number,
): Promise<{ name: string; phone: string | null }> {
  const s = await db
    .selectFrom('supplier')
    .select(['name', 'phone'])
    .where('id', '=', supplierId)
    .where('tenantId', '=', tenantId)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  if (!s) throw badRequest('供应商不存在', { supplierId: '供应商不存在' });
  return s;
}
