import { isStrongPassword, PASSWORD_RULE_MESSAGE } from '@procura/shared';

/** The password modal's messages (spec part 2 §5, §8). */
export const PASSWORD_MESSAGES = {
  oldRequired: '请输入旧密码!',
  newRequired: '请输入新密码!',
  confirmRequired: '请确认新密码!',
  mismatch: '两次输入的密码不一样！',
  weak: PASSWORD_RULE_MESSAGE,
  noUser: '当前系统无登陆用户!',
} as const;

export type PasswordValues = { oldpassword?: string; password?: string; confirmpassword?: string };
export type PasswordField = keyof PasswordValues;

/** The form's field errors: each field required, and the confirmation equal to the new password. */
export function passwordFormErrors(values: PasswordValues): Partial<Record<PasswordField, string>> {
  const errors: Partial<Record<PasswordField, string>> = {};
  if (!values.oldpassword) errors.oldpassword = PASSWORD_MESSAGES.oldRequired;
  if (!values.password) errors.password = PASSWORD_MESSAGES.newRequired;
  if (!values.confirmpassword) errors.confirmpassword = PASSWORD_MESSAGES.confirmRequired;
  else if (values.confirmpassword !== values.password) errors.confirmpassword = PASSWORD_MESSAGES.mismatch;
  return errors;
}

/**
 * Leaving the new-password field: a non-empty password that is not strong gets the rule as
 * a warning and the field is cleared (an empty one is left to the "required" rule).
 */
export function newPasswordBlurWarning(value: string | undefined): string | null {
  if (!value) return null;
  return isStrongPassword(value) ? null : PASSWORD_MESSAGES.weak;
}
