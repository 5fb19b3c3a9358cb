import { DEFAULT_PORTAL_TEMPLATE, PORTAL_TEMPLATE_KEY } from '@procura/shared';
import type { PortalTemplate } from '@procura/shared';

/** The enabled portal template, kept in local storage (spec part 1 §1; default `se`). */
export function enabledTemplate(): PortalTemplate {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(PORTAL_TEMPLATE_KEY);
  } catch {
    return DEFAULT_PORTAL_TEMPLATE;
  }
  if (raw === null) return DEFAULT_PORTAL_TEMPLATE;
  // Plain `pro`/`se`, or a JSON-encoded value ("pro" or Vue.ls' {value, expire}).
  let value: unknown = raw;
  try {
    const parsed: unknown = JSON.parse(raw);
    value =
      typeof parsed === 'object' && parsed !== null && 'value' in parsed
        ? (parsed as { value: unknown }).value
        : parsed;
  } catch {
    value = raw;
  }
  return value === 'pro' || value === 'se' ? value : DEFAULT_PORTAL_TEMPLATE;
}

export function enableTemplate(template: PortalTemplate): void {
  window.localStorage.setItem(PORTAL_TEMPLATE_KEY, template);
}

export function templateHome(template: PortalTemplate): string {
  return template === 'pro' ? '/proHome' : '/seHome';
}
