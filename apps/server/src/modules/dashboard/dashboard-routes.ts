import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { addMonths, businessDay, businessDayStart, toWireDateTime } from '../../core/clock.js';

export type AnalysisFigures =
  | {
      scope: 'platform';
      users: { total: number; internal: number; supplier: number; frozen: number };
      suppliers: {
        total: number;
        byStatus: { status: string; text: string; count: number }[];
        byMonth: { month: string; count: number }[];
      };
      notices: { published: number; unread: number };
    }
  | {
      scope: 'supplier';
      supplier: { name: string; status: string; statusText: string; infoStatus: string; infoStatusText: string } | null;
      notices: { published: number; unread: number };
    };

const MONTHS = 6;

/** The last `MONTHS` months as `yyyy-MM` in GMT+8, oldest first. */
function recentMonths(): string[] {
  const first = `${businessDay().slice(0, 7)}-01`;
  const months: string[] = [];
  for (let i = MONTHS - 1; i >= 0; i--) months.push(addMonths(first, -i).slice(0, 7));
  return months;
}

/** Figures behind the home page: what exists so far (users, suppliers, notices). */
export const dashboardRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/dashboard/analysis',
      { schema: { tags: ['dashboard'], summary: '首页分析数据' }, config: { access: 'authenticated' } },
      async (request) => {
        const me = request.user!;
        const count = (n: { n: string | number } | undefined) => Number(n?.n ?? 0);
        const published = count(
          await ctx.db
            .selectFrom('sysAnnouncement')
            .select((eb) => eb.fn.countAll<string | number>().as('n'))
            .where('sendStatus', '=', '1')
            .where('delFlag', '=', 0)
            .where('msgType', '=', 'ALL')
            .executeTakeFirst(),
        );
        const notices = { published, unread: await ctx.announcements.unreadCount(me.id) };
        const dict = await ctx.dicts.textMaps(['srm_supplier_status', 'srm_supplier_info_status']);

        if (me.supplierId) {
          const s = await ctx.db
            .selectFrom('supplier')
            .select(['name', 'status', 'infoStatus'])
            .where('id', '=', me.supplierId)
            .executeTakeFirst();
          const figures: AnalysisFigures = {
            scope: 'supplier',
            supplier: s
              ? {
                  ...s,
                  statusText: dict.srm_supplier_status.get(s.status) ?? s.status,
                  infoStatusText: dict.srm_supplier_info_status.get(s.infoStatus) ?? s.infoStatus,
                }
              : null,
            notices,
          };
          return ok(figures);
        }

        const users = await ctx.db
          .selectFrom('sysUser')
          .select(['userType', 'status'])
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('delFlag', '=', 0)
          .groupBy(['userType', 'status'])
          .execute();
        const sum = (pick: (r: (typeof users)[number]) => boolean) =>
          users.filter(pick).reduce((a, r) => a + Number(r.n), 0);

        const byStatusRows = await ctx.db
          .selectFrom('supplier')
          .select('status')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('delFlag', '=', 0)
          .groupBy('status')
          .execute();
        const months = recentMonths();
        const since = businessDayStart(`${months[0]}-01`).toISOString();
        const created = await ctx.db
          .selectFrom('supplier')
          .select('createTime')
          .where('delFlag', '=', 0)
          .where('createTime', '>=', since)
          .execute();
        const perMonth = new Map(months.map((m) => [m, 0]));
        for (const c of created) {
          const month = toWireDateTime(c.createTime)!.slice(0, 7);
          if (perMonth.has(month)) perMonth.set(month, perMonth.get(month)! + 1);
        }

        const figures: AnalysisFigures = {
          scope: 'platform',
          users: {
            total: sum(() => true),
            internal: sum((r) => r.userType === 1),
            supplier: sum((r) => r.userType === 2),
            frozen: sum((r) => r.status === 2),
          },
          suppliers: {
            total: byStatusRows.reduce((a, r) => a + Number(r.n), 0),
            byStatus: [...dict.srm_supplier_status.entries()].map(([status, text]) => ({
              status,
              text,
              count: Number(byStatusRows.find((r) => r.status === status)?.n ?? 0),
            })),
            byMonth: months.map((month) => ({ month, count: perMonth.get(month)! })),
          },
          notices,
        };
        return ok(figures);
      },
    );
  };
