import { createElement, lazy } from 'react';
import type { ComponentType } from 'react';
import { resources } from '@procura/shared';

/** Menu component strings naming a generic resource page: `resource/<key>`. */
export const RESOURCE_COMPONENT_PREFIX = 'resource/';

const ResourceMenuPage = lazy(() => import('./resource-menu-page'));
const pages = new Map<string, ComponentType>();

/**
 * The screen of a `resource/<key>` menu component, or null when the string names no known
 * resource. One component per key, kept, so rebuilding the routes never remounts a page.
 */
export function resolveResourcePage(component: string): ComponentType | null {
  if (!component.startsWith(RESOURCE_COMPONENT_PREFIX)) return null;
  const key = component.slice(RESOURCE_COMPONENT_PREFIX.length);
  if (!Object.hasOwn(resources, key)) return null;
  let page = pages.get(key);
  if (!page) {
    const Page = () => createElement(ResourceMenuPage, { resourceKey: key });
    Page.displayName = `ResourcePage(${key})`;
    pages.set(key, Page);
    page = Page;
  }
  return page;
}
