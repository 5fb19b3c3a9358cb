import { storage } from '../../lib/storage';

/** A dynamic tab title is kept in local storage under a key made of the route's full path (JeecgBoot's). */
export function tabTitleKey(fullPath: string): string {
  return `route:title:${fullPath}`;
}

export function storedTabTitle(fullPath: string): string | null {
  const title = storage.get<string>(tabTitleKey(fullPath));
  return typeof title === 'string' && title.trim() !== '' ? title : null;
}

export function storeTabTitle(fullPath: string, title: string): void {
  storage.set(tabTitleKey(fullPath), title);
}
