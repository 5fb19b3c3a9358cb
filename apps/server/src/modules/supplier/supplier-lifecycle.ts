import { INFO_SECTIONS, type CategoryAction, type CompanyAction, type InfoSection } from '@procura/shared';
import type { SessionUser } from '../../core/access.js';
import { businessError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { serverNowIso } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import { defineApprovalDocType, submitForApproval, type ApprovalDocTypeDef } from '../approval/index.js';
import { changeCategory, decideAdmission } from './category-standing.js';
import {
  approverActor,
  loadSupplier,
  notifySupplier,
  refuseFrom,
  setSupplierStatus,
  statusLabels,
  supplierById,
  type Supplier,
} from './lifecycle-queries.js';
import { logStatusChange } from './status-log.js';
import { noticeHtml } from '../../core/sanitize.js';
import { statusRequestApprovalDetail } from './status-request-approval-detail.js';

export type { StatusLabels } from './lifecycle-queries.js';

/** Company transitions of domain §4.4: where each may start, and its Chinese name for messages. */
const COMPANY: Record<CompanyAction, { from: readonly string[]; label: string; needsReason: boolean }> = {
  approveInfo: { from: ['PENDING_REVIEW'], label: '审核通过', needsReason: false },
  returnInfo: { from: ['PENDING_REVIEW'], label: '退回', needsReason: false },
  freeze: { from: ['POTENTIAL', 'QUALIFIED'], label: '冻结', needsReason: true },
  unfreeze: { from: ['FROZEN'], label: '解冻', needsReason: true },
  // SST-1: B proposes, M approves; never from REGISTERED.
  blacklist: {
    from: ['PENDING_REVIEW', 'POTENTIAL', 'QUALIFIED', 'FROZEN', 'ELIMINATED'],
    label: '列入黑名单',
    needsReason: true,
  },
  liftBlacklist: { from: ['BLACKLISTED'], label: '解除黑名单', needsReason: true },
  eliminate: { from: ['POTENTIAL', 'QUALIFIED', 'FROZEN'], label: '淘汰', needsReason: true },
};

/**
 * Requests that wait for a second person (X-10), by the action they carry out when approved.
 * ADMISSION requests are no longer raised (admission reviews replaced them); the type stays
 * registered so requests already in the approval engine can still be decided.
 */
type RequestAction = 'BLACKLIST' | 'LIFT_BLACKLIST' | 'ADMISSION';
const REQUEST_LABEL: Record<RequestAction, string> = {
  BLACKLIST: '拉黑申请',
  LIFT_BLACKLIST: '解除黑名单申请',
  ADMISSION: '品类准入申请',
};
/** Approval document types (configure their steps at 审批中心 › 审批配置). */
export const REQUEST_DOC_TYPE: Record<RequestAction, string> = {
  BLACKLIST: 'SUPPLIER_BLACKLIST',
  LIFT_BLACKLIST: 'SUPPLIER_BLACKLIST_LIFT',
  ADMISSION: 'SUPPLIER_ADMISSION',
};

/** What an approved admission review decided (§4.3); REJECT terminates the applying category. */
export type ReviewOutcome = { decision: 'APPROVE' | 'CONDITIONAL' | 'REJECT'; trialLimitAmount: string | null };

/**
 * Every supplier status change as a named transition (X-3): checks the current status, writes
 * the change and its SupplierStatusLog row in one transaction (SUP-6) and notifies (X-12).
 * Permission codes are checked by the routes; tenant scope by `loadInTenant`.
 */
export class SupplierLifecycle {
  constructor(private readonly db: Db) {}

  /** A company transition by an internal user (approve, return, freeze, unfreeze, eliminate; blacklist and lift only propose). */
  async company(
    user: SessionUser,
    tenantId: number,
    action: CompanyAction,
    body: { id: string; reason: string; comments?: Partial<Record<InfoSection, string>> },
  ): Promise<string> {
    const rule = COMPANY[action];
    if (rule.needsReason && !body.reason) throw businessError('请填写原因');
    return this.db.transaction().execute(async (trx) => {
      const s = await loadSupplier(trx, body.id, tenantId);
      if (!rule.from.includes(s.status)) await refuseFrom(trx, s.status, rule.label);
      const log = { supplierId: s.id, from: s.status, actorId: user.id, actorKind: 'INTERNAL' as const };
      switch (action) {
        case 'approveInfo': {
          if (s.infoStatus !== 'SUBMITTED') throw businessError('企业信息尚未提交，不能审核');
          await setSupplierStatus(trx, s, user, 'POTENTIAL', {
            infoStatus: 'APPROVED',
            approvedBy: user.id,
            approvedAt: serverNowIso(),
            returnComments: null,
          });
          await logStatusChange(trx, {
            ...log,
            to: 'POTENTIAL',
            reason: body.reason || '企业信息审核通过',
            sourceDocType: 'SUPPLIER_INFO',
            sourceDocId: s.id,
          });
          await this.openCategories(trx, s, user);
          await notifySupplier(
            trx,
            s,
            '企业信息审核通过',
            noticeHtml`<p>贵司（${s.name}）的企业信息已审核通过，当前状态：潜在供应商。</p>`,
          );
          return '审核通过';
        }
        case 'returnInfo': {
          const comments = Object.fromEntries(Object.entries(body.comments ?? {}).filter(([, v]) => v));
          if (Object.keys(comments).length === 0) throw businessError('请至少填写一条退回意见');
          await setSupplierStatus(trx, s, user, 'REGISTERED', {
            infoStatus: 'RETURNED',
            returnComments: JSON.stringify(comments),
          });
          // SUP-3: the supplier is held at the completion form again.
          await trx.updateTable('sysUser').set({ isShow: 2 }).where('supplierId', '=', s.id).execute();
          const text = Object.entries(comments)
            .map(([k, v]) => `${INFO_SECTIONS[k as InfoSection]}：${v}`)
            .join('；');
          await logStatusChange(trx, {
            ...log,
            to: 'REGISTERED',
            reason: `企业信息退回：${text}`,
            sourceDocType: 'SUPPLIER_INFO',
            sourceDocId: s.id,
          });
          await notifySupplier(
            trx,
            s,
            '企业信息被退回',
            noticeHtml`<p>贵司的企业信息被退回，请按意见修改后重新提交：${text}</p>`,
          );
          return '已退回';
        }
        case 'freeze': {
          await setSupplierStatus(trx, s, user, 'FROZEN', { resumeStatus: s.status });
          await logStatusChange(trx, {
            ...log,
            to: 'FROZEN',
            reason: body.reason,
            sourceDocType: 'FREEZE',
            sourceDocId: s.id,
          });
          await notifySupplier(trx, s, '供应商已被冻结', noticeHtml`<p>贵司已被冻结，原因：${body.reason}</p>`);
          return '已冻结';
        }
        case 'unfreeze': {
          const to = s.resumeStatus ?? 'POTENTIAL';
          await setSupplierStatus(trx, s, user, to, { resumeStatus: null });
          await logStatusChange(trx, { ...log, to, reason: body.reason, sourceDocType: 'UNFREEZE', sourceDocId: s.id });
          await notifySupplier(trx, s, '供应商已解冻', `<p>贵司已解冻。</p>`);
          return '已解冻';
        }
        case 'eliminate': {
          await setSupplierStatus(trx, s, user, 'ELIMINATED');
          await logStatusChange(trx, {
            ...log,
            to: 'ELIMINATED',
            reason: body.reason,
            sourceDocType: 'ELIMINATION',
            sourceDocId: s.id,
          });
          await notifySupplier(trx, s, '供应商已被淘汰', noticeHtml`<p>贵司已被淘汰，原因：${body.reason}</p>`);
          return '已淘汰';
        }
        case 'blacklist':
          await this.propose(trx, s, user, tenantId, 'BLACKLIST', body.reason);
          return '拉黑申请已提交，等待审批';
        case 'liftBlacklist':
          await this.propose(trx, s, user, tenantId, 'LIFT_BLACKLIST', body.reason);
          return '解除黑名单申请已提交，等待审批';
      }
    });
  }

  /** Info approval opens an APPLYING standing for each offered category not yet held. */
  private async openCategories(trx: Db, s: Supplier, user: SessionUser): Promise<void> {
    let offered: string[] = [];
    try {
      offered = (JSON.parse(s.mainCategories) as unknown[]).filter((c): c is string => typeof c === 'string');
    } catch {
      offered = [];
    }
    const held = new Set(
      (await trx.selectFrom('supplierCategory').select('categoryCode').where('supplierId', '=', s.id).execute()).map(
        (r) => r.categoryCode,
      ),
    );
    const now = serverNowIso();
    for (const code of offered.filter((c) => !held.has(c))) {
      await trx
        .insertInto('supplierCategory')
        .values({
          id: newId(),
          supplierId: s.id,
          categoryCode: code,
          status: 'APPLYING',
          qualifiedAt: null,
          suspendedAt: null,
          sourceRequestId: null,
          createTime: now,
          updateTime: null,
        })
        .execute();
      await logStatusChange(trx, {
        supplierId: s.id,
        categoryCode: code,
        from: null,
        to: 'APPLYING',
        reason: '供应商申请供应该品类',
        sourceDocType: 'SUPPLIER_INFO',
        sourceDocId: s.id,
        actorId: user.id,
        actorKind: 'INTERNAL',
      });
    }
  }

  private async propose(
    trx: Db,
    s: Supplier,
    user: SessionUser,
    tenantId: number,
    action: RequestAction,
    reason: string,
    categoryCode: string | null = null,
  ): Promise<string> {
    let pending = trx
      .selectFrom('supplierStatusRequest')
      .select('id')
      .where('supplierId', '=', s.id)
      .where('action', '=', action)
      .where('status', '=', 'PENDING');
    if (categoryCode) pending = pending.where('categoryCode', '=', categoryCode);
    // QLF-5 and its company-level twin: one open request of a kind at a time.
    if (await pending.executeTakeFirst()) throw businessError(`已有待审批的${REQUEST_LABEL[action]}`);
    const id = newId();
    await trx
      .insertInto('supplierStatusRequest')
      .values({
        id,
        supplierId: s.id,
        action,
        categoryCode,
        reason,
        status: 'PENDING',
        proposedBy: user.id,
        proposedAt: serverNowIso(),
        decidedBy: null,
        decidedAt: null,
        decisionComment: null,
      })
      .execute();
    // X-10 / SST-1: M decides through the approval engine; the proposer never approves it.
    const title = `${REQUEST_LABEL[action]}：${s.name}${categoryCode ? `（${(await statusLabels(trx)).categoryName.get(categoryCode) ?? categoryCode}）` : ''}`;
    const started = await submitForApproval(trx, {
      docType: REQUEST_DOC_TYPE[action],
      docId: id,
      title,
      amount: null,
      submitterId: user.id,
      tenantId,
    });
    // Without configured steps the engine approves at once; these changes need a second person, so refuse (and roll back).
    if (started.status === 'APPROVED')
      throw businessError(`${REQUEST_LABEL[action]}须经审批，请先在 审批中心 › 审批配置 中设置审批步骤`);
    return id;
  }

  /** The request types, approved through the engine (the manifest lists them); their outcome moves the supplier on. */
  approvalDocTypes(): ApprovalDocTypeDef[] {
    return (Object.keys(REQUEST_DOC_TYPE) as RequestAction[]).map((action) =>
      defineApprovalDocType(REQUEST_DOC_TYPE[action], {
        label: REQUEST_LABEL[action].replace('申请', ''),
        openPage: '/srm/supplier/list',
        detail: statusRequestApprovalDetail,
        onApproved: (trx, o) => this.decided(trx, o.instance.docId, true, o.actorId, o.comment),
        onRejected: (trx, o) => this.decided(trx, o.instance.docId, false, o.actorId, o.comment),
        onWithdrawn: (trx, o) => this.decided(trx, o.instance.docId, false, o.actorId, o.comment, 'WITHDRAWN'),
      }),
    );
  }

  /** The end of a request's approval, inside the deciding transaction. */
  private async decided(
    trx: Db,
    requestId: string,
    approve: boolean,
    actorId: string | null,
    comment: string | null,
    status = approve ? 'APPROVED' : 'REJECTED',
  ): Promise<void> {
    const r = await trx.selectFrom('supplierStatusRequest').selectAll().where('id', '=', requestId).executeTakeFirst();
    if (!r || r.status !== 'PENDING') throw businessError('该申请已处理');
    await trx
      .updateTable('supplierStatusRequest')
      .set({ status, decidedBy: actorId, decidedAt: serverNowIso(), decisionComment: comment })
      .where('id', '=', r.id)
      .execute();
    const s = await supplierById(trx, r.supplierId);
    const actor = await approverActor(trx, actorId);
    const log = { supplierId: s.id, from: s.status, actorId, actorKind: 'INTERNAL' as const, sourceDocId: r.id };
    const action = r.action as RequestAction;
    if (action === 'ADMISSION') {
      if (status === 'WITHDRAWN') return;
      await decideAdmission(trx, s, actor, actorId, r.categoryCode!, r.id, approve, comment || r.reason);
      return;
    }
    if (!approve) return;
    if (action === 'BLACKLIST') {
      if (!COMPANY.blacklist.from.includes(s.status)) await refuseFrom(trx, s.status, COMPANY.blacklist.label);
      // Unfreezing after a lift returns to where the supplier stood before (FROZEN keeps its own resume status).
      await setSupplierStatus(trx, s, actor, 'BLACKLISTED', {
        resumeStatus: s.status === 'FROZEN' ? s.resumeStatus : s.status,
      });
      await logStatusChange(trx, { ...log, to: 'BLACKLISTED', reason: r.reason, sourceDocType: 'BLACKLIST_REQUEST' });
      // SST-2: open portal sign-ups are cancelled.
      await trx
        .updateTable('portalSignup')
        .set({ status: 'CANCELLED' })
        .where('supplierId', '=', s.id)
        .where('status', '=', 'SIGNED_UP')
        .execute();
      await notifySupplier(trx, s, '供应商已被列入黑名单', noticeHtml`<p>贵司已被列入黑名单，原因：${r.reason}</p>`);
      return;
    }
    if (!COMPANY.liftBlacklist.from.includes(s.status)) await refuseFrom(trx, s.status, COMPANY.liftBlacklist.label);
    // SST-1: a lifted blacklist lands in FROZEN, not back where it was.
    await setSupplierStatus(trx, s, actor, 'FROZEN');
    await logStatusChange(trx, { ...log, to: 'FROZEN', reason: r.reason, sourceDocType: 'LIFT_BLACKLIST_REQUEST' });
    await notifySupplier(trx, s, '黑名单已解除', '<p>贵司已移出黑名单，当前为冻结状态。</p>');
  }

  /** A per-category transition by M (admission itself goes through an admission review, §4.3). */
  async category(
    user: SessionUser,
    tenantId: number,
    action: CategoryAction,
    body: { id: string; categoryCode: string; reason: string },
  ): Promise<string> {
    if (!body.reason) throw businessError('请填写原因');
    return this.db
      .transaction()
      .execute(async (trx) => changeCategory(trx, user, await loadSupplier(trx, body.id, tenantId), action, body));
  }

  /**
   * The approved end of an admission review (§4.3): the same qualification path as a direct
   * admission (QLF-1, first category makes the company QUALIFIED), logged with the review as
   * its source document. Runs inside the approval engine's deciding transaction.
   */
  async qualifyByReview(
    trx: Db,
    supplierId: string,
    categoryCode: string,
    reviewId: string,
    actorId: string | null,
    reason: string,
    outcome: ReviewOutcome = { decision: 'APPROVE', trialLimitAmount: null },
  ): Promise<void> {
    const s = await supplierById(trx, supplierId);
    const trial = outcome.decision === 'CONDITIONAL' ? outcome.trialLimitAmount : null;
    await decideAdmission(
      trx,
      s,
      await approverActor(trx, actorId),
      actorId,
      categoryCode,
      reviewId,
      outcome.decision !== 'REJECT',
      reason,
      'ADMISSION_REVIEW',
      trial,
    );
  }
}
