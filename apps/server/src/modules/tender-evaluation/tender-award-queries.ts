import { COMMITTEE_ROLE_TEXT, candidateTitle } from '@procura/shared';
import { businessDay, toWireDateTime } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import { byRole, evaluationSettings, tenderSettingsOf } from './evaluation-service.js';

/* Reads of a tender's award: candidates, the buyer's award view, the bidder's result (TND-11). */

/** The evaluation report's candidates in rank order. */
export async function candidatesFor(db: Db, eventId: string) {
  return db.selectFrom('tenderCandidate').selectAll().where('eventId', '=', eventId).orderBy('rank').execute();
}

export function wireAward<
  T extends {
    approvedAt: string | null;
    noticeIssuedAt: string | null;
    publicityStartAt: string | null;
    publicityEndAt: string | null;
    createTime: string;
    updateTime: string | null;
  },
>(a: T) {
  return {
    ...a,
    approvedAt: toWireDateTime(a.approvedAt),
    noticeIssuedAt: toWireDateTime(a.noticeIssuedAt),
    publicityStartAt: toWireDateTime(a.publicityStartAt),
    publicityEndAt: toWireDateTime(a.publicityEndAt),
    createTime: toWireDateTime(a.createTime),
    updateTime: toWireDateTime(a.updateTime),
  };
}

export const wireObjection = <T extends { receivedAt: string; answeredAt: string | null }>(o: T) => ({
  ...o,
  receivedAt: toWireDateTime(o.receivedAt),
  answeredAt: toWireDateTime(o.answeredAt),
});

/** The award with its lines, the candidates, objections, and what the proposal form must know. */
export async function tenderAwardView(db: Db, eventId: string) {
  const award = await db
    .selectFrom('sourcingAward')
    .selectAll()
    .where('eventId', '=', eventId)
    .where('status', '<>', 'CANCELLED')
    .executeTakeFirst();
  const [lines, candidates, objections, settings, tender, report] = await Promise.all([
    award
      ? db.selectFrom('sourcingAwardLine').selectAll().where('awardId', '=', award.id).execute()
      : Promise.resolve([]),
    candidatesFor(db, eventId),
    db.selectFrom('tenderObjection').selectAll().where('eventId', '=', eventId).orderBy('receivedAt').execute(),
    evaluationSettings(db, eventId),
    tenderSettingsOf(db, eventId),
    db.selectFrom('tenderEvaluationReport').select('status').where('eventId', '=', eventId).executeTakeFirst(),
  ]);
  // What the proposal form needs to know before sending: TND-21 (the evaluation's setting, else the tender's) and TND-16.
  const mustAwardRank1 = (settings?.mustAwardRank1 ?? tender?.mustAwardRank1 ?? 0) === 1;
  return {
    award: award ? { ...wireAward(award), lines } : null,
    candidates,
    objections: objections.map(wireObjection),
    mustAwardRank1,
    reportStatus: report?.status ?? null,
    // The server's business day: the proposal's price validity starts on it by default and never
    // before it (MAT-4, X-1), whatever the browser's own clock says.
    today: businessDay(),
  };
}

/** A bidder's view: candidates in publicity, the winner and the committee once FINAL, its own objections. */
export async function supplierTenderResult(db: Db, eventId: string, supplierId: string) {
  const award = await db
    .selectFrom('sourcingAward')
    .selectAll()
    .where('eventId', '=', eventId)
    .where('status', 'in', ['PUBLICITY', 'SUSPENDED', 'FINAL'])
    .executeTakeFirst();
  const objections = await db
    .selectFrom('tenderObjection')
    .selectAll()
    .where('eventId', '=', eventId)
    .where('supplierId', '=', supplierId)
    .orderBy('receivedAt')
    .execute();
  if (!award) return { status: null, candidates: null, committee: null, objections: objections.map(wireObjection) };
  const candidates = (await candidatesFor(db, eventId)).map((c) => ({
    rank: c.rank,
    title: candidateTitle(c.rank),
    supplierName: c.supplierName,
  }));
  const winner =
    award.status === 'FINAL'
      ? ((
          await db
            .selectFrom('sourcingAwardLine')
            .select('supplierName')
            .where('awardId', '=', award.id)
            .executeTakeFirst()
        )?.supplierName ?? null)
      : null;
  const committee =
    award.status === 'FINAL'
      ? byRole(
          await db
            .selectFrom('tenderCommitteeMember')
            .select(['userName', 'role'])
            .where('eventId', '=', eventId)
            .execute(),
        ).map((m) => ({ name: m.userName, role: COMMITTEE_ROLE_TEXT[m.role] ?? m.role }))
      : null;
  return {
    status: award.status,
    publicityStartAt: toWireDateTime(award.publicityStartAt),
    publicityEndAt: toWireDateTime(award.publicityEndAt),
    candidates,
    winner,
    committee,
    objections: objections.map(wireObjection),
  };
}
