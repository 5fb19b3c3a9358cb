import { compare } from '@procura/shared';
import type { Db } from '../../db/database.js';
import { businessDay } from '../../core/clock.js';
import { expiredMandatoryQualifications } from './qualification-service.js';

/**
 * Who may take part (X-15, domain §4.4 "what each status allows"): the one answer, for one
 * supplier and one purpose, to "may it?", or the first reason why not with one message per
 * reason. Callers add what the supplier may not do and the rule they enforce
 * (`refusalText`), so every refusal of the same reason reads the same.
 */
export type EligibilityPurpose =
  /** Be invited to an RFQ, auction or invited tender (SRC-3, RFQ-2). */
  | 'invite'
  /** Sign up for a public event (SRC-3, SRC-4). */
  | 'signup'
  /** Accept, quote or bid on an event already joined. */
  | 'respond'
  /** Be awarded when the award is decided (AWD-1). */
  | 'award'
  /** Hold a share of an activated quota arrangement (QUO-2). */
  | 'quota'
  /** Be asked for, or send, samples (X-15, §7). */
  | 'sample'
  /** Be (re)admitted to a material's source list. */
  | 'source-list'
  /** Receive a purchase order (PO-1): a grade that blocks orders and the TRIAL caps are checked too. */
  | 'order';

/** Company statuses that take no part at all. */
const TAKES_NO_PART = ['FROZEN', 'BLACKLISTED', 'ELIMINATED'];
/** The source list is master data: a frozen supplier keeps and regains its sources, the others do not. */
const NOT_SOURCEABLE = ['BLACKLISTED', 'ELIMINATED'];
const EXCLUDED_TEXT: Record<string, string> = { FROZEN: '冻结', BLACKLISTED: '列入黑名单', ELIMINATED: '淘汰' };
/** Categories held: QUALIFIED or TRIAL; SUSPENDED (SST-3), APPLYING and TERMINATED are not. */
const HELD_CATEGORY = ['QUALIFIED', 'TRIAL'];

export type IneligibleReason =
  | 'UNKNOWN'
  | 'EXCLUDED'
  | 'NOT_ADMITTED'
  | 'NOT_QUALIFIED_IN_CATEGORY'
  | 'QUALIFICATION_EXPIRED'
  | 'GRADE_BLOCKS'
  | 'TRIAL_CAP';

export type Ineligible = {
  reason: IneligibleReason;
  /** One message per reason, naming the supplier (`供应商“…”…`). */
  message: string;
  /** The supplier's name and company status ('' and null when it does not exist). */
  supplierName: string;
  status: string | null;
};

export type EligibilityQuery = {
  purpose: EligibilityPurpose;
  /** Only a supplier of this tenant exists for the caller (the source list of the tenant's buyers). */
  tenantId?: number;
  /**
   * The event's participation setting (`sourcing_event.eligibility`, SRC-3), which decides the
   * company statuses admitted to invitations and sign-ups; without it (the portal's sign-up
   * before the event is known) only exclusion and expiry are checked.
   */
  eventEligibility?: string;
  /** Admission categories (准入品类) the supplier must hold, and how the message names them. */
  categories?: { codes: readonly string[]; text: string };
  /** Also checks the mandatory qualifications on this instant's business day (QLF-3, X-2). */
  at?: Date;
  /**
   * `order`: the supplier's open order value per admission category, this order included; a
   * category held in TRIAL refuses a value above its `trialLimitAmount` (QLF-4, PO-1).
   */
  openOrderValue?: Readonly<Record<string, string>>;
};

/**
 * The company statuses an event's invitation or sign-up admits (X-15's table): what a
 * candidate list offers, so that it offers only suppliers the invite itself would take.
 */
export function invitableStatuses(eventEligibility: string): string[] {
  return admittedStatuses({ purpose: 'invite', eventEligibility })!.filter((s) => !TAKES_NO_PART.includes(s));
}

/** The company statuses a purpose admits, or null when any status not excluded will do. */
function admittedStatuses(q: EligibilityQuery): string[] | null {
  if (q.purpose === 'quota' || q.purpose === 'order') return ['QUALIFIED'];
  // A public sign-up before the event is known: admitted suppliers only (X-15's table).
  if (q.purpose === 'signup' && !q.eventEligibility) return ['POTENTIAL', 'QUALIFIED'];
  if ((q.purpose === 'invite' || q.purpose === 'signup') && q.eventEligibility)
    return q.eventEligibility === 'POTENTIAL_OR_BETTER' ? ['POTENTIAL', 'QUALIFIED'] : ['QUALIFIED'];
  return null;
}

