import { useSyncExternalStore } from 'react';

/** A tiny message area (warnings and successes) so the portal needs no antd. */
export type Toast = { id: number; type: 'warning' | 'success'; text: string };

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const TOAST_MS = 4000;

function emit(): void {
  for (const listener of listeners) listener();
}

function push(type: Toast['type'], text: string): void {
  const id = nextId++;
  toasts = [...toasts, { id, type, text }];
  emit();
  setTimeout(() => {
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  }, TOAST_MS);
}

export const toast = {
  warning: (text: string) => push('warning', text),
  success: (text: string) => push('success', text),
  current: () => toasts,
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function Toasts() {
  const list = useSyncExternalStore(subscribe, () => toasts);
  return (
    <div className="p-toasts" role="status" aria-live="polite">
      {list.map((t) => (
        <div key={t.id} className={`p-toast p-toast-${t.type}`} data-testid="portal-toast" data-type={t.type}>
          {t.text}
        </div>
      ))}
    </div>
  );
}
