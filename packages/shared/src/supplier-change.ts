import { z } from 'zod';
import { supplierInfoSchema } from './supplier.js';
import { defineWorkflow, workflowStateText } from './workflow.js';

/**
 * Supplier change requests (domain §5): after approval the profile's controlled fields change
 * only through a request that is approved (SUP-5). Critical fields (CHG-3) need evidence and a
 * manager; contacts are not critical and a buyer approves them.
 */
export const CHANGE_FIELDS = {
  name: { section: 'BASIC', label: '企业名称' },
  uscc: { section: 'BASIC', label: '统一社会信用代码' },
  legalPerson: { section: 'BASIC', label: '法定代表人' },
  bankName: { section: 'BANK', label: '开户银行' },
  bankAccountName: { section: 'BANK', label: '账户名称' },
  bankAccountNo: { section: 'BANK', label: '银行账号' },
} as const;
export type ChangeField = keyof typeof CHANGE_FIELDS;
export const CHANGE_FIELD_KEYS = Object.keys(CHANGE_FIELDS) as ChangeField[];
/** Sections whose every field is critical (CHG-3): evidence files and a manager's approval. */
export const CRITICAL_SECTIONS: readonly string[] = ['BASIC', 'BANK'];
export const CHANGE_SECTION_LABELS: Record<string, string> = { BASIC: '基本信息', BANK: '银行账户', CONTACT: '联系人' };

/**
 * The change request's state machine (domain §5): the supplier submits or withdraws its draft
 * (a new request may be submitted at once, by the supplier or a buyer on its behalf); the
 * approval engine's outcome applies it (CHG-2), rejects it or, when the submitter withdraws the
 * approval, withdraws it.
 */
export const changeWorkflow = defineWorkflow({
  docType: 'SUPPLIER_CHANGE_REQUEST',
  label: '变更申请',
  permission: 'supplierChange',
  supplierSideRefusal: '只有提出变更申请的供应商可以提交或撤回',
  page: '/srm/supplier/change',
  supplierPage: '/srm/my-changes',
  // a draft is the supplier's until it is submitted.
  internalVisibleFrom: ['SUBMITTED', 'APPROVED', 'REJECTED', 'WITHDRAWN'],
  states: {
    DRAFT: { text: '草稿', color: 'default', terminal: false },
    SUBMITTED: { text: '审批中', color: 'processing', terminal: false },
    APPROVED: { text: '已通过', color: 'success', terminal: true },
    REJECTED: { text: '已驳回', color: 'red', terminal: true },
    WITHDRAWN: { text: '已撤回', color: 'default', terminal: true },
  },
  transitions: {
    submit: {
      from: ['DRAFT'],
      to: 'SUBMITTED',
      side: 'SUPPLIER',
      permission: 'supplierChange:mine',
      label: '提交',
      refusal: '只有草稿状态的变更申请可以提交',
      done: '变更申请已提交，等待审批',
    },
    // From SUBMITTED the approval is withdrawn: the engine's outcome takes `recall` (the log says so).
    withdraw: {
      from: ['DRAFT', 'SUBMITTED'],
      to: 'WITHDRAWN',
      side: 'SUPPLIER',
      permission: 'supplierChange:mine',
      label: '撤回',
      confirm: '确定撤回该变更申请吗？审批中的申请将取消审批；撤回后不能再编辑或提交。',
      refusal: '只有草稿或审批中的变更申请可以撤回',
      done: '变更申请已撤回',
    },
    approve: {
      from: ['SUBMITTED'],
      to: 'APPROVED',
      side: 'SYSTEM',
      label: '审批通过',
      logText: '审批通过，变更生效',
      refusal: '只有审批中的变更申请可以审批通过',
      done: '变更申请已通过',
    },
    reject: {
      from: ['SUBMITTED'],
      to: 'REJECTED',
      side: 'SYSTEM',
      label: '驳回',
      refusal: '只有审批中的变更申请可以驳回',
      done: '变更申请已驳回',
    },
    recall: {
      from: ['SUBMITTED'],
      to: 'WITHDRAWN',
      side: 'SYSTEM',
      label: '撤回审批',
      refusal: '只有审批中的变更申请可以撤回审批',
      done: '变更申请已撤回',
    },
  },
});
export type ChangeRequestAction = keyof typeof changeWorkflow.transitions;
export const CHANGE_STATUS_LABELS: Record<string, string> = workflowStateText(changeWorkflow);

/** The fields of a supplier contact (domain §4.1 SupplierContact) a change request may touch. */
export const CONTACT_FIELDS = {
  name: '姓名',
  mobile: '手机',
  email: '邮箱',
  role: '职责',
  isPrimary: '主联系人',
} as const;
export type ContactField = keyof typeof CONTACT_FIELDS;
export const CONTACT_FIELD_KEYS = Object.keys(CONTACT_FIELDS) as ContactField[];
export const CONTACT_ROLES = ['BUSINESS', 'FINANCE', 'QUALITY', 'LOGISTICS', 'LEGAL'] as const;
export const CONTACT_ROLE_LABELS: Record<string, string> = {
  BUSINESS: '业务',
  FINANCE: '财务',
  QUALITY: '质量',
  LOGISTICS: '物流',
  LEGAL: '法务',
};

/** Shown when a controlled field is edited directly after approval (SUP-5). */
export const CHANGE_VIA_REQUEST_MESSAGE =
  '企业信息已审核通过，企业名称、统一社会信用代码、法定代表人和银行账户请通过「变更申请」修改';
