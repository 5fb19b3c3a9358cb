/** Sourcing event states as users read them (domain §9.2); the server's messages and the web's tags share them. */
export const EVENT_STATUS_TEXT: Readonly<Record<string, string>> = {
  DRAFT: '草稿',
  PENDING_APPROVAL: '审批中',
  APPROVED: '已审批',
  PUBLISHED: '已发布',
  CLOSED: '已截止',
  OPENED: '已开标',
  EVALUATING: '评审中',
  INSUFFICIENT: '响应不足',
  AWARD_PENDING_APPROVAL: '定标审批中',
  PUBLICITY: '公示中',
  SUSPENDED: '已暂停',
  AWARDED: '已定标',
  COMPLETED: '已完成',
  FAILED: '已流标',
  CANCELLED: '已取消',
};

/** 招标方式 (§9.1); the server's tender texts and the web's tender pages share them. */
export const TENDER_METHOD_TEXT: Readonly<Record<string, string>> = {
  OPEN_TENDER: '公开招标',
  INVITED_TENDER: '邀请招标',
};

/** A tender's evaluation committee roles (TND-11), as the server's answers and the web's forms name them. */
export const COMMITTEE_ROLE_TEXT: Readonly<Record<string, string>> = {
  CHAIR: '主任委员',
  MEMBER: '委员',
  BUYER_REP: '采购人代表',
};

/** A tender's opening envelopes (TND-6, TND-7), as the opening record, the buyer's and the bidder's pages name them. */
export const TENDER_ENVELOPE_TEXT: Readonly<Record<string, string>> = {
  SINGLE: '开标',
  TECHNICAL: '技术标开标',
  COMMERCIAL: '商务标开标',
};

/** A tender bid's states as the bidder and the evaluation committee read them. */
export const TENDER_BID_STATUS_TEXT: Readonly<Record<string, string>> = {
  SUBMITTED: '已递交',
  WITHDRAWN: '已撤回',
  SUPERSEDED: '已被新版本替代',
  OPENED: '已开标',
  VALID: '有效',
  REJECTED: '已否决',
  AWARDED: '中标',
  NOT_AWARDED: '未中标',
};

const CANDIDATE_TITLES = ['第一中标候选人', '第二中标候选人', '第三中标候选人'];
/** A tender candidate's title as the report and the publicity name it (TND-16, TND-17). */
export const candidateTitle = (rank: number): string => CANDIDATE_TITLES[rank - 1] ?? `第${rank}名`;
