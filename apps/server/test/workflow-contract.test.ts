import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  add,
  DEMO_PASSWORD,
  lineFieldKey,
  lineInputFields,
  multiply,
  permissionCode,
  resources,
  WORKFLOW_STALE,
  workflowPermission,
  workflowInternalSees,
  workflowRefusal,
  workflowSupplierSees,
  type PageResult,
  type ResourceDef,
  type WorkflowTransitionDef,
} from '@procura/shared';
import type { Actor } from '../src/core/access.js';
import { newId } from '../src/core/ids.js';
import { serverNowIso } from '../src/core/clock.js';
import { createUser } from '../src/seed/seed.js';
import { runTransition } from '../src/workflow/transition.js';
import { startTestServer, type TestServer } from './harness.js';
import { workflowFixtures, type WorkflowActors } from './workflow-fixtures/index.js';

/**
 * The contract every workflow document keeps (issue 17), run over every resource definition
 * with a `workflow`: each transition allowed from its states and refused from the others, the
 * compare-and-swap, the reason, draft-only edit and delete, a supplier's
 * isolation, 403 without the code, the status log and audit rows, the status tabs and the
 * export. A new document is tested by being defined and given a fixture (workflow-fixtures/).
 */
const documents = Object.values(resources).filter((r) => r.workflow);

let s: TestServer;
let nobody: string;
beforeAll(async () => {
  s = await startTestServer();
  await s.ctx.db
    .insertInto('sysRole')
    .values({
      id: newId(),
      roleName: '无权限',
      roleCode: 'workflow_nobody',
      description: null,
      createBy: 'test',
      createTime: serverNowIso(),
      updateBy: null,
      updateTime: null,
    })
    .execute();
  await createUser(s.ctx.db, {
    username: 'workflow_nobody',
    realname: '无权限用户',
    password: DEMO_PASSWORD,
    roleCode: 'workflow_nobody',
  });
  nobody = await s.login('workflow_nobody');
});
afterAll(async () => s?.close());

it('there is at least one workflow document, and each has a fixture', () => {
  expect(documents.length).toBeGreaterThan(0);
  for (const def of documents) expect(workflowFixtures[def.key], `fixture of ${def.key}`).toBeDefined();
});

/** The SYSTEM transitions an approval hand-over fires (`approval.approved`, `.rejected`): the engine's outcome. */
function approvalOutcomes(def: ResourceDef): Set<string> {
  const out = new Set<string>();
  for (const t of Object.values<WorkflowTransitionDef>(def.workflow!.def.transitions))
    if (t.approval) for (const a of [t.approval.approved ?? 'approved', t.approval.rejected ?? 'rejected']) out.add(a);
  return out;
}

/** The shortest path of user transitions (and approval outcomes) from the draft state to every reachable state. */
function pathsOf(def: ResourceDef): Record<string, string[]> {
  const wf = def.workflow!;
  const outcomes = approvalOutcomes(def);
  const paths: Record<string, string[]> = { [wf.editable[0]!]: [] };
  const queue = [wf.editable[0]!];
  while (queue.length) {
    const state = queue.shift()!;
    for (const [action, t] of Object.entries<WorkflowTransitionDef>(wf.def.transitions)) {
      if ((t.side === 'SYSTEM' && !outcomes.has(action)) || !t.from.includes(state) || t.to in paths) continue;
      // A transition that may also stay where it is (a short-close, in delivery or from CONFIRMED into it) is
      // an action on the document rather than the way into its state: the states are reached without it.
      if (t.from.includes(t.to)) continue;
      paths[t.to] = [...paths[state]!, action];
      queue.push(t.to);
    }
  }
  return paths;
}

