import type { WorkflowFixture } from './index.js';
import { demoTokens, twoDemoSuppliers } from '../harness.js';

/**
 * 供应商变更 (§5): supplier1 (华东精密) asks to change a contact's e-mail, which is no critical
 * field (CHG-3: no evidence, a buyer approves), in drafts it saves itself (no generic add) and
 * submits or withdraws; supplier2 is the other supplier. CHG-1 allows one request in approval per
 * supplier, so each new draft first closes the earlier ones still in approval (their approvals too).
 */
export const supplierChangeFixture: WorkflowFixture = async (s) => {
  const { approvedId } = await twoDemoSuppliers(s);
  const [, buyer, supplier1, supplier2] = await demoTokens(s);
  const current = (await s.request<Record<string, unknown>>('GET', '/supplierChange/current', { token: supplier1 }))
    .body.result;
  const contacts = current.contacts as Record<string, unknown>[];
  let n = 0;
  const values = () => ({
    ...current,
    contacts: contacts.map((c, i) => (i === 0 ? { ...c, email: `wf-contract-${n}@example.com` } : c)),
    reason: '联系人邮箱变更',
  });
  const draft = async () => {
    const db = s.ctx.db;
    const open = await db
      .selectFrom('supplierChangeRequest')
      .select('id')
      .where('supplierId', '=', approvedId)
      .where('status', '=', 'SUBMITTED')
      .execute();
    if (open.length) {
      const ids = open.map((o) => o.id);
      await db.updateTable('supplierChangeRequest').set({ status: 'WITHDRAWN' }).where('id', 'in', ids).execute();
      await db
        .updateTable('approvalInstance')
        .set({ status: 'WITHDRAWN' })
        .where('docId', 'in', ids)
        .where('status', '=', 'RUNNING')
        .execute();
    }
    n += 1;
    const res = await s.request<{ id: string }>('POST', '/supplierChange/saveDraft', {
      token: supplier1,
      body: values(),
    });
    if (!res.body.success) throw new Error(`draft: ${res.body.message}`);
    return res.body.result.id;
  };
  return {
    internal: buyer,
    internalUsername: 'buyer',
    supplier: supplier1,
    supplierUsername: 'supplier1',
    otherSupplier: supplier2,
    draftValues: values,
    draft,
    take: (action) => ({ token: supplier1, body: action === 'submit' ? values() : {} }),
  };
};
