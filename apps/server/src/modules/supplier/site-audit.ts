import { SITE_AUDIT_RESULT_TEXT } from '@procura/shared';
import type { SessionUser } from '../../core/access.js';
import { badRequest, businessError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { businessDay, serverNowIso, toWireDateTime } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import { defineDocumentFiles, listsFile } from '../files/document-files.js';
import type { AdmissionReviews } from './admission-review.js';

export const SITE_AUDIT_RESULTS = ['PASS', 'CONDITIONAL', 'FAIL'] as const;
export type SiteAuditResult = (typeof SITE_AUDIT_RESULTS)[number];
const RESULT_TEXT: Record<SiteAuditResult, string> = SITE_AUDIT_RESULT_TEXT;

export type SiteAuditInput = {
  reviewId: string;
  auditDate: string;
  address: string;
  members: string[];
  supplierEscort?: string | null;
  checklistTemplateId?: string | null;
  score: number;
  result: SiteAuditResult;
  findings?: string | null;
  /** Comma-joined stored paths from the upload service. */
  files?: string | null;
};

// X-11: the audited supplier reads the files of its site audits (reports, photos), whoever uploaded them.
export const siteAuditFiles = defineDocumentFiles('SITE_AUDIT', {
  readableBy: async (db, user, path) =>
    !!user.supplierId &&
    !!(await db
      .selectFrom('supplierSiteAudit')
      .select('id')
      .where('supplierId', '=', user.supplierId)
      .where(listsFile('files', path))
      .executeTakeFirst()),
});

const split = (value: string | null | undefined) => [
  ...new Set(
    (value ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  ),
];

/**
 * The site audit (现场评审, domain §4.1) of an admission review holding the SITE_AUDIT step: the
 * buyer records it while the review is IN_REVIEW (one per review; recording again edits it).
 * Its conclusion sets the step: PASS and CONDITIONAL pass it, FAIL fails it (QLF-2: then only
 * REJECT, unless M waives the step); a CONDITIONAL audit suggests the decision 有条件通过.
 */
export class SiteAudits {
  constructor(
    private readonly db: Db,
    private readonly reviews: AdmissionReviews,
  ) {}

  async record(user: SessionUser, tenantId: number, input: SiteAuditInput): Promise<'created' | 'updated'> {
    const findings = input.findings?.trim() || null;
    // Why a conditional or failed audit matters is what the decision rests on.
    if (input.result !== 'PASS' && !findings)
      throw badRequest('有条件通过或不通过须填写发现的问题', { findings: '请填写发现的问题' });
    if (input.auditDate > businessDay())
      throw badRequest('评审日期不能晚于今天', { auditDate: '评审日期不能晚于今天' });
    return this.db.transaction().execute(async (trx) => {
      const r = await this.reviews.find(trx, input.reviewId, tenantId);
      if (r.status !== 'IN_REVIEW') throw businessError('只有评审中的准入评审可以记录现场评审');
      if (!(JSON.parse(r.steps) as { step: string }[]).some((x) => x.step === 'SITE_AUDIT'))
        throw businessError('该准入评审不包含“现场评审”步骤');
      const members = [...new Set(input.members)];
      const internal = await trx
        .selectFrom('sysUser')
        .select('id')
        .where('id', 'in', members)
        .where('supplierId', 'is', null)
        .where('userType', '<>', 2)
        .where('delFlag', '=', 0)
        .execute();
      if (internal.length !== members.length)
        throw badRequest('评审成员须为内部用户', { members: '评审成员须为内部用户' });
      if (input.checklistTemplateId) {
        const t = await trx
          .selectFrom('questionTemplate')
          .select('id')
          .where('id', '=', input.checklistTemplateId)
          .where('tenantId', '=', tenantId)
          .executeTakeFirst();
        if (!t) throw badRequest('检查表模板不存在', { checklistTemplateId: '检查表模板不存在' });
      }
      const existing = await trx
        .selectFrom('supplierSiteAudit')
        .selectAll()
        .where('reviewId', '=', r.id)
        .executeTakeFirst();
      const files = split(input.files);
      // Files already on the audit stay; new ones must be the recorder's own uploads (UP-5).
      const added = files.filter((f) => !split(existing?.files).includes(f));
      if (added.length) {
        const owned = await trx
          .selectFrom('sysFile')
          .select('path')
          .where('path', 'in', added)
          .where('ownerId', '=', user.id)
          .execute();
        if (owned.length !== added.length)
          throw badRequest('附件不存在，请重新上传', { files: '附件不存在，请重新上传' });
      }
      const values = {
        auditDate: input.auditDate,
        address: input.address,
        members: members.join(','),
        supplierEscort: input.supplierEscort?.trim() || null,
        checklistTemplateId: input.checklistTemplateId || null,
        score: input.score,
        result: input.result,
        findings,
        files: files.join(',') || null,
        recordedBy: user.id,
        recordedAt: serverNowIso(),
      };
      if (existing) {
        const done = await trx
          .updateTable('supplierSiteAudit')
          .set(values)
          .set((eb) => ({ version: eb('version', '+', 1) }))
          .where('id', '=', existing.id)
          .where('version', '=', existing.version)
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) !== 1) throw businessError('现场评审已被他人修改，请刷新后重试');
      } else {
        await trx
          .insertInto('supplierSiteAudit')
          .values({ id: newId(), tenantId, reviewId: r.id, supplierId: r.supplierId, ...values })
          .execute();
      }
      const comment = `现场评审${RESULT_TEXT[input.result]}，得分 ${input.score}${findings ? `：${findings}` : ''}`;
      await this.reviews.stepFromEvidence(trx, r, {
        step: 'SITE_AUDIT',
        result: input.result === 'FAIL' ? 'FAILED' : 'PASSED',
        comment,
        evidence: `现场评审记录 ${input.auditDate}`,
        by: user.realname || user.username,
      });
      return existing ? 'updated' : 'created';
    });
  }

  /** The audits of some reviews with the members' and recorder's names, by review id. */
  async ofReviews(reviewIds: string[]) {
    if (reviewIds.length === 0) return new Map<string, never>();
    const rows = await this.db
      .selectFrom('supplierSiteAudit as a')
      .leftJoin('questionTemplate as t', 't.id', 'a.checklistTemplateId')
      .leftJoin('sysUser as u', 'u.id', 'a.recordedBy')
      .select([
        'a.id',
        'a.reviewId',
        'a.auditDate',
        'a.address',
        'a.members',
        'a.supplierEscort',
        'a.checklistTemplateId',
        't.name as checklistTemplateName',
        'a.score',
        'a.result',
        'a.findings',
        'a.files',
        'a.recordedAt',
        'u.realname as recordedByName',
      ])
      .where('a.reviewId', 'in', reviewIds)
      .execute();
    const memberIds = [...new Set(rows.flatMap((r) => split(r.members)))];
    const names = new Map(
      memberIds.length
        ? (await this.db.selectFrom('sysUser').select(['id', 'realname']).where('id', 'in', memberIds).execute()).map(
            (u) => [u.id, u.realname],
          )
        : [],
    );
    return new Map(
      rows.map((r) => [
        r.reviewId,
        {
          ...r,
          members: split(r.members),
          memberNames: split(r.members).map((id) => names.get(id) ?? id),
          recordedAt: toWireDateTime(r.recordedAt),
        },
      ]),
    );
  }

  /** Who can be a member (internal users) and which questionnaire templates serve as checklists. */
  async options(tenantId: number) {
    const users = await this.db
      .selectFrom('sysUser')
      .select(['id', 'username', 'realname'])
      .where('supplierId', 'is', null)
      .where('userType', '<>', 2)
      .where('delFlag', '=', 0)
      .where('status', '=', 1)
      .orderBy('username')
      .limit(2000)
      .execute();
    const templates = await this.db
      .selectFrom('questionTemplate')
      .select(['id', 'code', 'name', 'status'])
      .where('tenantId', '=', tenantId)
      .orderBy('code')
      .execute();
    return { users, templates };
  }
}
