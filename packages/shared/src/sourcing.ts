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

const CANDIDATE_TITLES = ['第一中标候选人', '第二中标候选人', '第三中标候选人'];
/** A tender candidate's title as the report and the publicity name it (TND-16, TND-17). */
export const candidateTitle = (rank: number): string => CANDIDATE_TITLES[rank - 1] ?? `第${rank}名`;
