import { getAction } from '../../lib/http';

/** One to-do card of GET /dashboard/todos: what waits for the signed-in user and the page that handles it. */
export type TodoCard = { key: string; title: string; count: number; path: string };

export const TODOS_QUERY_KEY = ['dashboard', 'todos'] as const;

export async function fetchTodos(): Promise<TodoCard[]> {
  const body = await getAction<{ cards: TodoCard[] }>('/dashboard/todos');
  if (!body.success || !body.result) throw new Error(body.message || '待办加载失败');
  return body.result.cards;
}
