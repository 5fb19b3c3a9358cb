import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import {
  columnOf,
  ok,
  permissionCode,
  workflowPermission,
  type ResourceDef,
  type ResourceWorkflow,
} from '@procura/shared';
import type { AppContext } from '../app-context.js';
import { actorOf, type Actor } from '../core/access.js';
import { businessError, notFound } from '../core/errors.js';
import { applyListQuery } from '../core/paging.js';
import type { Db } from '../db/database.js';
import { id as wireIdSchema, text } from '../http/wire.js';
import { documentLog } from '../workflow/doc-log.js';
import { runTransition, type WorkflowRow } from '../workflow/transition.js';
import { listFieldsOf, type AnyQuery } from './resource-query.js';

/**
 * The generic routes of a workflow document (issue 17), mounted by `resourceRoutes` for a
 * definition with `workflow`: one `POST <path>/<action>` per user transition (the module's
 * hooks add values, checks and follow-ups), the status log, the counts of the status tabs,
 * the draft-only edit and delete, and X-5 supplier isolation of every read.
 */

/** The document row as `runTransition` reads it (camelCase columns). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each module reads its own columns
export type DocRow = WorkflowRow & Record<string, any>;

/** What a transition's hook adds to the common path. */
export type TransitionStep<R extends DocRow = DocRow> = {
  /** Columns set together with the status. */
  patch?: Record<string, unknown>;
  /** Rule-cited refusals, after the state checks, inside the transaction. */
  guard?(row: R, trx: Db): Promise<void> | void;
  /** Follow-ups in the same transaction (notices, hand-overs). */
  after?(row: R, trx: Db): Promise<void> | void;
  /** What the caller is told once committed, when more than the definition's message (an approval's outcome). */
  reply?(): { result?: unknown; message?: string } | Promise<{ result?: unknown; message?: string }>;
};

/** One transition's module hook: extra body values and what to do with them. */
export type TransitionHook<R extends DocRow = DocRow> = {
  /** The values beyond `{ id, reason }`. */
  body?: z.ZodRawShape;
  /** The route's description. */
  summary?: string;
  /**
   * The module mounts `POST <path>/<action>` itself: its body is more than a reason (a change
   * request is submitted with its values, a new one at once) and it runs the transition.
   */
  mounted?: boolean;
  /** Checks the values (before the state checks, as a form would) and says what to write. */
  prepare?(
    input: Record<string, unknown>,
    actor: Actor,
    request: FastifyRequest,
  ): TransitionStep<R> | Promise<TransitionStep<R>>;
};

export type TransitionHooks<R extends DocRow = DocRow> = {
  actions?: Partial<Record<string, TransitionHook<R>>>;
  /** Runs after every transition, in its transaction (notices). */
  after?(row: R, action: string, trx: Db, input: Record<string, unknown>): Promise<void> | void;
};

/** A typed transition hook: `input` carries `id`, `reason` and the values of `body`. */
export function transitionHook<S extends z.ZodRawShape, R extends DocRow = DocRow>(
  body: S,
  prepare: (
    input: z.infer<z.ZodObject<S>> & { id: string; reason?: string },
    actor: Actor,
    request: FastifyRequest,
  ) => TransitionStep<R> | Promise<TransitionStep<R>>,
  summary?: string,
): TransitionHook<R> {
  return { body, summary, prepare: (input, actor, request) => prepare(input as never, actor, request) };
}

/** `srm_sample_request` → `srmSampleRequest`: the camelCase table name `runTransition` writes. */
export const camelTable = (table: string) => table.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

const statusColumn = (def: ResourceDef, wf: ResourceWorkflow) => `t.${columnOf(wf.status, def.fields[wf.status]!)}`;

/**
 * a supplier user sees only its own documents, and only in the states it may see; internal
 * users see theirs in the states they may see (not a supplier's unsent draft).
 */
export function supplierScope(def: ResourceDef, query: AnyQuery, request: FastifyRequest): AnyQuery {
  const wf = def.workflow;
  const supplierId = request.user?.supplierId;
  if (!wf) return query;
  if (!supplierId) {
    const seen = wf.def.internalVisibleFrom;
    return seen ? query.where(sql.ref(statusColumn(def, wf)), 'in', [...seen]) : query;
  }
  if (!wf.supplierField) return query.where(sql<boolean>`1 = 0`);
  let q = query.where(sql.ref(`t.${columnOf(wf.supplierField, def.fields[wf.supplierField]!)}`), '=', supplierId);
  const visible = wf.def.supplierVisibleFrom;
  if (visible) q = q.where(sql.ref(statusColumn(def, wf)), 'in', [...visible]);
  return q;
}

