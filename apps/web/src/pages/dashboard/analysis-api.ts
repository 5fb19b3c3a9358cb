import { getAction } from '../../lib/http';

export type StatusCount = { status: string; text: string; count: number };
export type MonthCount = { month: string; count: number };
export type NoticeFigures = { published: number; unread: number };

/** GET /dashboard/analysis: platform figures for internal users, the company for suppliers. */
export type AnalysisFigures =
  | {
      scope: 'platform';
      users: { total: number; internal: number; supplier: number; frozen: number };
      suppliers: { total: number; byStatus: StatusCount[]; byMonth: MonthCount[] };
      notices: NoticeFigures;
    }
  | {
      scope: 'supplier';
      supplier: { name: string; status: string; statusText: string; infoStatus: string; infoStatusText: string } | null;
      notices: NoticeFigures;
    };

export const ANALYSIS_QUERY_KEY = ['dashboard', 'analysis'] as const;

export async function fetchAnalysis(): Promise<AnalysisFigures> {
  const body = await getAction<AnalysisFigures>('/dashboard/analysis');
  if (!body.success || !body.result) throw new Error(body.message || '首页数据加载失败');
  return body.result;
}