export const EVIDENCE_REQUIRED_MESSAGE = '请上传证明材料（如新营业执照、银行开户证明）';

export const changeContactSchema = z
  .object({
    /** An existing contact's id; absent for a contact the request adds. */
    id: z
      .string()
      .regex(/^[0-9a-zA-Z_-]{1,32}$/, '联系人编号不正确')
      .optional(),
    name: z.string().trim().min(1, '请输入联系人姓名').max(50, '联系人姓名不能超过50个字符'),
    mobile: z
      .string()
      .trim()
      .regex(/^1[3-9]\d{9}$/, '请输入正确的手机号码'),
    email: z
      .string()
      .trim()
      .max(100)
      .refine((v) => v === '' || z.string().email().safeParse(v).success, '请输入正确的电子邮箱')
      .optional()
      .default(''),
    role: z.enum(CONTACT_ROLES, { message: '请选择联系人职责' }),
    isPrimary: z.boolean().optional().default(false),
  })
  .strict();
export type ChangeContact = z.output<typeof changeContactSchema>;

const info = supplierInfoSchema.shape;
const base = z
  .object({
    /** The draft this saves or submits; absent for a new request. */
    id: z
      .string()
      .regex(/^[0-9a-zA-Z_-]{1,32}$/, '编号不正确')
      .optional(),
    name: info.name,
    uscc: info.uscc,
    legalPerson: info.legalPerson,
    bankName: info.bankName,
    bankAccountName: info.bankAccountName,
    bankAccountNo: info.bankAccountNo,
    /** The whole wanted contact list; absent leaves the contacts unchanged. */
    contacts: z
      .array(changeContactSchema)
      .max(20, '联系人最多20个')
      // Empty only for a supplier that has none yet (the server refuses removing the last one).
      .refine((list) => list.length === 0 || list.filter((c) => c.isPrimary).length === 1, '请指定一个主联系人')
      .refine(
        (list) => new Set(list.filter((c) => c.id).map((c) => c.id)).size === list.filter((c) => c.id).length,
        '联系人重复',
      )
      .optional(),
    reason: z.string().trim().min(1, '请填写变更原因').max(1000, '变更原因不能超过1000个字符'),
    // CHG-3: required by the server when a critical field changes (it knows what changed).
    files: z.string().trim().max(2000).optional().default(''),
  })
  .strict();
// SUP-4 still holds after the change: the account is held in the company's own name. It is checked
// even when other fields are refused too (zod skips object checks after any issue by default), so
// the form shows every reason at once.
const sameName = {
  path: ['bankAccountName'],
  message: '账户名称必须与企业名称一致',
  when: (payload: { value: unknown }) => {
    const v = payload.value as { name?: unknown; bankAccountName?: unknown } | null;
    return typeof v?.name === 'string' && typeof v?.bankAccountName === 'string';
  },
};
/** The values the supplier wants (the form starts from the current ones); the server keeps the differences. */
export const changeRequestSchema = base.refine((v) => v.bankAccountName === v.name, sameName);
/** A draft (§5 DRAFT): the same values; the reason may still be empty. */
export const changeDraftSchema = base
  .extend({ reason: z.string().trim().max(1000, '变更原因不能超过1000个字符').optional().default('') })
  .strict()
  .refine((v) => v.bankAccountName === v.name, sameName);
export type ChangeRequestInput = z.input<typeof changeRequestSchema>;

/**
 * One changed value. CONTACT changes name the contact (`entityId`: its id, or `new:N` for an
 * added one) and what happens to it (`op`); field is `contact.<ContactField>`.
 */
export type ChangeValue = {
  section: string;
  field: string;
  label: string;
  oldValue: string;
  newValue: string;
  entityId?: string;
  op?: 'ADD' | 'UPDATE' | 'REMOVE';
};

/** The current (or, for a draft, the wanted) values the change form edits. */
export type ChangeFormValues = Record<ChangeField, string> & { contacts: (ChangeContact & { id?: string })[] };

/** A value as shown to people (contact roles and the primary flag are stored as codes). */
export function changeValueText(field: string, value: string | null): string {
  if (value === null || value === '') return '';
  if (field === 'contact.role') return CONTACT_ROLE_LABELS[value] ?? value;
  if (field === 'contact.isPrimary') return value === '1' ? '是' : '否';
  return value;
}

/** Whether a request needs evidence and a manager (CHG-3). */
export const isCriticalChange = (changes: readonly Pick<ChangeValue, 'section'>[]): boolean =>
  changes.some((c) => CRITICAL_SECTIONS.includes(c.section));

/** One row of `/supplierChange/list` and `/supplierChange/mine`. */
export type ChangeRequestRow = {
  id: string;
  code: string;
  supplierId: string;
  supplierName: string;
  sections: string[];
  changes: ChangeValue[];
  reason: string;
  files: string;
  status: string;
  status_dictText: string;
  /** Null while a draft. */
  submittedAt: string | null;
  /** When the draft was last saved, or the request submitted. */
  updatedAt: string;
  decidedAt: string | null;
  decisionComment: string | null;
};

/** One applied field change (`/supplierChange/history`). */
export type ChangeHistoryRow = {
  id: string;
  requestCode: string;
  field: string;
  label: string;
  oldValue: string | null;
  newValue: string | null;
  requestedBy: string;
  approvedBy: string | null;
  changedAt: string;
};
