import { EVENT_STATUS_TEXT } from './sourcing.js';
import type { WorkflowDef, WorkflowStateDef } from './workflow.js';

/**
 * The status log of inquiries, tenders and auctions (issue 17): they keep their own status rules,
 * but every move of an event and of its documents is a row of the one status log and an entry of
 * the tenant's audit chain. Here is how those rows are named: each document's log definition (its
 * type, name and states) and the Chinese name of every action it logs, for the server's writer
 * and the web's status timeline alike.
 */

/** The kinds of document a sourcing event logs: itself, an auction's lot, and its participations, responses and awards. */
export type SourcingLogKind = 'EVENT' | 'LOT' | 'PARTICIPATION' | 'RESPONSE' | 'AWARD';
export const SOURCING_LOG_KINDS: readonly SourcingLogKind[] = ['EVENT', 'LOT', 'PARTICIPATION', 'RESPONSE', 'AWARD'];

const TYPE_LABEL: Readonly<Record<string, string>> = { RFQ: '询价单', TENDER: '招标项目', AUCTION: '竞价单' };
const KIND_LABEL: Readonly<Record<Exclude<SourcingLogKind, 'EVENT'>, string>> = {
  LOT: '标段',
  PARTICIPATION: '参与',
  RESPONSE: '应答',
  AWARD: '定标',
};

/** An auction lot's states, and its bids' when one is voided (AUC-12), as users read them. */
export const LOT_STATE_TEXT: Readonly<Record<string, string>> = {
  SCHEDULED: '未开始',
  RUNNING: '竞价中',
  PAUSED: '已暂停',
  CLOSED: '已结束',
  FAILED: '已流标',
  CANCELLED: '已取消',
  ACCEPTED: '有效报价',
  VOIDED: '已作废',
};
/** A quote's or bid's states, as users read them. */
export const RESPONSE_STATE_TEXT: Readonly<Record<string, string>> = {
  DRAFT: '草稿',
  SUBMITTED: '已提交',
  WITHDRAWN: '已撤回',
  SUPERSEDED: '已被新版本替代',
  OPENED: '已开标',
  VALID: '有效',
  INVALID: '无效',
  REJECTED: '已否决',
  AWARDED: '中标',
  NOT_AWARDED: '未中标',
};

/** The states each kind's rows move between, as users read them. */
const STATE_TEXT: Readonly<Record<SourcingLogKind, Readonly<Record<string, string>>>> = {
  EVENT: EVENT_STATUS_TEXT,
  LOT: LOT_STATE_TEXT,
  PARTICIPATION: {
    INVITED: '已邀请',
    ACCEPTED: '已接受',
    DECLINED: '已拒绝',
    APPLIED: '报名待审核',
    APPROVED: '已报名',
    REJECTED: '报名被拒',
    CANCELLED: '已取消',
    BANNED: '已禁止',
  },
  RESPONSE: RESPONSE_STATE_TEXT,
  AWARD: {
    DRAFT: '草稿',
    PENDING_APPROVAL: '定标审批中',
    PUBLICITY: '公示中',
    SUSPENDED: '异议处理中',
    FINAL: '已生效',
    CANCELLED: '已取消',
  },
};

const STATE_COLOR: Readonly<Record<string, string>> = {
  PUBLISHED: 'processing',
  RUNNING: 'processing',
  PENDING_APPROVAL: 'processing',
  AWARD_PENDING_APPROVAL: 'processing',
  PUBLICITY: 'blue',
  INSUFFICIENT: 'warning',
  SUSPENDED: 'warning',
  PAUSED: 'warning',
  AWARDED: 'success',
  FINAL: 'success',
  ACCEPTED: 'success',
  APPROVED: 'success',
  VALID: 'success',
  FAILED: 'error',
  REJECTED: 'error',
  BANNED: 'error',
  VOIDED: 'error',
};

const TERMINAL = new Set(['AWARDED', 'COMPLETED', 'FAILED', 'CANCELLED', 'FINAL', 'VOIDED', 'SUPERSEDED']);

/** What each kind's actions are called in the timeline (the log records the code). */
const ACTION_TEXT: Readonly<Record<SourcingLogKind, Readonly<Record<string, string>>>> = {
  EVENT: {
    create: '创建',
    edit: '修改',
    submit: '提交审批',
    approve: '审批通过',
    reject: '审批驳回',
    withdrawApproval: '撤回审批',
    publish: '发布',
    extend: '延期',
    extendTnd3: '截止时间自动顺延',
    open: '开标',
    continue: '继续开标',
    evaluate: '开始评标',
    formCommittee: '组建评标委员会',
    declareNoConflict: '评委声明无利害关系',
    score: '评委评分',
    reportSigned: '签署评标报告',
    recommend: '提交定标',
    awardRejected: '定标审批驳回',
    awardWithdrawn: '撤回定标审批',
    publicity: '中标候选人公示',
    objection: '受理异议',
    resume: '恢复',
    award: '定标',
    fail: '流标',
    cancel: '取消',
    'auction-close': '竞价结束',
    'auction-fail': '竞价流标',
  },
  LOT: {
    'auction-start': '开始竞价',
    'auction-pause': '暂停竞价',
    'auction-resume': '恢复竞价',
    'auction-close': '结束竞价',
    'auction-void': '作废报价',
  },
  PARTICIPATION: {
    invite: '邀请供应商',
    accept: '接受邀请',
    decline: '拒绝邀请',
    signup: '报名',
    'auction-ban': '禁止出价',
  },
  RESPONSE: {
    submit: '提交应答',
    revise: '修改应答',
    withdraw: '撤回应答',
    open: '开标',
    evaluate: '评审有效',
    reject: '否决',
    award: '确定结果',
    cancel: '随寻源单取消而撤回',
    'auction-close': '竞价结束，最终报价生效',
  },
  AWARD: {
    recommend: '拟定定标方案',
    submit: '提交定标审批',
    approve: '审批通过',
    awardRejected: '审批驳回',
    awardWithdrawn: '撤回审批',
    objection: '异议暂停',
    resume: '恢复公示',
    final: '定标生效',
  },
};

