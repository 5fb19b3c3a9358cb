import { defineWorkflow, workflowStateText } from './workflow.js';

/**
 * The quota arrangement's state machine (domain §14): the buyer submits a draft; the approval
 * engine's outcome activates it (after QUO-1/QUO-2 again) or sends it back to a draft; a newer
 * arrangement for the material, once active, supersedes an overlapping active one (QUO-3).
 */
export type QuotaStatus = 'DRAFT' | 'PENDING_APPROVAL' | 'ACTIVE' | 'NEEDS_REVIEW' | 'EXPIRED' | 'SUPERSEDED';
export type QuotaAction = 'submit' | 'approve' | 'reject' | 'withdraw' | 'supersede';
// Typed by hand: NEEDS_REVIEW and EXPIRED have no transition yet, so inference would leave them out.
export const quotaWorkflow = defineWorkflow<QuotaStatus, QuotaAction>({
  docType: 'QUOTA_ARRANGEMENT',
  label: '配额',
  permission: 'srm:quota',
  states: {
    DRAFT: { text: '草稿', color: 'default', terminal: false },
    PENDING_APPROVAL: { text: '审批中', color: 'processing', terminal: false },
    ACTIVE: { text: '生效', color: 'success', terminal: false },
    NEEDS_REVIEW: { text: '待复核', color: 'warning', terminal: false },
    EXPIRED: { text: '已过期', color: 'default', terminal: true },
    SUPERSEDED: { text: '已替代', color: 'default', terminal: true },
  },
  transitions: {
    submit: {
      from: ['DRAFT'],
      to: 'PENDING_APPROVAL',
      side: 'INTERNAL',
      label: '提交审批',
      confirm: '确定提交审批吗？',
      refusal: '只有草稿状态的配额可以提交审批',
      done: '配额已提交审批',
    },
    approve: {
      from: ['PENDING_APPROVAL'],
      to: 'ACTIVE',
      side: 'SYSTEM',
      label: '审批通过',
      refusal: '只有审批中的配额可以生效',
      done: '配额已生效',
    },
    reject: {
      from: ['PENDING_APPROVAL'],
      to: 'DRAFT',
      side: 'SYSTEM',
      label: '驳回',
      refusal: '只有审批中的配额可以驳回',
      done: '配额已驳回',
    },
    withdraw: {
      from: ['PENDING_APPROVAL'],
      to: 'DRAFT',
      side: 'SYSTEM',
      label: '撤回',
      refusal: '只有审批中的配额可以撤回',
      done: '配额已撤回',
    },
    supersede: {
      from: ['ACTIVE'],
      to: 'SUPERSEDED',
      side: 'SYSTEM',
      label: '替代',
      logText: '被新配额替代',
      refusal: '只有生效的配额可以被替代',
      done: '配额已被替代',
    },
  },
});

/** Quota arrangement states as users read them (domain §14); the server's texts and the web's tags share them. */
export const QUOTA_STATUS_TEXT: Readonly<Record<string, string>> = workflowStateText(quotaWorkflow);

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
