/** Quota arrangement states as users read them (domain §14); the server's texts and the web's tags share them. */
export const QUOTA_STATUS_TEXT: Readonly<Record<string, string>> = {
  DRAFT: '草稿',
  PENDING_APPROVAL: '审批中',
  ACTIVE: '生效',
  NEEDS_REVIEW: '待复核',
  EXPIRED: '已过期',
  SUPERSEDED: '已替代',
};

export type QuotaShare = { supplierId: string; quotaPct: number };

/**
 * QUO-1 on the shares alone: whole percentages in (0, 100], each supplier once, and with
 * `requireTotal` a sum of exactly 100. The reason in the user's words, or null. The server
 * enforces it on edit and submit; the quota form checks it before sending.
 */
export function quotaShareRefusal(lines: readonly QuotaShare[], requireTotal: boolean): string | null {
  if (lines.length === 0) return '请至少添加一家供应商（QUO-1）';
  if (new Set(lines.map((l) => l.supplierId)).size !== lines.length) return '同一供应商在配额中只能出现一次（QUO-1）';
  for (const l of lines)
    if (!Number.isInteger(l.quotaPct) || l.quotaPct <= 0 || l.quotaPct > 100)
      return '配额比例须为1到100之间的整数（QUO-1）';
  const sum = quotaShareSum(lines);
  if (requireTotal && sum !== 100) return `各供应商配额比例合计须为100%，当前${sum}%（QUO-1）`;
  return null;
}

/** Σ quotaPct (non-numbers count as 0, so a half-filled form still shows a sum). */
export function quotaShareSum(lines: readonly { quotaPct: number }[]): number {
  return lines.reduce((s, l) => s + (Number.isFinite(l.quotaPct) ? l.quotaPct : 0), 0);
}
