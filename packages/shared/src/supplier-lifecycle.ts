import { z } from 'zod';

/**
 * The supplier lifecycle of domain §4: company actions, per-category actions, the sections a
 * reviewer comments on, and the qualification types with the categories that require them.
 */

/** Company-level named transitions. */
export const COMPANY_ACTIONS = [
  'approveInfo',
  'returnInfo',
  'freeze',
  'unfreeze',
  'blacklist',
  'liftBlacklist',
  'eliminate',
] as const;
export type CompanyAction = (typeof COMPANY_ACTIONS)[number];

/** Per-category named transitions. */
// Admission is no direct action: it goes through an admission review (§4.2 step 6, §4.3);
// `qualify` (转正) is M's TRIAL → QUALIFIED of a category admitted on trial (§4.1).
export const CATEGORY_ACTIONS = ['suspend', 'restore', 'terminate', 'qualify'] as const;
export type CategoryAction = (typeof CATEGORY_ACTIONS)[number];

/** Sections of the supplier master a reviewer can return with a comment (§4.2 step 5). */
export const INFO_SECTIONS = {
  basic: '基本信息',
  contact: '联系方式',
  bank: '银行账户',
  category: '供应品类',
  attachment: '附件',
} as const;
export type InfoSection = keyof typeof INFO_SECTIONS;

/** The dictionary of qualification types and its codes. */
export const QUALIFICATION_TYPE_DICT = 'srm_qualification_type';
export const BUSINESS_LICENSE = 'BUSINESS_LICENSE';

/** Qualification types every supplier must keep valid to sign up (QLF-3, X-15). */
export const MANDATORY_QUALIFICATIONS: readonly string[] = [BUSINESS_LICENSE];

/** Qualification types a category requires before it can be QUALIFIED (QLF-1). */
export const CATEGORY_REQUIRED_QUALIFICATIONS: Readonly<Record<string, readonly string[]>> = {
  RAW_MATERIAL: [BUSINESS_LICENSE, 'ISO9001'],
  ELECTRONICS: [BUSINESS_LICENSE, 'ISO9001', 'CCC'],
  MACHINERY: [BUSINESS_LICENSE, 'ISO9001'],
  CHEMICAL: [BUSINESS_LICENSE, 'ISO9001', 'SAFETY_LICENSE'],
};

export const requiredQualificationsOf = (category: string): readonly string[] =>
  CATEGORY_REQUIRED_QUALIFICATIONS[category] ?? [BUSINESS_LICENSE];

// The days before expiry at which the expiry job warns are the purchase setting
// `supplier.qualificationReminderDays` (QLF-3, §21).

const id = z.string().trim().min(1).max(64);

/** Body of a company transition. `returnInfo` carries comments per section instead of a reason. */
export const companyActionSchema = z.strictObject({
  id,
  reason: z.string().trim().max(500, '原因不能超过500个字符').optional().default(''),
  comments: z
    .partialRecord(
      z.enum(Object.keys(INFO_SECTIONS) as [InfoSection, ...InfoSection[]]),
      z.string().trim().max(500, '意见不能超过500个字符'),
    )
    .optional(),
});

export const categoryActionSchema = z.strictObject({
  id,
  categoryCode: z.string().trim().min(1).max(50),
  reason: z.string().trim().max(500).optional().default(''),
});

/** SST-4: an eliminated supplier applies again after the cooling period, with an optional note. */
export const reapplySchema = z.strictObject({
  reason: z.string().trim().max(500, '申请说明不能超过500个字符').optional().default(''),
});

/** Decision on a pending status request (blacklist, lift, admission). */
export const statusDecisionSchema = z.strictObject({
  requestId: id,
  approve: z.boolean(),
  comment: z.string().trim().max(500).optional().default(''),
});

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 yyyy-MM-dd');

/** A qualification the supplier uploads (SupplierQualification). */
export const qualificationSchema = z
  .strictObject({
    typeCode: z.string().trim().min(1, '请选择资质类型').max(40),
    certNo: z.string().trim().min(1, '请输入证书编号').max(100, '证书编号不能超过100个字符'),
    issuer: z.string().trim().max(200).optional().default(''),
    issueDate: date.optional().or(z.literal('')).default(''),
    expiryDate: date.optional().or(z.literal('')).default(''),
    scope: z.string().trim().max(2000).optional().default(''),
    files: z.string().trim().min(1, '请上传资质文件').max(1000),
  })
  .refine((v) => !v.issueDate || !v.expiryDate || v.issueDate < v.expiryDate, {
    path: ['expiryDate'],
    message: '到期日期应晚于发证日期',
  });
export type QualificationInput = z.input<typeof qualificationSchema>;

export const qualificationReviewSchema = z.strictObject({
  id,
  approve: z.boolean(),
  comment: z.string().trim().max(500).optional().default(''),
});

/** What a status-log row names as its source document, in the user's words. */
export const STATUS_LOG_SOURCE_TEXT: Readonly<Record<string, string>> = {
  REGISTRATION: '供应商注册',
  IMPORT: '导入',
  SUPPLIER_INFO: '供应商信息审核',
  ADMISSION_REQUEST: '品类准入申请',
  ADMISSION_REVIEW: '准入评审',
  CATEGORY_QUALIFY: '品类转正',
  CATEGORY_SUSPEND: '品类暂停',
  CATEGORY_RESTORE: '品类恢复',
  CATEGORY_TERMINATE: '品类终止',
  FREEZE: '冻结',
  UNFREEZE: '解冻',
  BLACKLIST_REQUEST: '列入黑名单申请',
  LIFT_BLACKLIST_REQUEST: '移出黑名单申请',
  ELIMINATION: '淘汰',
  REAPPLICATION: '重新申请准入',
  EVAL_PROJECT: '绩效评估',
};

export type SupplierStatusLogRow = {
  id: string;
  scope: string;
  categoryCode: string | null;
  fromStatus: string | null;
  toStatus: string;
  reason: string | null;
  sourceDocType: string | null;
  sourceDocId: string | null;
  actorName: string | null;
  actorKind: string;
  at: string;
};
