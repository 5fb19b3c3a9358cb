/** Purchase requisition states as users read them (domain §8, PR-7); the server's texts and the web's tags share them. */
export const PR_STATUS_TEXT: Readonly<Record<string, string>> = {
  DRAFT: '草稿',
  PENDING_APPROVAL: '审批中',
  APPROVED: '已审批',
  REJECTED: '已驳回',
  PARTIALLY_PROCESSED: '部分处理',
  PROCESSED: '已处理',
  CLOSED: '已关闭',
};
export const PR_LINE_STATUS_TEXT: Readonly<Record<string, string>> = {
  OPEN: '待处理',
  IN_SOURCING: '寻源中',
  SOURCED: '已定源',
  ORDERED: '已下单',
  CLOSED: '已关闭',
  CANCELLED: '已取消',
};