/** Eligible (null) or the first reason why not: unknown, excluded, not admitted, not in the category, expired. */
export async function supplierEligibility(
  db: Db,
  supplierId: string,
  query: EligibilityQuery,
): Promise<Ineligible | null> {
  let q = db.selectFrom('supplier').select(['name', 'status']).where('id', '=', supplierId).where('delFlag', '=', 0);
  if (query.tenantId !== undefined) q = q.where('tenantId', '=', query.tenantId);
  const s = await q.executeTakeFirst();
  if (!s) return { reason: 'UNKNOWN', message: '供应商不存在', supplierName: '', status: null };
  const refuse = (reason: IneligibleReason, what: string): Ineligible => ({
    reason,
    message: `供应商“${s.name}”${what}`,
    supplierName: s.name,
    status: s.status,
  });

  // X-15's refusals name the three statuses together; the source list, which keeps frozen
  // suppliers, names the one that excludes.
  if (query.purpose === 'source-list') {
    if (NOT_SOURCEABLE.includes(s.status)) return refuse('EXCLUDED', `已${EXCLUDED_TEXT[s.status]}`);
  } else if (TAKES_NO_PART.includes(s.status)) return refuse('EXCLUDED', '已冻结、列入黑名单或淘汰');
  const admitted = admittedStatuses(query);
  if (admitted && !admitted.includes(s.status))
    return refuse('NOT_ADMITTED', `不是${admitted.includes('POTENTIAL') ? '潜在或合格' : '合格'}供应商`);
  const codes = [...new Set(query.categories?.codes ?? [])];
  if (codes.length > 0) {
    const held = await db
      .selectFrom('supplierCategory')
      .select('categoryCode')
      .distinct()
      .where('supplierId', '=', supplierId)
      .where('status', 'in', HELD_CATEGORY)
      .where('categoryCode', 'in', codes)
      .execute();
    if (held.length < codes.length)
      return refuse('NOT_QUALIFIED_IN_CATEGORY', `未取得${query.categories!.text}的准入资格`);
  }
  if (query.at && (await expiredMandatoryQualifications(db, supplierId, businessDay(query.at))).length > 0)
    return refuse('QUALIFICATION_EXPIRED', '的必备资质已过期');
  if (query.purpose === 'order') return orderRefusal(db, supplierId, query, refuse);
  return null;
}

/** PO-1 beyond the company and category status: a current grade that blocks orders (EVA-5), the TRIAL caps (QLF-4). */
async function orderRefusal(
  db: Db,
  supplierId: string,
  query: EligibilityQuery,
  refuse: (reason: IneligibleReason, what: string) => Ineligible,
): Promise<Ineligible | null> {
  let g = db
    .selectFrom('supplierGrade')
    .select(['grade', 'flags', 'gradeValidTo'])
    .where('supplierId', '=', supplierId);
  if (query.tenantId !== undefined) g = g.where('tenantId', '=', query.tenantId);
  const grade = await g.executeTakeFirst();
  if (grade && grade.gradeValidTo >= businessDay() && grade.flags.split(',').includes('BLOCK_PO'))
    return refuse('GRADE_BLOCKS', `绩效等级为${grade.grade}，已被限制接收订单`);
  const values = Object.entries(query.openOrderValue ?? {});
  if (values.length === 0) return null;
  const trials = await db
    .selectFrom('supplierCategory')
    .select(['categoryCode', 'trialLimitAmount'])
    .where('supplierId', '=', supplierId)
    .where('status', '=', 'TRIAL')
    .where(
      'categoryCode',
      'in',
      values.map(([code]) => code),
    )
    .execute();
  for (const t of trials) {
    const open = query.openOrderValue![t.categoryCode]!;
    if (t.trialLimitAmount !== null && compare(open, t.trialLimitAmount) > 0)
      return refuse(
        'TRIAL_CAP',
        `在试用品类${t.categoryCode}的未完成订单金额 ${open} 超过试用限额 ${t.trialLimitAmount}`,
      );
  }
  return null;
}

/** The refusal as a sentence: the reason, what the supplier may not do, and the rule (`供应商不存在` alone). */
export function refusalText(refusal: Ineligible, action: string, rule: string): string {
  return refusal.reason === 'UNKNOWN' ? refusal.message : `${refusal.message}，不能${action}（${rule}）`;
}
