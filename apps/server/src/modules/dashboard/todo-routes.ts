import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COMPLETE_SUPPLIER_INFO_PATH, IS_SHOW_MUST_COMPLETE, MY_CONTRACT_PAGE, ok } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/database.js';
import { roleCodesOf } from '../approval/approval-engine.js';
import { openInvitations, supplierDeadlines } from './supplier-deadlines.js';
import { contractsToConfirm, MY_ORDERS_PAGE, ordersToConfirm, waitingDocuments } from './supplier-documents.js';

/** One card of the home page: what waits for the signed-in user, and the page that handles it. */
export type TodoCard = { key: string; title: string; count: number; path: string };

type Count = { n: string | number } | undefined;
const num = (row: Count) => Number(row?.n ?? 0);

/** The menu URLs the user's roles grant: a card shows only when its page is one of them. */
async function grantedUrls(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('sysPermission as p')
    .innerJoin('sysRolePermission as rp', 'rp.permissionId', 'p.id')
    .innerJoin('sysUserRole as ur', 'ur.roleId', 'rp.roleId')
    .select('p.url')
    .distinct()
    .where('ur.userId', '=', userId)
    .where('p.delFlag', '=', 0)
    .where('p.menuType', '<>', 2)
    .execute();
  return new Set(rows.map((r) => r.url).filter((u): u is string => Boolean(u)));
}

/** `GET /dashboard/todos`: the signed-in user's own to-dos gathered from the modules, with counts. */
export const todoRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/dashboard/todos',
      {
        schema: { tags: ['dashboard'], summary: '首页我的待办' },
        // A new supplier still completing its information gets the one to-do it has.
        config: { access: 'authenticated', allowIncompleteSupplier: true },
      },
      async (request) => {
        const me = request.user!;
        const tenant = request.tenantId;
        const urls = await grantedUrls(ctx.db, me.id);
        const cards: TodoCard[] = [];
        const add = async (key: string, title: string, path: string, count: () => Promise<number>) => {
          if (urls.has(path)) cards.push({ key, title, path, count: await count() });
        };

        if (me.supplierId) {
          const supplierId = me.supplierId;
          if (me.isShow === IS_SHOW_MUST_COMPLETE) {
            // SUP-3: until the information is complete nothing else can be opened.
            cards.push({ key: 'completeInfo', title: '完善企业信息', path: COMPLETE_SUPPLIER_INFO_PATH, count: 1 });
            return ok({ cards });
          }
          await add('sourcingInvitations', '待答复的询价邀请', '/srm/my-sourcing', () =>
            openInvitations(ctx.db, supplierId, 'RFQ'),
          );
          await add('tenderInvitations', '待答复的招标邀请', '/srm/my-tender', () =>
            openInvitations(ctx.db, supplierId, 'TENDER'),
          );
          await add('auctionInvitations', '待答复的竞价邀请', '/srm/my-auction', () =>
            openInvitations(ctx.db, supplierId, 'AUCTION'),
          );
          await add(
            'ordersToConfirm',
            '待确认的采购订单',
            MY_ORDERS_PAGE,
            async () => (await ordersToConfirm(ctx.db, supplierId)).length,
          );
          await add(
            'contractsToConfirm',
            '待确认的合同',
            MY_CONTRACT_PAGE,
            async () => (await contractsToConfirm(ctx.db, supplierId)).length,
          );
          return ok({
            cards,
            deadlines: await supplierDeadlines(ctx.db, supplierId, urls),
            waiting: await waitingDocuments(ctx.db, supplierId, urls),
          });
        }

        await add('approvalTodo', '我的待办审批', '/approval/todo', async () => {
          const roles = await roleCodesOf(ctx.db, me.id);
          // The same rule as /approval/todo/list (X-10: never the user's own documents).
          return num(
            await ctx.db
              .selectFrom('approvalTask as t')
              .innerJoin('approvalInstance as i', 'i.id', 't.instanceId')
              .select((eb) => eb.fn.countAll<string | number>().as('n'))
              .where('t.decision', '=', 'PENDING')
              .where('i.status', '=', 'RUNNING')
              .where('i.tenantId', '=', tenant)
              .where('i.submittedBy', '<>', me.id)
              .where((eb) =>
                eb.or([
                  eb.and([eb('t.assigneeType', '=', 'USER'), eb('t.assigneeId', '=', me.id)]),
                  ...(roles.length
                    ? [eb.and([eb('t.assigneeType', '=', 'ROLE'), eb('t.assigneeId', 'in', roles)])]
                    : []),
                ]),
              )
              .executeTakeFirst(),
          );
        });
        const myEvents = (statuses: string[]) => async () =>
          num(
            await ctx.db
              .selectFrom('sourcingEvent')
              .select((eb) => eb.fn.countAll<string | number>().as('n'))
              .where('buyerId', '=', me.id)
              .where('tenantId', '=', tenant)
              .where('type', '=', 'RFQ')
              .where('status', 'in', statuses)
              .executeTakeFirst(),
          );
        await add('sourcingDrafts', '询价草稿', '/srm/sourcing', myEvents(['DRAFT']));
        await add('sourcingToOpen', '已截止待开标的询价', '/srm/sourcing', myEvents(['CLOSED']));
        await add('sourcingToAward', '待评审定标的询价', '/srm/sourcing', myEvents(['OPENED', 'EVALUATING']));
        return ok({ cards });
      },
    );
  };
