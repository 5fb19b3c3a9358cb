import { toWireDateTime } from '../../core/clock.js';
import { sql, type SqlBool } from 'kysely';
import type { AppContext } from '../../app-context.js';
import { escapeLike } from '../../core/paging.js';
import { internalUsers } from '../tender/internal-users.js';
import type { EventRow } from '../sourcing/sourcing-service.js';
import { bidderLinks, EXPERT_ROLE } from './evaluation-service.js';
import type { Db } from '../../db/database.js';

/* Reads of an evaluation shared by its routes. */

/** The evaluation report with its candidates and signatures, or null before it is generated. */
export async function reportView(db: Db, eventId: string) {
  const report = await db
    .selectFrom('tenderEvaluationReport')
    .selectAll()
    .where('eventId', '=', eventId)
    .executeTakeFirst();
  if (!report) return null;
  const [candidates, signatures] = await Promise.all([
    db.selectFrom('tenderCandidate').selectAll().where('reportId', '=', report.id).orderBy('rank').execute(),
    db
      .selectFrom('tenderReportSignature as s')
      .innerJoin('tenderCommitteeMember as m', 'm.id', 's.memberId')
      .select(['s.memberId', 'm.userName', 's.signedAt'])
      .where('s.reportId', '=', report.id)
      .execute(),
  ]);
  return {
    ...report,
    ranking: JSON.parse(report.ranking) as unknown[],
    createTime: toWireDateTime(report.createTime),
    signedAt: toWireDateTime(report.signedAt),
    candidates,
    signatures: signatures.map((s) => ({ ...s, signedAt: toWireDateTime(s.signedAt) })),
  };
}

/** Who may sit on the committee: active internal users, experts first, with any link to a bidder (TND-11). */
export async function committeeCandidates(
  db: Db,
  kind: AppContext['kind'],
  event: EventRow,
  tenantId: EventRow['tenantId'],
  keyword: string | undefined,
) {
  let q = internalUsers(db, tenantId)
    .select(['u.id', 'u.username', 'u.realname', 'u.phone', 'u.email', 'u.supplierId'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('sysUserRole as ur')
            .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
            .select('ur.id')
            .whereRef('ur.userId', '=', 'u.id')
            .where('r.roleCode', '=', EXPERT_ROLE),
        )
        .as('isExpert'),
    );
  if (keyword) {
    const pattern = `%${escapeLike(keyword)}%`;
    const like = (column: 'u.username' | 'u.realname') =>
      kind === 'postgres'
        ? sql<SqlBool>`${sql.ref(column)} ilike ${pattern} escape ${'\\'}`
        : sql<SqlBool>`${sql.ref(column)} like ${pattern} escape ${'\\'}`;
    q = q.where((eb) => eb.or([like('u.username'), like('u.realname')]));
  }
  const rows = await q.orderBy('isExpert', 'desc').orderBy('u.username').limit(50).execute();
  const linkOf = await bidderLinks(db, event);
  return rows.map((u) => ({
    id: u.id,
    username: u.username,
    realname: u.realname,
    isExpert: Boolean(u.isExpert),
    linkedBidder: linkOf(u),
  }));
}
