import { requisitionWorkflow } from '@procura/shared';
import { documentLog } from '../../workflow/doc-log.js';
import { escapeLike } from '../../core/paging.js';
import type { Db } from '../../db/database.js';
import { latestApprovalOf } from '../approval/index.js';
import { CONSUMABLE, PR_DOC_TYPE, type Requisition, type RequisitionLine } from './requisition-service.js';

/** The reads behind the requisition pages: the list, a requisition's names and history, the pickers. */

/** What the detail page shows beside the requisition: names, the approval and the status log. */
export async function requisitionContext(db: Db, r: Requisition, lines: RequisitionLine[], tenantId: number) {
  const userIds = [r.requesterId, r.buyerId].filter((v): v is string => !!v);
  const users = new Map(
    (await db.selectFrom('sysUser').select(['id', 'realname']).where('id', 'in', userIds).execute()).map((u) => [
      u.id,
      u.realname,
    ]),
  );
  const categoryIds = [...new Set(lines.map((l) => l.categoryId).filter((v): v is string => !!v))];
  const categories = new Map(
    categoryIds.length
      ? (
          await db.selectFrom('srmMaterialCategory').select(['id', 'name']).where('id', 'in', categoryIds).execute()
        ).map((c) => [c.id, c.name])
      : [],
  );
  const supplierIds = [...new Set(lines.map((l) => l.suggestedSupplierId).filter((v): v is string => !!v))];
  const suppliers = new Map(
    supplierIds.length
      ? (await db.selectFrom('supplier').select(['id', 'name']).where('id', 'in', supplierIds).execute()).map((s) => [
          s.id,
          s.name,
        ])
      : [],
  );
  const instances = await db
    .selectFrom('approvalInstance')
    .select(['id', 'status'])
    .where('docType', '=', PR_DOC_TYPE)
    .where('docId', '=', r.id)
    .where('tenantId', '=', tenantId)
    .execute();
  const history = instances.length
    ? await db
        .selectFrom('approvalHistory as h')
        .leftJoin('sysUser as u', 'u.id', 'h.actorId')
        .select(['h.id', 'h.instanceId', 'h.action', 'h.step', 'h.comment', 'h.at', 'u.realname as actorName'])
        .where(
          'h.instanceId',
          'in',
          instances.map((i) => i.id),
        )
        .orderBy('h.at')
        .orderBy('h.id')
        .execute()
    : [];
  const latest = await latestApprovalOf(db, PR_DOC_TYPE, r.id);
  const logs = await documentLog(db, requisitionWorkflow, r.id);
  return { users, categories, suppliers, history, latest, logs };
}

/** The leaf categories and internal buyers a new requisition may name. */
export async function requisitionOptions(db: Db, tenantId: number) {
  const categories = await db
    .selectFrom('srmMaterialCategory')
    .select(['id', 'code', 'name'])
    .where('tenantId', '=', tenantId)
    .where('isLeaf', '=', 1)
    .where('status', '=', 'ACTIVE')
    .orderBy('code')
    .limit(2000)
    .execute();
  const buyers = await db
    .selectFrom('sysUser')
    .select(['id', 'username', 'realname'])
    .where('userType', '<>', 2)
    .where('delFlag', '=', 0)
    .where('status', '=', 1)
    .orderBy('username')
    .limit(500)
    .execute();
  return { categories, buyers };
}

/** The material picker: ACTIVE materials only (MAT-3), by code or name. */
export async function activeMaterials(db: Db, tenantId: number, keyword: string | undefined) {
  let q = db
    .selectFrom('srmMaterial')
    .select(['id', 'code', 'name', 'spec', 'unit', 'categoryId'])
    .where('tenantId', '=', tenantId)
    .where('status', '=', 'ACTIVE');
  if (keyword) {
    const pattern = `%${escapeLike(keyword)}%`;
    q = q.where((eb) => eb.or([eb('code', 'like', pattern), eb('name', 'like', pattern)]));
  }
  return q.orderBy('code').limit(50).execute();
}

/** PR-6: lines of approved, uncancelled requisitions still open or in sourcing (remaining checked by the caller). */
export async function openLines(db: Db, tenantId: number, filter: { code?: string; keyword?: string }) {
  let q = db
    .selectFrom('purchaseRequisitionLine as l')
    .innerJoin('purchaseRequisition as r', 'r.id', 'l.requisitionId')
    .selectAll('l')
    .select(['r.code', 'r.title', 'r.buyerId', 'r.currency', 'r.purchaseType'])
    .where('r.tenantId', '=', tenantId)
    .where('r.delFlag', '=', 0)
    .where('r.status', 'in', CONSUMABLE)
    .where('r.cancelledAt', 'is', null)
    .where('l.lineStatus', 'in', ['OPEN', 'IN_SOURCING']);
  if (filter.code) q = q.where('r.code', 'like', `%${escapeLike(filter.code)}%`);
  if (filter.keyword) {
    const pattern = `%${escapeLike(filter.keyword)}%`;
    q = q.where((eb) =>
      eb.or([
        eb('l.materialCode', 'like', pattern),
        eb('l.materialName', 'like', pattern),
        eb('r.title', 'like', pattern),
      ]),
    );
  }
  return q.orderBy('r.code').orderBy('l.lineNo').limit(1000).execute();
}
