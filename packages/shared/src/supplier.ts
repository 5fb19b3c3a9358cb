import { z } from 'zod';
import { isValidUscc, USCC_MESSAGE } from './uscc.js';

const mobile = /^1[3-9]\d{9}$/;
/** Mobile or landline (区号-号码, optional extension). */
const phone = /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8}(-\d{1,6})?)$/;

/**
 * The supplier information a new supplier completes at `/completeSupInfo` (domain §4.2).
 * Messages are the ones shown under each field.
 */
export const supplierInfoSchema = z
  .object({
    name: z.string().trim().min(2, '请输入企业名称').max(200, '企业名称不能超过200个字符'),
    uscc: z
      .string()
      .trim()
      .toUpperCase()
      .refine((v) => isValidUscc(v), USCC_MESSAGE),
    legalPerson: z.string().trim().min(1, '请输入法定代表人').max(50, '法定代表人不能超过50个字符'),
    contactName: z.string().trim().min(1, '请输入联系人').max(50, '联系人不能超过50个字符'),
    contactMobile: z.string().trim().regex(mobile, '请输入正确的手机号码'),
    phone: z
      .string()
      .trim()
      .max(30)
      .refine((v) => v === '' || phone.test(v), '请输入正确的电话号码')
      .optional()
      .default(''),
    email: z.string().trim().email('请输入正确的电子邮箱').max(100),
    address: z.string().trim().min(1, '请输入企业地址').max(300, '企业地址不能超过300个字符'),
    bankName: z.string().trim().min(1, '请输入开户银行').max(100, '开户银行不能超过100个字符'),
    bankAccountName: z.string().trim().min(1, '请输入账户名称').max(200),
    bankAccountNo: z
      .string()
      .trim()
      .regex(/^\d{8,32}$/, '银行账号应为8到32位数字'),
    mainCategories: z
      .array(z.string().trim().min(1).max(50))
      .min(1, '请至少选择一个主营品类')
      .max(20, '主营品类最多选择20个'),
    // SUP-4: a scan of the business licence (a stored upload path).
    businessLicenseFile: z.string().trim().min(1, '请上传营业执照').max(500),
  })
  .strict()
  // SUP-4: the primary bank account must be held in the company's own name.
  .refine((v) => v.bankAccountName === v.name, {
    path: ['bankAccountName'],
    message: '账户名称必须与企业名称一致',
    // Reported together with the other field errors (S1 step 4 shows every reason at once).
    when: (payload) => {
      const v = payload.value as { name?: unknown; bankAccountName?: unknown } | undefined;
      return typeof v?.name === 'string' && typeof v.bankAccountName === 'string';
    },
  });

export type SupplierInfoInput = z.input<typeof supplierInfoSchema>;
export type SupplierInfo = z.output<typeof supplierInfoSchema>;

/** `GET /supplierBaseAPI/getSupplier` answer for a supplier user. */
export type SupplierProfile = SupplierInfo & {
  id: string;
  code: string;
  status: string;
  infoStatus: string;
  /** The reviewer's comments per section when the information was returned (§4.2 step 5). */
  returnComments: Partial<Record<string, string>>;
};
