import { z } from 'zod';
import { isStrongPassword, PASSWORD_RULE_MESSAGE } from './password-rule.js';
import { isValidUscc, USCC_MESSAGE } from './uscc.js';
import { MOBILE_MESSAGE, MOBILE_PATTERN, SMS_CODE_MESSAGE } from './mobile.js';

export { MOBILE_MESSAGE, MOBILE_PATTERN, SMS_CODE_MESSAGE, SMS_RESEND_SECONDS } from './mobile.js';

const mobile = z.string().trim().regex(MOBILE_PATTERN, MOBILE_MESSAGE);
const smsCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, SMS_CODE_MESSAGE);
const password = z.string().max(128).refine(isStrongPassword, PASSWORD_RULE_MESSAGE);

/** `POST /sys/sms`: smsmode "0" login, "1" register, "2" forgot password (JeecgBoot). */
export const smsRequestSchema = z.object({
  mobile,
  smsmode: z
    .union([z.enum(['0', '1', '2']), z.literal(0), z.literal(1), z.literal(2)])
    .transform((v) => String(v) as '0' | '1' | '2'),
  /** The image captcha asked for before a send (issue 16 #4), as the login form sends it. */
  captcha: z.string().max(20).optional(),
  checkKey: z.union([z.string().max(64), z.number()]).optional(),
});

/** `POST /sys/phoneLogin`: `captcha` is the SMS code (JeecgBoot's field name). */
export const phoneLoginSchema = z.object({
  mobile,
  captcha: z.string().trim().min(1, SMS_CODE_MESSAGE).max(10),
  remember_me: z.boolean().optional(),
});

/** `POST /sys/user/register`: a supplier registers (domain §4.2 step 1). */
export const supplierRegisterSchema = z.object({
  companyName: z.string().trim().min(2, '请输入企业名称').max(200, '企业名称不能超过200个字符'),
  uscc: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => isValidUscc(v), USCC_MESSAGE),
  contactName: z.string().trim().min(1, '请输入联系人').max(50, '联系人不能超过50个字符'),
  mobile,
  smsCode,
  email: z.string().trim().email('请输入正确的电子邮箱').max(100),
  username: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_]{4,32}$/, '登录账号为4到32位字母、数字或下划线'),
  password,
  agree: z.literal(true, { error: '请阅读并同意平台服务条款' }),
});
export type SupplierRegisterInput = z.input<typeof supplierRegisterSchema>;

/** `POST /sys/user/passwordChange`: a forgotten password reset by mobile and SMS code. */
export const passwordChangeSchema = z.object({
  username: z.string().trim().min(1, '请输入登录账号').max(100),
  phone: mobile,
  smsCode,
  password,
});

/** `POST /sys/ssoLogin`. */
export const ssoLoginSchema = z.object({ token: z.string().min(1).max(4096) });