/** The states' names joined for a refusal: 草稿 or 草稿或已退回. */
const editableText = (wf: ResourceWorkflow) =>
  wf.editable.map((s) => (wf.def.states as Record<string, { text: string }>)[s]?.text ?? s).join('或');

/** a document is edited and deleted in its editable states only. */
export function assertEditable(def: ResourceDef, rows: Record<string, unknown>[], verb: 'edit' | 'delete'): void {
  const wf = def.workflow;
  if (!wf) return;
  const posted = rows.find((r) => !wf.editable.includes(String(r[wf.status])));
  if (!posted) return;
  const what = `只有${editableText(wf)}状态的${def.label}可以${verb === 'edit' ? '修改' : '删除'}`;
  const code = typeof posted.code === 'string' ? posted.code : '';
  throw businessError(verb === 'delete' && code ? `${what}，${code} 不能删除` : what);
}

/**
 * Mounts the transition, log and status-count routes. `read` is the resource's scoped read (tenant,
 * module scope, X-5); `listScope` the list's query with data rules and configurable-field filters.
 */
export function mountWorkflowRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  def: ResourceDef,
  hooks: TransitionHooks,
  read: (request: FastifyRequest) => AnyQuery,
  listScope: (request: FastifyRequest, params: Record<string, unknown>) => Promise<AnyQuery>,
): void {
  const wf = def.workflow!;
  const tags = [def.label];
  const table = camelTable(def.table);
  const list = { access: { permission: permissionCode(def, 'list') } };

  for (const [action, rule] of Object.entries(wf.def.transitions)) {
    const hook = hooks.actions?.[action];
    // Jobs and approval outcomes call runTransition themselves; so does a module mounting its own route.
    if (rule.side === 'SYSTEM' || hook?.mounted) continue;
    const body = z.object({
      id: wireIdSchema,
      reason: text(500, rule.reasonLabel ?? '原因').optional(),
      ...hook?.body,
    });
    app.post(
      `${def.path}/${action}`,
      {
        schema: { tags, summary: hook?.summary ?? `${rule.label ?? action}${def.label}`, body },
        config: { access: { permission: workflowPermission(wf.def, action) } },
      },
      async (request) => {
        const input = request.body as Record<string, unknown> & { id: string; reason?: string };
        const actor = actorOf(request);
        const step = (await hook?.prepare?.(input, actor, request)) ?? {};
        const { message } = await runTransition<DocRow, string>(ctx.db, wf.def, {
          table,
          id: input.id,
          action,
          actor,
          reason: input.reason?.trim() || null,
          guard: step.guard,
          patch: step.patch,
          after: async (row, trx) => {
            await step.after?.(row, trx);
            await hooks.after?.(row, action, trx, input);
          },
        });
        request.log.info({ event: 'workflow.transition', doc: wf.def.docType, action, id: input.id }, 'moved');
        const reply = await step.reply?.();
        return ok(reply?.result ?? null, reply?.message ?? message);
      },
    );
  }

  app.get(
    `${def.path}/logs`,
    { schema: { tags, summary: `${def.label}状态日志`, querystring: z.object({ id: wireIdSchema }) }, config: list },
    async (request) => {
      const { id } = request.query as { id: string };
      const row = await read(request).where(sql.ref('t.id'), '=', id).executeTakeFirst();
      if (!row) throw notFound(`${wf.def.label}不存在`);
      return ok(await documentLog(ctx.db, wf.def, id));
    },
  );

  // The status tabs: counts per status under the list's filters and scope, the status filter itself aside.
  app.get(
    `${def.path}/statusCount`,
    { schema: { tags, summary: `${def.label}各状态数量` }, config: list },
    async (request) => {
      const { [wf.status]: _status, ...params } = request.query as Record<string, unknown>;
      const fields = listFieldsOf(def);
      const { filtered } = applyListQuery(ctx.kind, await listScope(request, params), params, fields, {
        column: 't.create_time',
        order: 'desc',
      });
      const column = statusColumn(def, wf);
      const rows = (await filtered
        .clearSelect()
        .select(sql.ref(column).as('status'))
        .select(sql<string | number>`count(*)`.as('total'))
        .groupBy(sql.ref(column))
        .execute()) as { status: string; total: string | number }[];
      const counts: Record<string, number> = Object.fromEntries(Object.keys(wf.def.states).map((s) => [s, 0]));
      for (const r of rows) counts[r.status] = Number(r.total);
      return ok(counts);
    },
  );
}
