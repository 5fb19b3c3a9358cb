import type {
  PortalPhase,
  PortalSourcingType,
  PurchaseAnnouncementDetail,
  PurchaseAnnouncementItem,
} from '@procura/shared';
import { toWireDateTime } from '../../core/clock.js';
import type { PortalPurchaseAnnouncementTable } from '../../db/portal-tables.js';

const DAY_MS = 86_400_000;

/** An announcement's times, and the status of the sourcing event behind it when there is one. */
type Times = Pick<PortalPurchaseAnnouncementTable, 'status' | 'signupStart' | 'signupDeadline' | 'responseDeadline'> & {
  eventStatus?: string | null;
};
export type AnnouncementWithEvent = PortalPurchaseAnnouncementTable & { eventStatus?: string | null };
const at = (iso: string | null) => (iso ? Date.parse(iso) : null);

/**
 * The portal phase of a purchase announcement, computed from its times and the server clock
 * (domain §9.2, X-2): before sign-up opens 预告; inside the sign-up window 报名中; inside the
 * response window 响应中; after the deadlines 评审中, or 公示中 while its tender's candidates are
 * in publicity (TND-17). A closed announcement is 已结束, a withdrawn one 已终止 (it never reaches
 * the portal anyway, PORTAL-1).
 */
export function phaseOf(a: Times, now: number): PortalPhase {
  if (a.status === 'closed') return '已结束';
  if (a.status === 'withdrawn') return '已终止';
  // TND-24: a failed tender stays listed as 已流标.
  if (a.status === 'failed') return '已流标';
  const start = at(a.signupStart);
  const signupEnd = at(a.signupDeadline);
  const responseEnd = at(a.responseDeadline);
  if (start !== null && now < start) return '预告';
  if (signupEnd !== null && now < signupEnd) return '报名中';
  if (responseEnd !== null && now < responseEnd) return '响应中';
  return a.eventStatus === 'PUBLICITY' ? '公示中' : '评审中';
}

/** SRC-4: sign-up is open when signupStart ≤ now < signupDeadline (a published announcement only). */
export function signupOpen(a: Times, now: number): boolean {
  if (a.status !== 'published') return false;
  const start = at(a.signupStart);
  const end = at(a.signupDeadline);
  return (start === null || start <= now) && end !== null && now < end;
}

/**
 * Whole days to the next relevant deadline (domain §23): the sign-up deadline until sign-up
 * closes, then the response deadline; null when none is ahead or the announcement is closed.
 */
export function countdownOf(a: Times, now: number): number | null {
  if (a.status !== 'published') return null;
  const phase = phaseOf(a, now);
  const target =
    phase === '预告' || phase === '报名中'
      ? (at(a.signupDeadline) ?? at(a.responseDeadline))
      : phase === '响应中'
        ? at(a.responseDeadline)
        : null;
  if (target === null || target <= now) return null;
  return Math.floor((target - now) / DAY_MS);
}

export type DictLabels = { method: Map<string, string>; type: Map<string, string> };

/** One purchase announcement as the portal shows it: no internal field ever leaves (PORTAL-2). */
export function toPurchaseItem(a: AnnouncementWithEvent, labels: DictLabels, now: number): PurchaseAnnouncementItem {
  return {
    id: a.id,
    type: a.type as PortalSourcingType,
    title: a.title,
    subtitle: [a.code, a.purchasingEntity].filter(Boolean).join(' '),
    status: phaseOf(a, now),
    info: [
      { label: '采购产品', value: a.purchaseProduct ?? '' },
      { label: '采购方式', value: a.purchaseMethod ? (labels.method.get(a.purchaseMethod) ?? a.purchaseMethod) : '' },
      { label: '采购类型', value: a.purchaseType ? (labels.type.get(a.purchaseType) ?? a.purchaseType) : '' },
    ],
    dates: [
      { label: '报名截止时间', value: toWireDateTime(a.signupDeadline) },
      { label: '报价截止时间', value: toWireDateTime(a.responseDeadline) },
      { label: '计划开始时间', value: toWireDateTime(a.plannedStart) },
    ],
    countdown: countdownOf(a, now),
    publishTime: toWireDateTime(a.publishTime) ?? '',
  };
}

export function toPurchaseDetail(
  a: AnnouncementWithEvent,
  labels: DictLabels,
  now: number,
): PurchaseAnnouncementDetail {
  return {
    ...toPurchaseItem(a, labels, now),
    content: a.content ?? '',
    contact: a.contact,
    signupOpen: signupOpen(a, now),
    signupStart: toWireDateTime(a.signupStart),
    signupDeadline: toWireDateTime(a.signupDeadline),
  };
}

/** `supplier_list` JSON as the result modal shows it; anything malformed reads as empty. */
export function parseSupplierList(json: string | null): { title: string; name: string }[] {
  if (!json) return [];
  try {
    const v: unknown = JSON.parse(json);
    if (!Array.isArray(v)) return [];
    return v
      .filter((x): x is { title: unknown; name: unknown } => typeof x === 'object' && x !== null)
      .map((x) => ({ title: String(x.title ?? ''), name: String(x.name ?? '') }));
  } catch {
    return [];
  }
}
