import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  APPROVAL_STATUS_TEXT,
  approvalDecisionSchema,
  approvalDefinitionSaveSchema,
  approvalWithdrawSchema,
  ok,
  type ApprovalStatus,
} from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { badRequest, notFound } from '../../core/errors.js';
import { id } from '../../http/wire.js';
import { runPagedList, type ListFields } from '../../core/paging.js';
import { toWireDateTime } from '../../core/clock.js';
import { approvalDefinitions, approverOptions, saveApprovalDefinition } from './approval-definitions.js';
import { approveTask, parseSteps, rejectTask, roleCodesOf, withdrawApproval } from './approval-engine.js';
import { approvalDocType } from './approval-registry.js';

const INSTANCE_FIELDS: ListFields = {
  title: { column: 'i.title', filter: 'text', sortable: true },
  docType: { column: 'i.docType', filter: 'exact' },
  status: { column: 'i.status', filter: 'exact', sortable: true },
  submittedAt: { column: 'i.submittedAt', sortable: true },
};
const DEFINITION_PERMISSION = 'approval:definition';

type InstanceRow = { docType: string; status: string; submittedAt: string; finishedAt?: string | null };

/** Wire form of an instance row: GMT+8 times and the labels of its type and status. */
function labelled<T extends InstanceRow>(row: T) {
  return {
    ...row,
    submittedAt: toWireDateTime(row.submittedAt),
    finishedAt: toWireDateTime(row.finishedAt ?? null),
    docType_dictText: approvalDocType(row.docType)?.label ?? row.docType,
    status_dictText: APPROVAL_STATUS_TEXT[row.status as ApprovalStatus] ?? row.status,
    openPage: approvalDocType(row.docType)?.openPage ?? null,
  };
}

const idQuery = z.object({ id, _t: z.string().optional() });

