import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { serverNowIso, toWireDateTime } from '../../core/clock.js';
import { businessError, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { flag, id } from '../../http/wire.js';
import type { Db } from '../../db/database.js';
import {
  actorOf,
  eventFor,
  notifyBuyer,
  notifySuppliers,
  participantIds,
  supplierEventFor,
  TYPE_TEXT,
  type Actor,
  type EventRow,
} from './sourcing-service.js';

/**
 * Clarifications (澄清 / 答疑, domain §9.1, SRC-9) for every event type (RFQ, tender, auction):
 * a participant asks until the event's clarification deadline (else the response deadline);
 * the buyer answers or publishes a clarification to all participants at once, never naming the
 * asker; suppliers read the published ones and their own questions.
 *
 *   supplier GET  /srm/sourcing/supplier/clarification/list?eventId=   published + own questions
 *            POST /srm/sourcing/supplier/clarification/ask            { eventId, question }
 *   buyer    GET  /srm/sourcing/clarification/list?eventId=            all, with the asker's name
 *            POST /srm/sourcing/clarification/answer                   { id, answer, affectsResponses? }   not tenders:
 *            POST /srm/sourcing/clarification/publish                  { eventId, answer, affectsResponses? }   /srm/tender/amendment
 *
 * Other modules (tender pushing deadlines, TND-3) call `publishClarification` inside their
 * transaction after changing the event.
 */

const body = (max: number, label: string) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, `请填写${label}`)
    .max(max, `${label}不能超过${max}个字符`);

/** Event states in which participants may still ask (the window is checked by time as well). */
const ASKABLE = ['PUBLISHED', 'RUNNING', 'PAUSED'];
/** Event states after which nothing is clarified any more. */
const CLOSED = ['DRAFT', 'PENDING_APPROVAL', 'APPROVED', 'AWARDED', 'COMPLETED', 'CANCELLED', 'FAILED'];
/** Participations that hear about clarifications and may ask. */
const OUT = ['DECLINED', 'CANCELLED', 'REJECTED', 'BANNED'];

export type ClarificationKind = 'CLARIFICATION' | 'AMENDMENT';

/** The last moment questions are accepted: the clarification deadline, else the response deadline. */
export function askDeadlineOf(event: Pick<EventRow, 'responseDeadline' | 'clarificationDeadline'>): string | null {
  return event.clarificationDeadline ?? event.responseDeadline;
}

/**
 * SRC-9 / SRC-2: publishes a clarification to every participant at once, anonymised. With
 * `questionId` the participant's question gets its answer (and is published); otherwise a new
 * CLARIFICATION or AMENDMENT row is written. Notices go to all participants; the asker is never
 * named. Returns the clarification's id.
 */
export async function publishClarification(
  trx: Db,
  actor: Actor | null,
  event: EventRow,
  entry: {
    answer: string;
    kind?: ClarificationKind;
    question?: string | null;
    questionId?: string;
    affectsResponses?: boolean | number;
    files?: string | null;
  },
): Promise<string> {
  const now = serverNowIso();
  const affects = entry.affectsResponses === true || entry.affectsResponses === 1 ? 1 : 0;
  let clarificationId: string;
  if (entry.questionId) {
    const answered = await trx
      .updateTable('sourcingClarification')
      .set({ answer: entry.answer, publishedAt: now, affectsResponses: affects })
      .where('id', '=', entry.questionId)
      .where('eventId', '=', event.id)
      .where('kind', '=', 'QUESTION')
      .where('publishedAt', 'is', null)
      .executeTakeFirst();
    if (Number(answered.numUpdatedRows) !== 1) throw businessError('该问题已答复或不存在，请刷新后重试');
    clarificationId = entry.questionId;
  } else {
    clarificationId = newId();
    await trx
      .insertInto('sourcingClarification')
      .values({
        id: clarificationId,
        eventId: event.id,
        kind: entry.kind ?? 'CLARIFICATION',
        askedBySupplierId: null,
        question: entry.question ?? null,
        answer: entry.answer,
        publishedAt: now,
        affectsResponses: affects,
        files: entry.files ?? null,
        createBy: actor?.user.username ?? 'system',
        createTime: now,
      })
      .execute();
  }
  const what = TYPE_TEXT[event.type] ?? '寻源';
  await notifySuppliers(
    trx,
    event,
    await participantIds(trx, event.id),
    `${what}澄清：${event.title}`,
    affects ? '有影响报价的澄清，请查看并核对您的响应' : '有新的澄清，请查看',
  );
  return clarificationId;
}

