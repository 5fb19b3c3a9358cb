import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftRfq, sourcingWorld, type SourcingWorld } from './sourcing-fixture.js';

/** The invite picker offers only suppliers the invite admits (SRC-3, X-15): no pending, frozen or potential ones where refused. */
let w: SourcingWorld;
beforeAll(async () => {
  w = await sourcingWorld();
});
afterAll(async () => w?.close());

const candidates = async (url: string, id: string, token = w.buyer) => {
  const res = await w.s.request<{ id: string; code: string; name: string }[]>('GET', `${url}?id=${id}`, { token });
  return res;
};
const setStatus = (id: string, status: string) =>
  w.s.ctx.db.updateTable('supplier').set({ status }).where('id', '=', id).execute();

describe('GET /srm/sourcing/event/inviteCandidates', () => {
  it('leaves out suppliers whose admission is pending, frozen ones, and potential ones unless the event admits them', async () => {
    const id = await draftRfq(w);
    const pending = w.supId[1];
    await setStatus(pending, 'PENDING_REVIEW');
    try {
      const res = await candidates('/srm/sourcing/event/inviteCandidates', id);
      expect(res.status).toBe(200);
      const ids = res.body.result.map((s) => s.id);
      expect(ids).toEqual(expect.arrayContaining([w.supId[0], w.supId[2]]));
      expect(ids).not.toContain(pending);
      expect(ids).not.toContain(w.frozenId);

      await setStatus(pending, 'POTENTIAL');
      expect((await candidates('/srm/sourcing/event/inviteCandidates', id)).body.result.map((s) => s.id)).not.toContain(
        pending,
      );
      const open = await draftRfq(w, { eligibility: 'POTENTIAL_OR_BETTER' });
      expect((await candidates('/srm/sourcing/event/inviteCandidates', open)).body.result.map((s) => s.id)).toContain(
        pending,
      );
      // The same list serves the tender's picker, behind the tender's permission.
      expect((await candidates('/srm/tender/inviteCandidates', id)).body.result.map((s) => s.id)).not.toContain(
        w.frozenId,
      );
      expect((await candidates('/srm/sourcing/event/inviteCandidates', id, w.sup[0])).status).toBe(403);
    } finally {
      await setStatus(pending, 'QUALIFIED');
    }
  });
});