/** 审批中心: my tasks, done, my applications, copied to me, one instance, and the definitions. */
export const approvalRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const userNames = async (ids: string[]) => {
      const unique = [...new Set(ids.filter(Boolean))];
      if (unique.length === 0) return new Map<string, string>();
      const rows = await ctx.db.selectFrom('sysUser').select(['id', 'realname']).where('id', 'in', unique).execute();
      return new Map(rows.map((r) => [r.id, r.realname]));
    };
    const withSubmitter = async <T extends InstanceRow & { submittedBy: string }>(records: T[]) => {
      const names = await userNames(records.map((r) => r.submittedBy));
      return records.map((r) => ({ ...labelled(r), submittedBy_dictText: names.get(r.submittedBy) ?? null }));
    };
    const instanceColumns = [
      'i.id',
      'i.docType',
      'i.docId',
      'i.title',
      'i.amount',
      'i.status',
      'i.submittedBy',
      'i.submittedAt',
      'i.finishedAt',
      'i.currentStep',
    ] as const;

    app.get(
      '/approval/todo/list',
      { schema: { tags: ['approval'], summary: '我的待办' }, config: { access: 'authenticated', internalOnly: true } },
      async (request) => {
        const me = request.user!.id;
        const roles = await roleCodesOf(ctx.db, me);
        const base = ctx.db
          .selectFrom('approvalTask as t')
          .innerJoin('approvalInstance as i', 'i.id', 't.instanceId')
          .select(instanceColumns)
          .select(['t.id as taskId', 't.stepName', 't.createTime as taskCreateTime'])
          .where('t.decision', '=', 'PENDING')
          .where('i.status', '=', 'RUNNING')
          .where('i.tenantId', '=', request.tenantId)
          // the submitter's own documents never reach their task list.
          .where('i.submittedBy', '<>', me)
          .where((eb) =>
            eb.or([
              eb.and([eb('t.assigneeType', '=', 'USER'), eb('t.assigneeId', '=', me)]),
              ...(roles.length ? [eb.and([eb('t.assigneeType', '=', 'ROLE'), eb('t.assigneeId', 'in', roles)])] : []),
            ]),
          );
        const page = await runPagedList(ctx, base, request.query as Record<string, unknown>, INSTANCE_FIELDS, {
          column: 'i.submittedAt',
          order: 'desc',
        });
        return ok({
          ...page,
          records: (await withSubmitter(page.records)).map((r) => ({
            ...r,
            taskCreateTime: toWireDateTime(r.taskCreateTime),
          })),
        });
      },
    );

    app.get(
      '/approval/done/list',
      { schema: { tags: ['approval'], summary: '已办' }, config: { access: 'authenticated', internalOnly: true } },
      async (request) => {
        const base = ctx.db
          .selectFrom('approvalHistory as h')
          .innerJoin('approvalInstance as i', 'i.id', 'h.instanceId')
          .select(instanceColumns)
          .select(['h.id as historyId', 'h.action', 'h.comment', 'h.at as decidedAt'])
          .where('h.actorId', '=', request.user!.id)
          .where('h.action', 'in', ['APPROVE', 'REJECT'])
          .where('i.tenantId', '=', request.tenantId);
        const page = await runPagedList(
          ctx,
          base,
          request.query as Record<string, unknown>,
          { ...INSTANCE_FIELDS, decidedAt: { column: 'h.at', sortable: true } },
          { column: 'h.at', order: 'desc' },
        );
        return ok({
          ...page,
          records: (await withSubmitter(page.records)).map((r) => ({
            ...r,
            decidedAt: toWireDateTime(r.decidedAt),
            action_dictText: r.action === 'APPROVE' ? '同意' : '驳回',
          })),
        });
      },
    );

    app.get(
      '/approval/mine/list',
      { schema: { tags: ['approval'], summary: '我的申请' }, config: { access: 'authenticated' } },
      async (request) => {
        const base = ctx.db
          .selectFrom('approvalInstance as i')
          .select(instanceColumns)
          .where('i.submittedBy', '=', request.user!.id)
          .where('i.tenantId', '=', request.tenantId);
        const page = await runPagedList(ctx, base, request.query as Record<string, unknown>, INSTANCE_FIELDS, {
          column: 'i.submittedAt',
          order: 'desc',
        });
        return ok({ ...page, records: await withSubmitter(page.records) });
      },
    );

    app.get(
      '/approval/cc/list',
      { schema: { tags: ['approval'], summary: '抄送我的' }, config: { access: 'authenticated', internalOnly: true } },
      async (request) => {
        const base = ctx.db
          .selectFrom('approvalCc as c')
          .innerJoin('approvalInstance as i', 'i.id', 'c.instanceId')
          .select(instanceColumns)
          .select(['c.id as ccId'])
          .where('c.userId', '=', request.user!.id)
          .where('i.tenantId', '=', request.tenantId);
        const page = await runPagedList(ctx, base, request.query as Record<string, unknown>, INSTANCE_FIELDS, {
          column: 'i.submittedAt',
          order: 'desc',
        });
        return ok({ ...page, records: await withSubmitter(page.records) });
      },
    );

    app.get(
      '/approval/instance/queryById',
      {
        schema: { tags: ['approval'], summary: '审批单详情：步骤、任务与审批记录', querystring: idQuery },
        config: { access: 'authenticated' },
      },
      async (request) => {
        const me = request.user!.id;
        const instance = await ctx.db
          .selectFrom('approvalInstance')
          .selectAll()
          .where('id', '=', request.query.id)
          .where('tenantId', '=', request.tenantId)
          .executeTakeFirst();
        if (!instance) throw notFound('审批单不存在');
        const tasks = await ctx.db
          .selectFrom('approvalTask')
          .selectAll()
          .where('instanceId', '=', instance.id)
          .orderBy('step')
          .orderBy('createTime')
          .execute();
        const history = await ctx.db
          .selectFrom('approvalHistory')
          .selectAll()
          .where('instanceId', '=', instance.id)
          .orderBy('at')
          .orderBy('id')
          .execute();
        const cc = await ctx.db
          .selectFrom('approvalCc')
          .select('userId')
          .where('instanceId', '=', instance.id)
          .execute();
        // Who may look: the submitter, the copied-to, anyone who acted or may act, definition administrators.
        const roles = await roleCodesOf(ctx.db, me);
        const involved =
          instance.submittedBy === me ||
          cc.some((c) => c.userId === me) ||
          history.some((h) => h.actorId === me) ||
          tasks.some((t) => (t.assigneeType === 'USER' ? t.assigneeId === me : roles.includes(t.assigneeId))) ||
          (await ctx.permissions.codesOf(me)).has(DEFINITION_PERMISSION);
        if (!involved) throw notFound('审批单不存在');
        // The task this user may decide now (同意 / 驳回 in the detail); never their own document.
        const myTask =
          instance.status === 'RUNNING' && instance.submittedBy !== me
            ? tasks.find(
                (t) =>
                  t.decision === 'PENDING' &&
                  (t.assigneeType === 'USER' ? t.assigneeId === me : roles.includes(t.assigneeId)),
              )
            : undefined;
        const detailOf = approvalDocType(instance.docType)?.detail;
        const viewer = { id: me, tenantId: request.tenantId };
        const document = detailOf ? await detailOf({ db: ctx.db, dicts: ctx.dicts, viewer }, instance.docId) : null;
        const names = await userNames([
          ...history.map((h) => h.actorId ?? ''),
          ...tasks.map((t) => t.decidedBy ?? ''),
          ...cc.map((c) => c.userId),
        ]);
        return ok({
          ...labelled(instance),
          steps: parseSteps(instance.steps),
          document,
          myTaskId: myTask?.id ?? null,
          submittedBy_dictText: names.get(instance.submittedBy) ?? null,
          ccUsers: cc.map((c) => ({ id: c.userId, realname: names.get(c.userId) ?? null })),
          tasks: tasks.map((t) => ({
            ...t,
            createTime: toWireDateTime(t.createTime),
            decidedAt: toWireDateTime(t.decidedAt),
            decidedBy_dictText: t.decidedBy ? (names.get(t.decidedBy) ?? null) : null,
          })),
          history: history.map((h) => ({
            ...h,
            at: toWireDateTime(h.at),
            actorId_dictText: h.actorId ? (names.get(h.actorId) ?? null) : '系统',
          })),
        });
      },
    );

    const actor = (request: { user: { id: string } | null; tenantId: number }) => ({
      id: request.user!.id,
      tenantId: request.tenantId,
    });

    app.post(
      '/approval/task/approve',
      {
        schema: { tags: ['approval'], summary: '同意', body: approvalDecisionSchema },
        config: { access: 'authenticated', internalOnly: true },
      },
      async (request) => {
        await ctx.db
          .transaction()
          .execute((trx) => approveTask(trx, actor(request), request.body.taskId, request.body.comment));
        return ok(null, '已同意');
      },
    );

    app.post(
      '/approval/task/reject',
      {
        schema: { tags: ['approval'], summary: '驳回（须填写意见）', body: approvalDecisionSchema },
        config: { access: 'authenticated', internalOnly: true },
      },
      async (request) => {
        if (!request.body.comment) throw badRequest('请填写驳回意见', { comment: '请填写驳回意见' });
        await ctx.db
          .transaction()
          .execute((trx) => rejectTask(trx, actor(request), request.body.taskId, request.body.comment));
        return ok(null, '已驳回');
      },
    );

    app.post(
      '/approval/instance/withdraw',
      {
        schema: { tags: ['approval'], summary: '提交人撤回审批', body: approvalWithdrawSchema },
        config: { access: 'authenticated' },
      },
      async (request) => {
        await ctx.db
          .transaction()
          .execute((trx) => withdrawApproval(trx, actor(request), request.body.instanceId, request.body.comment));
        return ok(null, '已撤回');
      },
    );

    app.get(
      '/approval/definition/list',
      {
        schema: { tags: ['approval'], summary: '审批配置：每种单据类型及其流程' },
        config: { access: { permission: DEFINITION_PERMISSION } },
      },
      async (request) => {
        return ok(await approvalDefinitions(ctx.db, request.tenantId));
      },
    );

    app.post(
      '/approval/definition/save',
      {
        schema: { tags: ['approval'], summary: '保存一种单据类型的审批流程', body: approvalDefinitionSaveSchema },
        config: { access: { permission: DEFINITION_PERMISSION } },
      },
      async (request) => {
        await saveApprovalDefinition(ctx.db, request.user!.username, request.tenantId, request.body);
        return ok(null, '保存成功');
      },
    );

    app.get(
      '/approval/approverOptions',
      {
        schema: { tags: ['approval'], summary: '可选的审批人：内部用户与角色' },
        config: { access: { permission: DEFINITION_PERMISSION } },
      },
      async () => {
        return ok(await approverOptions(ctx.db));
      },
    );
  };
