import { getAction } from '../../lib/http';

/** One to-do card of GET /dashboard/todos: what waits for the signed-in user and the page that handles it. */
export type TodoCard = { key: string; title: string; count: number; path: string };

export const TODOS_QUERY_KEY = ['dashboard', 'todos'] as const;

/** A supplier's open event with its response deadline (soonest first). */
export type DeadlineItem = { code: string; title: string; kind: string; deadline: string | null; path: string };

/** `deadlines` comes for suppliers only (null for internal users). */
export type Todos = { cards: TodoCard[]; deadlines: DeadlineItem[] | null };

export async function fetchTodos(): Promise<Todos> {
  const body = await getAction<{ cards: TodoCard[]; deadlines?: DeadlineItem[] }>('/dashboard/todos');
  if (!body.success || !body.result) throw new Error(body.message || '待办加载失败');
  return { cards: body.result.cards, deadlines: body.result.deadlines ?? null };
}