/** A tender's answers and clarifications go through its own route: TND-3 may move its deadline, and its audit chain records them (P4). */
function assertNotTender(event: EventRow): void {
  if (event.type === 'TENDER')
    throw businessError('招标项目的答疑与澄清请在招标管理中发布（TND-3 截止时间顺延，记入审计链）');
}

type Row = {
  id: string;
  kind: string;
  askedBySupplierId: string | null;
  question: string | null;
  answer: string | null;
  publishedAt: string | null;
  affectsResponses: number;
  createTime: string;
};

const wire = (r: Row) => ({
  ...r,
  publishedAt: toWireDateTime(r.publishedAt),
  createTime: toWireDateTime(r.createTime),
});

async function rowsOf(db: Db, eventId: string): Promise<Row[]> {
  return db
    .selectFrom('sourcingClarification')
    .select(['id', 'kind', 'askedBySupplierId', 'question', 'answer', 'publishedAt', 'affectsResponses', 'createTime'])
    .where('eventId', '=', eventId)
    .orderBy('createTime')
    .orderBy('id')
    .execute();
}

export const clarificationRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const buyerTags = ['寻源（澄清）'];
    const supplierConfig = { access: { permission: 'srm:sourcing:supplier' } };
    const access = (permission: string) => ({ access: { permission }, internalOnly: true });

    app.get(
      '/srm/sourcing/supplier/clarification/list',
      {
        schema: {
          tags: buyerTags,
          summary: '供应商：已发布的澄清与本方提问（不显示提问方，SRC-9）',
          querystring: z.object({ eventId: id }),
        },
        config: supplierConfig,
      },
      async (request) => {
        const { event, participation } = await supplierEventFor(ctx.db, actorOf(request), request.query.eventId);
        const rows = (await rowsOf(ctx.db, event.id)).filter(
          (r) => r.publishedAt !== null || r.askedBySupplierId === participation.supplierId,
        );
        const deadline = askDeadlineOf(event);
        return ok({
          askDeadline: toWireDateTime(deadline),
          canAsk:
            ASKABLE.includes(event.status) &&
            !OUT.includes(participation.status) &&
            !!deadline &&
            serverNowIso() < deadline,
          // SRC-8 / SRC-9: never who asked; only "mine" for the supplier's own questions.
          records: rows.map(({ askedBySupplierId, ...r }) => ({
            ...wire({ ...r, askedBySupplierId: null }),
            mine: askedBySupplierId === participation.supplierId,
          })),
        });
      },
    );

    app.post(
      '/srm/sourcing/supplier/clarification/ask',
      {
        schema: {
          tags: buyerTags,
          summary: '供应商提问（澄清截止前，未设置时为报价截止前）',
          body: z.object({ eventId: id, question: body(2000, '问题') }),
        },
        config: supplierConfig,
      },
      async (request) => {
        const actor = actorOf(request);
        const questionId = await ctx.db.transaction().execute(async (trx) => {
          const { event, participation } = await supplierEventFor(trx, actor, request.body.eventId);
          if (OUT.includes(participation.status)) throw businessError('贵公司未参与本次寻源，不能提问');
          if (!ASKABLE.includes(event.status)) throw businessError('当前状态不能提问');
          const deadline = askDeadlineOf(event);
          if (!deadline || serverNowIso() >= deadline)
            throw businessError(`澄清提问已截止（截止时间 ${toWireDateTime(deadline)}），本次提问未保存（SRC-9）`);
          const qid = newId();
          const now = serverNowIso();
          await trx
            .insertInto('sourcingClarification')
            .values({
              id: qid,
              eventId: event.id,
              kind: 'QUESTION',
              askedBySupplierId: participation.supplierId,
              question: request.body.question,
              answer: null,
              publishedAt: null,
              affectsResponses: 0,
              files: null,
              createBy: actor.user.username,
              createTime: now,
            })
            .execute();
          await notifyBuyer(trx, event, `供应商提问：${event.title}`, '有新的澄清问题待答复');
          return qid;
        });
        return ok({ id: questionId }, '问题已提交，答复将发布给全部参与供应商');
      },
    );

    app.get(
      '/srm/sourcing/clarification/list',
      {
        schema: {
          tags: buyerTags,
          summary: '采购方：全部问题与澄清（含提问供应商）',
          querystring: z.object({ eventId: id }),
        },
        config: access('srm:sourcing:list'),
      },
      async (request) => {
        const event = await eventFor(ctx.db, actorOf(request), request.query.eventId);
        const rows = await rowsOf(ctx.db, event.id);
        const askers = [...new Set(rows.map((r) => r.askedBySupplierId).filter((s): s is string => !!s))];
        const names = askers.length
          ? await ctx.db.selectFrom('supplier').select(['id', 'name']).where('id', 'in', askers).execute()
          : [];
        return ok({
          askDeadline: toWireDateTime(askDeadlineOf(event)),
          canPublish: !CLOSED.includes(event.status),
          records: rows.map((r) => ({
            ...wire(r),
            askedBySupplierName: names.find((n) => n.id === r.askedBySupplierId)?.name ?? null,
          })),
        });
      },
    );

    app.post(
      '/srm/sourcing/clarification/answer',
      {
        schema: {
          tags: buyerTags,
          summary: '答复问题并发布给全部参与供应商（不显示提问方，SRC-9）',
          body: z.object({ id, answer: body(5000, '答复'), affectsResponses: flag.optional() }),
        },
        config: access('srm:sourcing:clarify'),
      },
      async (request) => {
        await ctx.db.transaction().execute(async (trx) => {
          const actor = actorOf(request);
          const q = await trx
            .selectFrom('sourcingClarification')
            .select(['id', 'eventId', 'kind', 'publishedAt'])
            .where('id', '=', request.body.id)
            .executeTakeFirst();
          if (!q) throw notFound('问题不存在');
          const event = await eventFor(trx, actor, q.eventId);
          if (q.kind !== 'QUESTION' || q.publishedAt) throw businessError('该问题已答复，不能重复答复');
          if (CLOSED.includes(event.status)) throw businessError('当前状态不能发布澄清');
          assertNotTender(event);
          await publishClarification(trx, actor, event, {
            questionId: q.id,
            answer: request.body.answer,
            affectsResponses: request.body.affectsResponses ?? 0,
          });
        });
        return ok(null, '答复已发布给全部参与供应商');
      },
    );

    app.post(
      '/srm/sourcing/clarification/publish',
      {
        schema: {
          tags: buyerTags,
          summary: '发布澄清（通知全部参与供应商，SRC-9）',
          body: z.object({ eventId: id, answer: body(5000, '澄清内容'), affectsResponses: flag.optional() }),
        },
        config: access('srm:sourcing:clarify'),
      },
      async (request) => {
        const clarificationId = await ctx.db.transaction().execute(async (trx) => {
          const actor = actorOf(request);
          const event = await eventFor(trx, actor, request.body.eventId);
          if (CLOSED.includes(event.status)) throw businessError('当前状态不能发布澄清');
          assertNotTender(event);
          return publishClarification(trx, actor, event, {
            answer: request.body.answer,
            affectsResponses: request.body.affectsResponses ?? 0,
          });
        });
        return ok({ id: clarificationId }, '澄清已发布给全部参与供应商');
      },
    );
  };
