import { getAction } from '../../lib/http';

/** One to-do card of GET /dashboard/todos: what waits for the signed-in user and the page that handles it. */
export type TodoCard = { key: string; title: string; count: number; path: string };

export const WORKBENCH_QUERY_KEY = ['dashboard', 'todos'] as const;

/** A supplier's open event with its response deadline (soonest first). */
export type DeadlineItem = { code: string; title: string; kind: string; deadline: string | null; path: string };

/** An order or contract waiting for the supplier's confirmation; `path` opens the document. */
export type WaitingDocument = { kind: string; id: string; code: string; title: string; path: string };

/** `deadlines` and `waiting` come for suppliers only (null for internal users). */
export type Todos = { cards: TodoCard[]; deadlines: DeadlineItem[] | null; waiting: WaitingDocument[] | null };

export async function fetchTodos(): Promise<Todos> {
  const body = await getAction<{ cards: TodoCard[]; deadlines?: DeadlineItem[]; waiting?: WaitingDocument[] }>(
    '/dashboard/todos',
  );
  if (!body.success || !body.result) throw new Error(body.message || '待办加载失败');
  return { cards: body.result.cards, deadlines: body.result.deadlines ?? null, waiting: body.result.waiting ?? null };
}