describe.each(documents.map((d) => [d.key, d] as const))('%s', (_key, def) => {
  const wf = def.workflow!;
  const transitions = Object.entries<WorkflowTransitionDef>(wf.def.transitions).filter(([, t]) => t.side !== 'SYSTEM');
  const paths = pathsOf(def);
  const outcomes = approvalOutcomes(def);
  const rejections = new Set(
    Object.values<WorkflowTransitionDef>(wf.def.transitions).flatMap((t) =>
      t.approval ? [t.approval.rejected ?? 'rejected'] : [],
    ),
  );
  const api = (action: string) => `${def.path}/${action}`;
  let a: WorkflowActors;

  const draft = async () => {
    if (a.draft) return a.draft();
    const res = await s.request<{ id: string }>('POST', api('add'), { token: a.internal, body: a.draftValues() });
    expect(res.body, 'draft').toMatchObject({ success: true });
    return res.body.result.id;
  };
  const table = def.table.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
  const take = async (action: string, id: string, extra: Record<string, unknown> = {}) => {
    // An approval's outcome is the system's move, as the engine makes it (issue 17 hand-over).
    if (wf.def.transitions[action]?.side === 'SYSTEM') {
      const r = await runTransition(s.ctx.db, wf.def, { table, id, action, actor: null });
      // The engine closes the document's approval with its outcome (a rejected one is submitted anew).
      if (outcomes.has(action))
        await s.ctx.db
          .updateTable('approvalInstance')
          .set({ status: rejections.has(action) ? 'REJECTED' : 'APPROVED' })
          .where('docId', '=', id)
          .where('status', '=', 'RUNNING')
          .execute();
      return { status: 200, body: { success: true, message: r.message } };
    }
    const { token, body } = a.take(action);
    await a.before?.(action, id);
    return s.request('POST', api(action), { token, body: { ...body, ...extra, id } });
  };
  const at = async (state: string) => {
    const id = await draft();
    for (const action of paths[state]!) expect((await take(action, id)).body, action).toMatchObject({ success: true });
    return id;
  };
  // As stored: a state the internal side does not see (a supplier's draft) has a status too.
  const statusOf = async (id: string) =>
    (
      (await (s.ctx.db as unknown as Kysely<any>) // eslint-disable-line @typescript-eslint/no-explicit-any
        .selectFrom(table)
        .select('status')
        .where('id', '=', id)
        .executeTakeFirst()) as { status: string } | undefined
    )?.status;
  const listIds = async (token: string) =>
    (
      await s.request<PageResult<{ id: string }>>('GET', `${api('list')}?pageSize=200`, { token })
    ).body.result.records.map((r) => r.id);

  beforeAll(async () => {
    a = await workflowFixtures[def.key]!(s);
  });

  it('every state is reached from the draft by user transitions', () => {
    const unreached = Object.keys(wf.def.states).filter((st) => !(st in paths));
    // States only the system enters (approval outcomes) are left to the module's own tests.
    for (const st of unreached)
      expect(
        // A transition that stays where it is (a short-close in delivery) enters no state.
        transitions.some(([, t]) => t.to === st && !t.from.includes(st)),
        `${st} is entered by a user transition but not reached`,
      ).toBe(false);
  });

  describe('each transition from its states, and refused from the others with a clear message', () => {
    it.each(transitions)('%s', async (action, rule) => {
      for (const state of Object.keys(paths)) {
        const id = await at(state);
        const res = await take(action, id);
        if (rule.from.includes(state)) {
          expect(res.body, `${action} from ${state}`).toMatchObject({ success: true, message: rule.done });
          expect(await statusOf(id)).toBe(rule.to);
        } else {
          // A supplier does not see a document in a hidden state: not found rather than the refusal.
          const hidden = rule.side === 'SUPPLIER' && !workflowSupplierSees(wf.def, state);
          const expected = hidden ? `${wf.def.label}不存在` : workflowRefusal(wf.def, action, state);
          expect(res.body, `${action} from ${state}`).toMatchObject({ success: false, message: expected });
          expect(await statusOf(id)).toBe(state);
        }
      }
    });
  });

  it('X-4: two concurrent transitions: exactly one wins, the other is told 状态已变化', async () => {
    // An internal user's move of the draft, or its supplier's when the supplier moves its own drafts.
    const fromDraft = (side: string) =>
      transitions.find(([, t]) => t.side === side && t.from.includes(wf.editable[0]!));
    const [action, rule] = (fromDraft('INTERNAL') ?? fromDraft('SUPPLIER'))!;
    const id = await draft();
    const user = await s.ctx.db
      .selectFrom('sysUser')
      .select(['id', 'username', 'realname', 'isShow', 'userType', 'supplierId', 'relTenantIds'])
      .where('username', '=', rule.side === 'SUPPLIER' ? a.supplierUsername! : a.internalUsername)
      .executeTakeFirstOrThrow();
    const db = s.ctx.db as unknown as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    const { tenantId } = await db.selectFrom(table).select('tenantId').where('id', '=', id).executeTakeFirstOrThrow();
    const actor: Actor = {
      user: { ...user, realname: user.realname ?? '', relTenantIds: user.relTenantIds ?? '', sessionId: 'test' },
      tenantId: Number(tenantId),
      ip: '127.0.0.1',
    };
    const go = () =>
      runTransition(s.ctx.db, wf.def, { table, id, action, actor, reason: 'x' }).then(
        (r) => r.message,
        (e: Error) => `refused: ${e.message}`,
      );
    expect((await Promise.all([go(), go()])).sort()).toEqual([rule.done, `refused: ${WORKFLOW_STALE}`].sort());
    // The move is logged once (beside a draft's own `create` row, when its module writes one).
    expect(
      await s.ctx.db
        .selectFrom('sysDocLog')
        .select('action')
        .where('docId', '=', id)
        .where('action', '<>', 'create')
        .execute(),
    ).toEqual([{ action }]);
    // Over HTTP too: one of two concurrent requests moves the document.
    const other = await draft();
    const results = await Promise.all([take(action, other), take(action, other)]);
    expect(results.filter((r) => r.body.success)).toHaveLength(1);
    expect([WORKFLOW_STALE, workflowRefusal(wf.def, action, rule.to)]).toContain(
      results.find((r) => !r.body.success)!.body.message,
    );
  });

  it('a transition that needs a reason is refused without one', async () => {
    for (const [action, rule] of transitions.filter(([, t]) => t.reason)) {
      const state = rule.from.find((f) => f in paths);
      // Taken only from states the system enters: the module's own tests refuse it without a reason.
      if (!state) continue;
      const id = await at(state);
      const res = await take(action, id, { reason: '  ' });
      expect(res.body, action).toMatchObject({ success: false, message: `请填写${rule.reasonLabel ?? '原因'}` });
      expect(await statusOf(id)).toBe(state);
    }
  });

  it('X-3, X-13: edited and deleted only in the editable states', async () => {
    const moved = Object.keys(paths).find((st) => !wf.editable.includes(st))!;
    const id = await at(moved);
    const states = wf.editable.map((e) => (wf.def.states as Record<string, { text: string }>)[e]!.text).join('或');
    if (def.capabilities.edit) {
      const edit = await s.request('PUT', api('edit'), { token: a.internal, body: { id } });
      expect(edit.body).toMatchObject({ success: false, message: `只有${states}状态的${def.label}可以修改` });
    }
    if (def.capabilities.delete) {
      const del = await s.request('DELETE', `${api('delete')}?id=${id}`, { token: a.internal });
      expect(del.body.success).toBe(false);
      expect(del.body.message).toContain(`只有${states}状态的${def.label}可以删除`);
      expect(await statusOf(id)).toBe(moved);
      const mine = await draft();
      expect((await s.request('DELETE', `${api('delete')}?id=${mine}`, { token: a.internal })).body.success).toBe(true);
    }
  });

  const sets = Object.entries(wf.lines ?? {});
  const queryById = async (id: string) =>
    (await s.request<Record<string, unknown>>('GET', `${api('queryById')}?id=${id}`, { token: a.internal })).body
      .result;
  const inputs = (rows: unknown) =>
    (rows as Record<string, unknown>[]).map((r) =>
      Object.fromEntries(Object.entries(r).filter(([k, v]) => k !== 'id' && v !== null && v !== undefined)),
    );

  it.runIf(sets.length > 0 && def.capabilities.edit)(
    'lines: a draft edit replaces the lines; queryById returns them in order',
    async () => {
      const id = await draft();
      const given = a.draftValues();
      const before = await queryById(id);
      for (const [name, set] of sets) {
        const rows = before[name] as Record<string, unknown>[];
        expect(rows.length, name).toBe((given[name] as unknown[]).length);
        // The input values come back as sent; the products are computed.
        for (const [i, sent] of (given[name] as Record<string, unknown>[]).entries())
          for (const [field, value] of Object.entries(sent))
            expect(rows[i]![field], `${name}[${i}].${field}`).toBe(value);
        for (const [field, [x, y]] of Object.entries(set.products ?? {}))
          for (const r of rows) expect(r[field]).toBe(multiply(String(r[x]), String(r[y]), 2));
      }
      // Fewer lines (the fixture's edit, or the first line of each set): the others are gone.
      const body =
        a.editedLines?.() ?? Object.fromEntries(sets.map(([name]) => [name, (given[name] as unknown[]).slice(0, 1)]));
      const edit = await s.request('PUT', api('edit'), { token: a.internal, body: { id, ...body } });
      expect(edit.body).toMatchObject({ success: true });
      const after = await queryById(id);
      for (const [name] of sets) {
        const sent = body[name] as Record<string, unknown>[];
        expect(inputs(after[name]).length, name).toBe(sent.length);
        for (const [i, line] of sent.entries())
          for (const [field, value] of Object.entries(line)) expect(inputs(after[name])[i]![field]).toBe(value);
      }
      for (const [field, t] of Object.entries(wf.totals ?? {}))
        expect(after[field], field).toBe(
          add(
            (after[t!.lines] as Record<string, unknown>[]).map((r) => String(r[t!.field] ?? '0')),
            t!.places ?? 2,
          ),
        );
    },
  );

  it.runIf(sets.length > 0 && def.capabilities.edit)(
    'lines: a bad cell gives its field error (lines[i].field) and changes nothing',
    async () => {
      const id = await draft();
      const before = await queryById(id);
      for (const [name, set] of sets) {
        const [field] = lineInputFields(set).find(([, f]) => f.type === 'decimal' || f.type === 'date') ?? [];
        if (!field) continue;
        const rows = (a.draftValues()[name] as Record<string, unknown>[]).map((r) => ({ ...r }));
        rows[rows.length - 1]![field] = 'abc';
        const res = await s.request<{ errors: Record<string, string> }>('PUT', api('edit'), {
          token: a.internal,
          // A header change beside the bad cell, when the document has a title (an order has none).
          body: { id, ...('title' in def.fields ? { title: 'changed' } : {}), [name]: rows },
        });
        const key = lineFieldKey(name, rows.length - 1, field);
        expect(res.status, key).toBe(400);
        expect(Object.keys(res.body.result.errors), key).toContain(key);
        expect(res.body.message).toContain(set.fields[field]!.label);
      }
      expect(await queryById(id)).toEqual(before);
    },
  );

  it.runIf(sets.length > 0 && def.capabilities.edit)(
    'lines: refused outside the editable states, the lines unchanged (X-3)',
    async () => {
      const moved = Object.keys(paths).find((st) => !wf.editable.includes(st))!;
      const id = await at(moved);
      const before = await queryById(id);
      const [name] = sets[0]!;
      const res = await s.request('PUT', api('edit'), {
        token: a.internal,
        body: { id, [name]: (a.draftValues()[name] as unknown[]).slice(0, 1) },
      });
      expect(res.body.success).toBe(false);
      expect((await queryById(id))[name]).toEqual(before[name]);
    },
  );

  it('X-5: another supplier gets not-found; a hidden state is invisible to the own supplier', async () => {
    if (!wf.supplierField || !a.supplier || !a.otherSupplier) {
      // Internal documents: no supplier user sees any.
      return;
    }
    const visible = Object.keys(paths).find((st) => workflowSupplierSees(wf.def, st))!;
    const id = await at(visible);
    const other = a.otherSupplier;
    expect((await s.request('GET', `${api('queryById')}?id=${id}`, { token: other })).status).toBe(404);
    expect((await s.request('GET', `${api('logs')}?id=${id}`, { token: other })).status).toBe(404);
    expect(await listIds(other)).not.toContain(id);
    expect(await listIds(a.supplier)).toContain(id);
    for (const [action, rule] of transitions.filter(([, t]) => t.side === 'SUPPLIER' && t.from.includes(visible))) {
      const res = await s.request('POST', api(action), { token: other, body: { ...a.take(action).body, id } });
      expect(res.body, action).toMatchObject({ success: false, message: `${wf.def.label}不存在` });
      expect(await statusOf(id), rule.label).toBe(visible);
    }
    // A state the internal side does not see (a supplier's unsent draft): not found for it, counted 0 in its tabs.
    const unsent = Object.keys(paths).find((st) => !workflowInternalSees(wf.def, st));
    if (unsent) {
      const mine = await at(unsent);
      expect((await s.request('GET', `${api('queryById')}?id=${mine}`, { token: a.internal })).status).toBe(404);
      expect((await s.request('GET', `${api('logs')}?id=${mine}`, { token: a.internal })).status).toBe(404);
      expect(await listIds(a.internal)).not.toContain(mine);
      expect(await listIds(a.supplier)).toContain(mine);
      const counts = await s.request<Record<string, number>>('GET', api('statusCount'), { token: a.internal });
      expect(counts.body.result[unsent]).toBe(0);
    }
    const hiddenState = Object.keys(paths).find((st) => !workflowSupplierSees(wf.def, st));
    if (hiddenState) {
      const hidden = await at(hiddenState);
      expect((await s.request('GET', `${api('queryById')}?id=${hidden}`, { token: a.supplier })).status).toBe(404);
      expect(await listIds(a.supplier)).not.toContain(hidden);
      const counts = await s.request<Record<string, number>>('GET', api('statusCount'), { token: a.supplier });
      expect(counts.body.result[hiddenState]).toBe(0);
    }
  });

  it('403 without the permission code', async () => {
    const id = await draft();
    for (const [action] of transitions) {
      const res = await s.request('POST', api(action), { token: nobody, body: { id } });
      expect(res.status, workflowPermission(wf.def, action)).toBe(403);
    }
    expect((await s.request('GET', `${api('logs')}?id=${id}`, { token: nobody })).status).toBe(403);
    expect((await s.request('GET', api('statusCount'), { token: nobody })).status).toBe(403);
    expect(permissionCode(def, 'list')).toBe(`${def.permission}:list`);
  });

  it('each transition writes a status-log row and a chained audit entry; the timeline shows them', async () => {
    const [last, path] = Object.entries(paths).sort((x, y) => y[1].length - x[1].length)[0]!;
    const id = await at(last);
    const logs = await s.ctx.db
      .selectFrom('sysDocLog')
      .selectAll()
      .where('docId', '=', id)
      .orderBy('createdTime')
      .orderBy('id')
      .execute();
    const moves = logs.filter((l) => l.action !== 'create');
    expect(moves.map((l) => `${l.docType}:${l.action}`)).toEqual(path.map((p) => `${wf.def.docType}:${p}`));
    const chain = await s.ctx.db
      .selectFrom('sysAuditChain')
      .selectAll()
      .where('docId', '=', id)
      .orderBy('seq')
      .execute();
    expect(chain.map((c) => c.action).filter((c) => c !== 'create')).toEqual(path);
    expect(new Set(chain.map((c) => c.tenantId)).size).toBe(1);
    const timeline = await s.request<{ action: string; toStatus: string }[]>('GET', `${api('logs')}?id=${id}`, {
      token: a.internal,
    });
    expect(timeline.body.result.map((l) => l.action).filter((l) => l !== 'create')).toEqual(path);
    expect(timeline.body.result.at(-1)?.toStatus ?? wf.editable[0]).toBe(last);
  });

  it('the status tabs count what the list shows, under the same filters', async () => {
    const ids = [await draft(), await at(Object.keys(paths)[1] ?? wf.editable[0]!)];
    const counts = (await s.request<Record<string, number>>('GET', api('statusCount'), { token: a.internal })).body
      .result;
    expect(Object.keys(counts).sort()).toEqual(Object.keys(wf.def.states).sort());
    for (const state of Object.keys(wf.def.states)) {
      const page = await s.request<PageResult<unknown>>('GET', `${api('list')}?${wf.status}=${state}&pageSize=1`, {
        token: a.internal,
      });
      expect(counts[state], state).toBe(page.body.result.total);
    }
    // The status filter itself does not narrow the tabs.
    const filtered = await s.request<Record<string, number>>('GET', `${api('statusCount')}?${wf.status}=NONE`, {
      token: a.internal,
    });
    expect(filtered.body.result).toEqual(counts);
    expect(ids).toHaveLength(2);
  });

  it.runIf(def.capabilities.export)('exports what the list shows, a supplier only its own', async () => {
    const id = await at(
      Object.keys(paths).find((st) => workflowSupplierSees(wf.def, st) && workflowInternalSees(wf.def, st))!,
    );
    const code = String(
      (await s.request<Record<string, unknown>>('GET', `${api('queryById')}?id=${id}`, { token: a.internal })).body
        .result.code ?? id,
    );
    const sheet = async (token: string) => {
      const res = await fetch(`${s.base}${api('exportXls')}`, { headers: { 'X-Access-Token': token } });
      expect(res.status).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(await res.arrayBuffer());
      return JSON.stringify(book.worksheets[0]!.getSheetValues());
    };
    expect(await sheet(a.internal)).toContain(code);
    if (wf.supplierField && a.supplier && a.otherSupplier) {
      expect(await sheet(a.supplier)).toContain(code);
      expect(await sheet(a.otherSupplier)).not.toContain(code);
    }
  });
});
