import { useEffect, useState } from 'react';
import { DEFAULT_PORTAL_TEMPLATE } from '@procura/shared';
import type { Envelope, PortalTemplate } from '@procura/shared';
import { http } from '../lib/http-client';

/**
 * The enabled portal template: a site setting on the server (`GET /portal/view/template`),
 * the same for every visitor (spec part 1 §1; default `se`). Read once per page load.
 */
let known: PortalTemplate | null = null;
let pending: Promise<PortalTemplate> | null = null;

/** Tests start without the setting read. */
export function clearEnabledTemplateCache(): void {
  known = null;
  pending = null;
}

const isTemplate = (v: unknown): v is PortalTemplate => v === 'pro' || v === 'se';

/** Starts reading the enabled template (once); a failed read falls back to the default. */
export function prefetchEnabledTemplate(): Promise<PortalTemplate> {
  pending ??= http
    .envelope<{ template: string }>('GET', '/portal/view/template')
    .then((e) => (e.success && isTemplate(e.result?.template) ? e.result.template : DEFAULT_PORTAL_TEMPLATE))
    .catch(() => DEFAULT_PORTAL_TEMPLATE)
    .then((t) => {
      known = t;
      return t;
    });
  return pending;
}

/** The enabled template; null until the setting is read. */
export function useEnabledTemplate(): PortalTemplate | null {
  const [template, setTemplate] = useState<PortalTemplate | null>(known);
  useEffect(() => {
    // Also when the read ended between the first render and this effect (main.tsx starts it early).
    let live = true;
    void prefetchEnabledTemplate().then((t) => {
      if (live) setTemplate(t);
    });
    return () => {
      live = false;
    };
  }, []);
  return template;
}

/** Enables a template for every visitor (an administrator with the designer permission; the server checks). */
export async function enableTemplate(template: PortalTemplate): Promise<Envelope<unknown>> {
  const answer = await http.envelope<unknown>('POST', '/portal/config/enableTemplate', undefined, { template });
  if (answer.success) {
    known = template;
    pending = Promise.resolve(template);
  }
  return answer;
}

export function templateHome(template: PortalTemplate): string {
  return template === 'pro' ? '/proHome' : '/seHome';
}
