import { z } from 'zod';

/**
 * The approval engine's wire shapes (domain decision 6, X-10): definitions per document type
 * with threshold-based sequential steps, and the decisions on tasks.
 */
export const APPROVAL_STATUS = {
  RUNNING: 'RUNNING',
  APPROVED: 'APPROVED',
  REJECTED: 'REJECTED',
  WITHDRAWN: 'WITHDRAWN',
} as const;
export type ApprovalStatus = (typeof APPROVAL_STATUS)[keyof typeof APPROVAL_STATUS];

export const APPROVAL_STATUS_TEXT: Record<ApprovalStatus, string> = {
  RUNNING: '审批中',
  APPROVED: '已通过',
  REJECTED: '已驳回',
  WITHDRAWN: '已撤回',
};

export const APPROVAL_ACTION_TEXT: Record<string, string> = {
  SUBMIT: '提交',
  APPROVE: '同意',
  REJECT: '驳回',
  WITHDRAW: '撤回',
  AUTO_APPROVE: '自动通过',
};

/** the one message for a submitter who tries to decide on their own document. */
export const SELF_APPROVAL_MESSAGE = '不能审批本人提交的单据';

const AMOUNT = /^\d{1,16}(\.\d{1,6})?$/;

export const approvalStepSchema = z.object({
  name: z.string().trim().min(1, '请填写步骤名称').max(100, '步骤名称不能超过100个字符'),
  /** The step applies when the document amount reaches this threshold; null: always. */
  minAmount: z
    .string()
    .trim()
    .regex(AMOUNT, '金额门槛必须是不小于0的数字')
    .nullable()
    .or(z.literal('').transform(() => null)),
  approverType: z.enum(['USER', 'ROLE'], '请选择审批人类型'),
  /** A user id (USER) or a role code (ROLE). */
  approverId: z.string().trim().min(1, '请选择审批人').max(100),
});
export type ApprovalStep = z.infer<typeof approvalStepSchema>;

const amountValue = (v: string | null) => (v === null ? 0 : Number(v));

export const approvalDefinitionSaveSchema = z
  .object({
    docType: z
      .string()
      .trim()
      .regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, '单据类型不正确'),
    name: z.string().trim().min(1, '请填写流程名称').max(100, '流程名称不能超过100个字符'),
    enabled: z.union([z.literal(0), z.literal(1)]).default(1),
    steps: z.array(approvalStepSchema).min(1, '至少需要一个审批步骤').max(10, '审批步骤不能超过10个'),
    ccUserIds: z.array(z.string().min(1).max(32)).max(20, '抄送人不能超过20个').default([]),
    /** The version read; absent for a new definition. */
    version: z.number().int().min(1).optional(),
  })
  .superRefine((d, ctx) => {
    // Thresholds never decrease along the sequence: a later step is for the same or larger amounts.
    for (let i = 1; i < d.steps.length; i++) {
      if (amountValue(d.steps[i]!.minAmount) < amountValue(d.steps[i - 1]!.minAmount)) {
        ctx.addIssue({
          code: 'custom',
          path: ['steps', i, 'minAmount'],
          message: '后续步骤的金额门槛不能低于前一步骤',
        });
      }
    }
  });
export type ApprovalDefinitionSave = z.infer<typeof approvalDefinitionSaveSchema>;

export const approvalDecisionSchema = z.object({
  taskId: z.string().min(1).max(32),
  comment: z.string().trim().max(500, '审批意见不能超过500个字符').optional().default(''),
});

export const approvalWithdrawSchema = z.object({
  instanceId: z.string().min(1).max(32),
  comment: z.string().trim().max(500, '撤回说明不能超过500个字符').optional().default(''),
});

/**
 * What the approver sees of the document under approval (审批中心 › 详情): its fields, tables
 * (lines, old and new values) and files. Each document type's module builds it; the web renders
 * it generically, and a type may add its own panel (keyed by `panel`).
 */
export type ApprovalDocumentDetail = {
  fields: { label: string; value: string | null; span?: 1 | 2 }[];
  tables: {
    title: string;
    columns: { key: string; title: string }[];
    rows: Record<string, string | number | null>[];
  }[];
  /** Stored files (comma-joined paths, as forms keep them) under a label, e.g. 证明材料. */
  files: { label: string; paths: string }[];
  /** The name of a per-type panel the web may show in addition, with its data. */
  panel?: { kind: string; data: unknown };
};
