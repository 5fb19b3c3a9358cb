import { noticeHtml } from '../../core/sanitize.js';
import {
  CHANGE_FIELDS,
  CHANGE_STATUS_LABELS,
  changeWorkflow,
  workflowRefusal,
  type ChangeRequestAction,
  EVIDENCE_REQUIRED_MESSAGE,
  isCriticalChange,
  type ChangeField,
  type ChangeFormValues,
  type ChangeHistoryRow,
  type changeDraftSchema,
} from '@procura/shared';
import type { z } from 'zod';
import type { Actor, SessionUser } from '../../core/access.js';
import { operatorOf, runTransition, writeDocLog } from '../../workflow/transition.js';
import { operatorById } from '../../workflow/doc-log.js';
import { badRequest, businessError, forbidden, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { serverNowIso, toWireDateTime } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import type { SupplierChangeRequestTable } from './supplier-change-tables.js';
import {
  defineApprovalDocType,
  submitForApproval,
  withdrawApproval,
  type ApprovalDetailContext,
  type ApprovalDocTypeDef,
  type ApprovalOutcome,
} from '../approval/index.js';
import { notifyUsers } from '../announcements/notify.js';
import { logStatusChange, supplierUserIds } from '../supplier/status-log.js';
import { currentValues, diffValues, parseChanges, wantedValues } from './change-values.js';
import { changeApprovalDetail } from './change-approval-detail.js';

import {
  changeHistory,
  changingSupplier,
  insertRequest,
  nameOrUsccHolder,
  ownedPaths,
  requestById,
  requestHead,
  runningApprovalId,
  submittedRequestCode,
  supplierStatus,
  updateDraft,
  usernameOf,
  writeChanges,
} from './change-queries.js';

export { currentValues } from './change-values.js';

/** Critical changes (CHG-3): a manager approves. */
export const CHANGE_DOC_TYPE = 'SUPPLIER_CHANGE';
/** Changes of non-critical facts only (contacts): a buyer approves (§5 approve(B)). */
export const GENERAL_CHANGE_DOC_TYPE = 'SUPPLIER_CHANGE_GENERAL';
const DOC_TYPES = [CHANGE_DOC_TYPE, GENERAL_CHANGE_DOC_TYPE];
/** Company statuses in which the profile changes through a request (domain §4.4 "via change request"). */
const REQUESTABLE = new Set(['POTENTIAL', 'QUALIFIED', 'FROZEN']);
const OPEN_PAGE = '/srm/supplier/change';

/** Saving a draft or submitting; both carry the whole wanted values. */
type Input = z.output<typeof changeDraftSchema>;

/**
 * Change requests of domain §5: the supplier drafts and submits (CHG-1, CHG-3), the approval
 * engine decides (X-10; the submitter never approves), approval applies every change in the
 * deciding transaction against the version it was made from (CHG-2) and writes the history (CHG-6).
 */
export class SupplierChangeService {
  constructor(private readonly db: Db) {}

  /** The two change request document types (the manifest lists them). */
  approvalDocTypes(): ApprovalDocTypeDef[] {
    const handlers = {
      openPage: OPEN_PAGE,
      detail: ({ db }: ApprovalDetailContext, docId: string) => changeApprovalDetail(db, docId),
      // apply and close tell the supplier's users, the submitter among them.
      tellsSubmitter: true,
      onApproved: (trx: Db, o: ApprovalOutcome) => this.apply(trx, o),
      onRejected: (trx: Db, o: ApprovalOutcome) => this.close(trx, o, 'REJECTED'),
      onWithdrawn: (trx: Db, o: ApprovalOutcome) => this.close(trx, o, 'WITHDRAWN'),
    };
    return [
      defineApprovalDocType(CHANGE_DOC_TYPE, { label: '供应商变更', ...handlers }),
      defineApprovalDocType(GENERAL_CHANGE_DOC_TYPE, { label: '供应商一般信息变更', ...handlers }),
    ];
  }

  /**
   * Saves a DRAFT or submits a request (a new one, or the draft `input.id`). A supplier user
   * asks for its own company; a buyer submits on a supplier's behalf (`onBehalfOf`, initiatedBy
   * BUYER) for a supplier of its tenant. The changes are always computed against the profile
   * as it stands, so a draft saved or submitted again is refreshed against it (CHG-2).
   */
  async save(
    user: SessionUser,
    input: Input,
    status: 'DRAFT' | 'SUBMITTED',
    code: (trx: Db, tenantId: number) => Promise<string>,
    onBehalfOf?: { supplierId: string; tenantId: number },
  ): Promise<{ id: string; code: string }> {
    if (onBehalfOf ? user.supplierId : !user.supplierId)
      throw forbidden(onBehalfOf ? '供应商用户不能代其他供应商提交变更申请' : '仅供应商用户可以提交变更申请');
    if (onBehalfOf && (status === 'DRAFT' || input.id)) throw badRequest('代供应商发起的变更申请不能保存草稿');
    const supplierId = onBehalfOf?.supplierId ?? user.supplierId!;
    // CHG-3 evidence: the files must be this user's own uploads.
    const paths = input.files
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const owned = await ownedPaths(this.db, paths, user.id);
    if (owned.length !== new Set(paths).size)
      throw badRequest('证明材料文件不存在，请重新上传', { files: '证明材料文件不存在，请重新上传' });

    return this.db.transaction().execute(async (trx) => {
      const draft = input.id ? await requestHead(trx, input.id) : undefined;
      // another supplier's draft does not exist for this user.
      if (input.id && (!draft || draft.supplierId !== supplierId)) throw notFound('变更申请不存在');
      if (draft && draft.status !== 'DRAFT')
        throw businessError(
          status === 'SUBMITTED'
            ? workflowRefusal(changeWorkflow, 'submit', draft.status)
            : `变更申请${CHANGE_STATUS_LABELS[draft.status] ?? draft.status}，不能再修改`,
        );
      const s = await changingSupplier(trx, supplierId);
      // Buyers reach only their tenant's suppliers.
      if (!s || (onBehalfOf && s.tenantId !== onBehalfOf.tenantId)) throw notFound('供应商不存在');
      if (!REQUESTABLE.has(s.status))
        throw businessError('当前供应商状态不能提交变更申请（仅潜在、合格或冻结的供应商可以申请变更）');
      if (status === 'SUBMITTED') {
        // CHG-1: one SUBMITTED request per supplier; drafts do not count (the partial unique index backs it).
        const open = await submittedRequestCode(trx, supplierId);
        if (open) throw businessError(`已有审批中的变更申请（${open}），请等待审批结束或撤回后再提交`);
      }
      const current = await currentValues(trx, supplierId);
      if (input.contacts?.length === 0 && current.contacts.length > 0)
        throw badRequest('请至少保留一个联系人', { contacts: '请至少保留一个联系人' });
      const changes = diffValues(current, input);
      if (changes.length === 0) throw businessError('没有需要变更的内容');
      const critical = isCriticalChange(changes);
      // CHG-3: evidence only for critical fields; contacts alone need none.
      if (status === 'SUBMITTED' && critical && paths.length === 0)
        throw badRequest(EVIDENCE_REQUIRED_MESSAGE, { files: EVIDENCE_REQUIRED_MESSAGE });
      if (status === 'SUBMITTED' && !input.reason) throw badRequest('请填写变更原因', { reason: '请填写变更原因' });
      // SUP-1: the new name or USCC must not belong to another supplier.
      const clash = await nameOrUsccHolder(trx, supplierId, input.name, input.uscc);
      if (clash) {
        const field = clash.uscc === input.uscc ? 'uscc' : 'name';
        const message = field === 'uscc' ? '该统一社会信用代码已被其他供应商使用' : '该企业名称已被其他供应商使用';
        throw badRequest(message, { [field]: message });
      }
      const now = serverNowIso();
      const values = {
        sections: JSON.stringify([...new Set(changes.map((c) => c.section))]),
        changes: JSON.stringify(changes),
        baseVersion: current.version,
        reason: input.reason,
        files: paths.join(','),
        status,
        submittedBy: user.id,
        submittedAt: now,
      };
      let id: string;
      let no: string;
      const actor: Actor = { user, tenantId: s.tenantId, ip: '' };
      if (draft) {
        id = draft.id;
        no = draft.code;
        if (status === 'SUBMITTED')
          await runTransition<SupplierChangeRequestTable, ChangeRequestAction>(trx, changeWorkflow, {
            table: 'supplierChangeRequest',
            id,
            action: 'submit',
            actor,
            patch: values,
          });
        else await updateDraft(trx, id, { ...values, updateBy: user.username, updateTime: now });
      } else {
        id = newId();
        no = await code(trx, s.tenantId);
        await insertRequest(trx, {
          id,
          tenantId: s.tenantId,
          code: no,
          supplierId,
          ...values,
          initiatedBy: onBehalfOf ? 'BUYER' : 'SUPPLIER',
          decidedBy: null,
          decidedAt: null,
          decisionComment: null,
          createBy: user.username,
          createTime: now,
          updateBy: null,
          updateTime: now,
        });
        // A request born submitted (or a new draft) has no transition: its first log row says so.
        await writeDocLog(trx, changeWorkflow, {
          row: { id, tenantId: s.tenantId },
          action: status === 'DRAFT' ? 'create' : 'submit',
          from: null,
          to: status,
          operator: operatorOf(actor),
        });
      }
      if (status === 'DRAFT') return { id, code: no };
      const docType = critical ? CHANGE_DOC_TYPE : GENERAL_CHANGE_DOC_TYPE;
      const started = await submitForApproval(trx, {
        docType,
        docId: id,
        title: `供应商变更：${s.name}（${no}）`,
        amount: null,
        submitterId: user.id,
        tenantId: s.tenantId,
      });
      // CHG-3: a change is never applied unapproved.
      if (started.status === 'APPROVED')
        throw businessError(
          `变更申请须经审批，请联系采购方在 审批中心 › 审批配置 中设置“${critical ? '供应商变更' : '供应商一般信息变更'}”的审批步骤`,
        );
      return { id, code: no };
    });
  }

  /** The values a draft wants, for its edit form (the supplier's own drafts only, X-5). */
  async draftValues(
    user: SessionUser,
    id: string,
  ): Promise<ChangeFormValues & { id: string; reason: string; files: string }> {
    const r = await requestById(this.db, id);
    if (!r || !user.supplierId || r.supplierId !== user.supplierId) throw notFound('变更申请不存在');
    if (r.status !== 'DRAFT') throw businessError(`变更申请${CHANGE_STATUS_LABELS[r.status] ?? r.status}，不能再修改`);
    return {
      ...wantedValues(await currentValues(this.db, r.supplierId), parseChanges(r.changes)),
      id: r.id,
      reason: r.reason,
      files: r.files,
    };
  }

  /**
   * The supplier withdraws its own DRAFT (the `withdraw` transition) or SUBMITTED request (its
   * approval is withdrawn; the engine's outcome calls `close`, the log's `recall`).
   */
  async withdraw(user: SessionUser, id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const r = await requestHead(trx, id);
      // another supplier's request does not exist for this user.
      if (!r || r.supplierId !== user.supplierId) throw notFound('变更申请不存在');
      if (r.status === 'DRAFT') {
        await runTransition<SupplierChangeRequestTable, ChangeRequestAction>(trx, changeWorkflow, {
          table: 'supplierChangeRequest',
          id: r.id,
          action: 'withdraw',
          actor: { user, tenantId: r.tenantId, ip: '' },
          patch: { decidedBy: user.id, decidedAt: serverNowIso() },
        });
        return;
      }
      if (r.status !== 'SUBMITTED') throw businessError(workflowRefusal(changeWorkflow, 'withdraw', r.status));
      const instanceId = await runningApprovalId(trx, DOC_TYPES, r.id);
      if (!instanceId) throw businessError('审批单不存在');
      await withdrawApproval(trx, { id: user.id, tenantId: r.tenantId }, instanceId, '供应商撤回变更申请');
    });
  }

  private async load(trx: Db, id: string): Promise<SupplierChangeRequestTable> {
    const r = await requestById(trx, id);
    if (!r || r.status !== 'SUBMITTED') throw businessError('该变更申请已处理');
    return r;
  }

  /** CHG-2: applies every change in the deciding transaction, only against the version it was made from. */
  private async apply(trx: Db, o: ApprovalOutcome): Promise<void> {
    const r = await this.load(trx, o.instance.docId);
    const current = await currentValues(trx, r.supplierId);
    if (current.version !== r.baseVersion)
      throw businessError('供应商信息在申请提交后已被修改，请驳回该申请并由供应商按当前信息重新提交（CHG-2）');
    const changes = parseChanges(r.changes);
    const now = serverNowIso();
    const by = (await usernameOf(trx, o.actorId)) ?? 'system';
    await runTransition<SupplierChangeRequestTable, ChangeRequestAction>(trx, changeWorkflow, {
      table: 'supplierChangeRequest',
      id: r.id,
      action: 'approve',
      actor: null,
      operator: await operatorById(trx, o.actorId),
      reason: o.comment,
      patch: { decidedBy: o.actorId, decidedAt: now, decisionComment: o.comment },
      after: async () => {
        await writeChanges(trx, r, current, changes, o.actorId, by, now);
        // CHG-6: a note in the supplier's status history (from = to).
        const status = await supplierStatus(trx, r.supplierId);
        const touched = [...new Set(changes.map((c) => (c.section === 'CONTACT' ? '联系人' : c.label)))];
        await logStatusChange(trx, {
          supplierId: r.supplierId,
          from: status,
          to: status,
          reason: `变更申请 ${r.code} 已生效：${touched.join('、')}`,
          sourceDocType: CHANGE_DOC_TYPE,
          sourceDocId: r.id,
          actorId: o.actorId,
          actorKind: 'INTERNAL',
        });
      },
    });
    await this.notify(trx, r, '变更申请已通过', noticeHtml`<p>贵司的变更申请 ${r.code} 已审批通过，变更已生效。</p>`);
  }

  /** Rejection or withdrawal: nothing of the profile changes. */
  private async close(trx: Db, o: ApprovalOutcome, status: 'REJECTED' | 'WITHDRAWN'): Promise<void> {
    const r = await this.load(trx, o.instance.docId);
    await runTransition<SupplierChangeRequestTable, ChangeRequestAction>(trx, changeWorkflow, {
      table: 'supplierChangeRequest',
      id: r.id,
      action: status === 'REJECTED' ? 'reject' : 'recall',
      actor: null,
      operator: await operatorById(trx, o.actorId),
      reason: o.comment,
      patch: { decidedBy: o.actorId, decidedAt: serverNowIso(), decisionComment: o.comment },
    });
    if (status === 'REJECTED')
      await this.notify(
        trx,
        r,
        '变更申请被驳回',
        noticeHtml`<p>贵司的变更申请 ${r.code} 被驳回，意见：${o.comment ?? ''}</p>`,
      );
  }

  private async notify(trx: Db, r: SupplierChangeRequestTable, title: string, content: string): Promise<void> {
    await notifyUsers(trx, {
      userIds: await supplierUserIds(trx, r.supplierId),
      title,
      content,
      busType: 'supplierChange',
      busId: r.id,
      openType: 'url',
      openPage: '/srm/my-changes',
    });
  }

  /** Applied field changes of one supplier, newest first. */
  async history(supplierId: string): Promise<ChangeHistoryRow[]> {
    const rows = await changeHistory(this.db, supplierId);
    return rows.map((h) => ({
      ...h,
      requestedBy: h.requestedBy ?? '',
      label: h.label ?? CHANGE_FIELDS[h.field as ChangeField]?.label ?? h.field,
      changedAt: toWireDateTime(h.changedAt) ?? h.changedAt,
    }));
  }
}
