import { isExternalUrl } from '@procura/shared';
import { safeRedirect } from '../../lib/login-target';

/** Where a business link inside an announcement leads: the purchase order list, filtered by the link's id. */
export const PURCHASE_ORDER_LIST_PATH = '/purchase/order/list';

export type LinkTarget = { kind: 'route'; to: string } | { kind: 'external'; url: string };

const ORIGIN_PROBE = 'http://procura.invalid';

function orderList(bizId: string): LinkTarget {
  return { kind: 'route', to: `${PURCHASE_ORDER_LIST_PATH}?${new URLSearchParams({ bizId })}` };
}

/**
 * What a click on a link in an announcement body does (spec part 1 §2.6): a link carrying a
 * business id (`bizId` or `id` in its address, else JeecgBoot's id attribute on a link that
 * goes nowhere) opens the purchase order list for it; another in-app path is routed; a
 * web address opens in a new window; anything else does nothing.
 */
export function announcementLinkTarget(href: string | null, elementId: string | null): LinkTarget | null {
  const raw = href?.trim() ?? '';
  let url: URL | null = null;
  try {
    url = raw ? new URL(raw, ORIGIN_PROBE) : null;
  } catch {
    url = null;
  }
  const bizId = url?.searchParams.get('bizId') || url?.searchParams.get('id');
  if (bizId) return orderList(bizId);
  if (isExternalUrl(raw)) return { kind: 'external', url: raw };
  const inApp = raw.startsWith('/') ? safeRedirect(raw) : null;
  if (inApp) return { kind: 'route', to: inApp };
  if (elementId?.trim()) return orderList(elementId.trim());
  return null;
}
