import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { normalizePath } from './path';

/** What the in-app confirmation says (spec part 1 §5, part 2 §5). */
export const LEAVE_CONFIRM_MESSAGE = '当前页面有未保存的数据，确定离开吗？';

/**
 * Which pages hold edits not saved yet. A form registers under the path it was edited on
 * (kept-alive pages stay mounted while hidden, so "mounted" is not "current").
 */
export function createUnsavedRegistry() {
  const entries = new Map<symbol, string>();
  return {
    mark(id: symbol, path: string): void {
      entries.set(id, normalizePath(path));
    },
    release(id: symbol): void {
      entries.delete(id);
    },
    /** Whether a page (or, without a path, any page) has unsaved edits. */
    isDirty(path?: string): boolean {
      if (path === undefined) return entries.size > 0;
      const target = normalizePath(path);
      for (const owner of entries.values()) if (owner === target) return true;
      return false;
    },
    /** The user agreed to drop a page's edits (e.g. confirmed closing its tab). */
    discard(path: string): void {
      const target = normalizePath(path);
      for (const [id, owner] of entries) if (owner === target) entries.delete(id);
    },
    clear(): void {
      entries.clear();
    },
  };
}

export type UnsavedRegistry = ReturnType<typeof createUnsavedRegistry>;

export const unsavedRegistry: UnsavedRegistry = createUnsavedRegistry();

/** Asks the browser to confirm a reload or close while any page has unsaved edits. */
export function installBeforeUnloadPrompt(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>,
  registry: UnsavedRegistry = unsavedRegistry,
) {
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    if (!registry.isDirty()) return;
    event.preventDefault();
    // Older Chromium versions show the prompt only when returnValue is set.
    event.returnValue = '';
  };
  target.addEventListener('beforeunload', onBeforeUnload);
  return () => target.removeEventListener('beforeunload', onBeforeUnload);
}

/**
 * Marks the calling page as holding unsaved edits while `dirty` is true: leaving it in the
 * app or reloading the browser asks first. Returns `release`, to call right before a
 * navigation that saved the data (a state update would come too late for that navigation).
 */
export function useUnsavedChanges(dirty: boolean, registry: UnsavedRegistry = unsavedRegistry): () => void {
  const { pathname } = useLocation();
  const [id] = useState(() => Symbol('unsaved-changes'));
  // The path where the edit happened; a hidden kept-alive page sees other paths later.
  const latestPath = useRef(pathname);
  useEffect(() => {
    latestPath.current = pathname;
  }, [pathname]);
  useEffect(() => {
    if (!dirty) return;
    registry.mark(id, latestPath.current);
    return () => registry.release(id);
  }, [dirty, id, registry]);
  return useCallback(() => registry.release(id), [id, registry]);
}
