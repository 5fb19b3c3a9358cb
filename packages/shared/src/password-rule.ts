import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.js';

export const PASSWORD_RULE_MESSAGE = '密码必须包含字母、数字、特殊字符，长度8到16位';

/**
 * Spec part 2 §5: at least one letter, one digit and one special character, 8 to 16 long.
 * A special character is anything printable that is neither a letter, a digit nor a space.
 */
export function isStrongPassword(value: string): boolean {
  if (value.length < PASSWORD_MIN_LENGTH || value.length > PASSWORD_MAX_LENGTH) return false;
  return /[A-Za-z]/.test(value) && /\d/.test(value) && /[^A-Za-z\d\s]/.test(value) && !/\s/.test(value);
}
