import { defineWorkflow, workflowStateText } from './workflow.js';

/**
 * The purchase requisition's state machine (domain §8): submitted by its buyer, approved,
 * rejected or withdrawn through the approval engine (SYSTEM: the engine's outcome fires them,
 * X-10), edited back to a draft once rejected (PR-4), and once approved its header status
 * derived from its lines' consumption (PR-7: progress, complete, close, reopen), which sourcing,
 * orders and the cancellation of the remaining quantity (PR-5) move.
 */
export const requisitionWorkflow = defineWorkflow({
  docType: 'PURCHASE_REQUISITION',
  label: '采购申请',
  permission: 'srm:requisition',
  page: '/srm/requisition',
  // Logged moves that are no transition: the line ledger's consumers and the module's own routes.
  logActions: {
    create: '创建',
    delete: '删除',
    cancel: '取消剩余数量',
    sourcing: '寻源占用',
    release: '释放占用',
    order: '下单',
  },
  states: {
    DRAFT: { text: '草稿', color: 'default', terminal: false },
    PENDING_APPROVAL: { text: '审批中', color: 'processing', terminal: false },
    APPROVED: { text: '已审批', color: 'blue', terminal: false },
    REJECTED: { text: '已驳回', color: 'red', terminal: false },
    PARTIALLY_PROCESSED: { text: '部分处理', color: 'cyan', terminal: false },
    PROCESSED: { text: '已处理', color: 'geekblue', terminal: false },
    // Not terminal: a requisition closed by being wholly ordered reopens when an order gives
    // quantity back (PR-5: cancelled quantity stays cancelled, so a cancelled one stays closed).
    CLOSED: { text: '已关闭', color: 'success', terminal: false },
  },
  transitions: {
    submit: {
      from: ['DRAFT', 'REJECTED'],
      to: 'PENDING_APPROVAL',
      side: 'INTERNAL',
      label: '提交',
      confirm: '确定提交审批吗？提交后不能修改',
      refusal: '只有草稿或被驳回的采购申请可以提交',
      done: '已提交审批',
      // PR-2, X-10: the budget picks the approval steps; the outcome fires approve / reject, a withdrawal withdraw.
      approval: {
        docType: 'PURCHASE_REQUISITION',
        amountField: 'budgetAmount',
        title: '{label}：{title}（{code}）',
        approved: 'approve',
        rejected: 'reject',
        withdrawn: 'withdraw',
      },
    },
    // Saving a rejected requisition takes it back to a draft (PR-4): the module's edit route takes it.
    edit: {
      from: ['REJECTED'],
      to: 'DRAFT',
      side: 'SYSTEM',
      label: '修改',
      refusal: '只有被驳回的采购申请可以修改后重新提交',
      done: '采购申请已保存',
    },
    approve: {
      from: ['PENDING_APPROVAL'],
      to: 'APPROVED',
      side: 'SYSTEM',
      label: '审批通过',
      refusal: '只有审批中的采购申请可以审批通过',
      done: '采购申请已审批通过',
    },
    reject: {
      from: ['PENDING_APPROVAL'],
      to: 'REJECTED',
      side: 'SYSTEM',
      label: '驳回',
      refusal: '只有审批中的采购申请可以驳回',
      done: '采购申请已驳回',
    },
    withdraw: {
      from: ['PENDING_APPROVAL'],
      to: 'DRAFT',
      side: 'SYSTEM',
      label: '撤回',
      refusal: '只有审批中的采购申请可以撤回',
      done: '采购申请已撤回',
    },
    progress: {
      from: ['APPROVED', 'PROCESSED', 'CLOSED'],
      to: 'PARTIALLY_PROCESSED',
      side: 'SYSTEM',
      label: '部分处理',
      refusal: '只有已审批的采购申请可以部分处理',
      done: '采购申请部分处理',
    },
    complete: {
      from: ['APPROVED', 'PARTIALLY_PROCESSED', 'CLOSED'],
      to: 'PROCESSED',
      side: 'SYSTEM',
      label: '处理完毕',
      refusal: '只有已审批的采购申请可以处理完毕',
      done: '采购申请已处理',
    },
    reopen: {
      from: ['PARTIALLY_PROCESSED', 'PROCESSED', 'CLOSED'],
      to: 'APPROVED',
      side: 'SYSTEM',
      label: '恢复待处理',
      refusal: '只有处理中的采购申请可以恢复待处理',
      done: '采购申请恢复待处理',
    },
    close: {
      from: ['APPROVED', 'PARTIALLY_PROCESSED', 'PROCESSED'],
      to: 'CLOSED',
      side: 'SYSTEM',
      label: '关闭',
      refusal: '只有已审批的采购申请可以关闭',
      done: '采购申请已关闭',
    },
  },
});
export type RequisitionStatus = keyof typeof requisitionWorkflow.states;
export type RequisitionAction = keyof typeof requisitionWorkflow.transitions;

/** Purchase requisition states as users read them (domain §8, PR-7); the server's texts and the web's tags share them. */
export const PR_STATUS_TEXT: Readonly<Record<string, string>> = workflowStateText(requisitionWorkflow);
export const PR_LINE_STATUS_TEXT: Readonly<Record<string, string>> = {
  OPEN: '待处理',
  IN_SOURCING: '寻源中',
  SOURCED: '已定源',
  ORDERED: '已下单',
  CLOSED: '已关闭',
  CANCELLED: '已取消',
};