/**
 * What a tender's events that move no status are called (security P4: views, unseals, scores …):
 * entries of the tenant's audit chain under the tender (`TENDER`), beside its status moves.
 */
export const TENDER_EVENT_TEXT: Readonly<Record<string, string>> = {
  amend: '修改招标文件',
  invite: '邀请供应商',
  submitApproval: '提交发布审批',
  signup: '报名',
  acceptInvitation: '接受邀请',
  declineInvitation: '拒绝邀请',
  submitBid: '递交投标',
  reviseBid: '修改投标',
  withdrawBid: '撤回投标',
  amendment: '澄清或修改',
  answer: '答复投标人问题',
  openApprove: '开标人确认',
  openSingle: '开标解密',
  openTechnical: '技术标解密',
  openCommercial: '商务标解密',
  clone: '重新招标',
  viewBids: '查看投标文件',
  viewBid: '查看一份投标文件',
  openingConfirm: '投标人确认开标记录',
  openingObjection: '投标人对开标记录提出异议',
  'evaluation.formCommittee': '组建评标委员会',
  'evaluation.declareNoConflict': '评委声明无利害关系',
  'evaluation.viewBids': '评委查看投标文件',
  'evaluation.score': '评委评分',
  'evaluation.report': '生成评标报告',
  'evaluation.signReport': '签署评标报告',
  'evaluation.reject': '否决投标',
  'evaluation.fail': '全部否决，流标',
  'evaluation.propose': '拟定定标方案',
  'evaluation.publicity': '中标候选人公示',
  'evaluation.objection': '投标人提出异议',
  'evaluation.answerObjection': '答复异议',
  'evaluation.final': '定标生效',
};

/**
 * The log's document type: the event's type (RFQ, TENDER, AUCTION) for the event itself,
 * `<type>_<kind>` (RFQ_RESPONSE) for its documents, whose rows name the event as their source.
 */
export function sourcingDocType(eventType: string, kind: SourcingLogKind): string {
  return kind === 'EVENT' ? eventType : `${eventType}_${kind}`;
}

/**
 * The definition a sourcing document's log rows are named by. These documents move by their own
 * rules, so it lists their states but no transitions.
 */
export function sourcingLogDef(eventType: string, kind: SourcingLogKind): WorkflowDef {
  const label = (TYPE_LABEL[eventType] ?? '寻源单') + (kind === 'EVENT' ? '' : KIND_LABEL[kind]);
  const states: Record<string, WorkflowStateDef> = {};
  for (const [code, text] of Object.entries(STATE_TEXT[kind]))
    states[code] = { text, color: STATE_COLOR[code] ?? 'default', terminal: TERMINAL.has(code) };
  return { docType: sourcingDocType(eventType, kind), label, permission: 'srm:sourcing', states, transitions: {} };
}

/** The Chinese name of an action a sourcing document of this kind logs, or undefined for an unknown code. */
export function sourcingActionText(kind: SourcingLogKind, action: string): string | undefined {
  return ACTION_TEXT[kind][action];
}

/** One document of a status timeline: the definition its rows are read by and its actions' names. */
export type TimelineDoc = { def: WorkflowDef; actionText: Readonly<Record<string, string>> };

/** The documents of an event's timeline by log type: the event itself and each kind of its documents. */
export function sourcingTimelineDocs(eventType: string): Readonly<Record<string, TimelineDoc>> {
  return Object.fromEntries(
    SOURCING_LOG_KINDS.map((kind) => [
      sourcingDocType(eventType, kind),
      {
        def: sourcingLogDef(eventType, kind),
        // A tender's chain also holds its events (TENDER_EVENT_TEXT) beside its status moves.
        actionText:
          eventType === 'TENDER' && kind === 'EVENT'
            ? { ...ACTION_TEXT.EVENT, ...TENDER_EVENT_TEXT }
            : ACTION_TEXT[kind],
      },
    ]),
  );
}

/** The timeline document of a sourcing log type (RFQ, TENDER_RESPONSE, AUCTION_LOT …), or undefined for another document's. */
export function sourcingLogDocOf(docType: string): TimelineDoc | undefined {
  for (const type of Object.keys(TYPE_LABEL)) {
    const doc = sourcingTimelineDocs(type)[docType];
    if (doc) return doc;
  }
  return undefined;
}
