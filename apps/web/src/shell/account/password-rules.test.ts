import { describe, expect, it } from 'vitest';
import { newPasswordBlurWarning, PASSWORD_MESSAGES, passwordFormErrors } from './password-rules';

describe('password change rules (spec part 2 §5)', () => {
  it('requires the old, the new and the confirmed password', () => {
    expect(passwordFormErrors({})).toEqual({
      oldpassword: '请输入旧密码!',
      password: '请输入新密码!',
      confirmpassword: '请确认新密码!',
    });
  });

  it('requires the confirmation to equal the new password', () => {
    expect(
      passwordFormErrors({ oldpassword: 'Old@2026x', password: 'New@2026x', confirmpassword: 'New@2026y' }),
    ).toEqual({
      confirmpassword: '两次输入的密码不一样！',
    });
    expect(
      passwordFormErrors({ oldpassword: 'Old@2026x', password: 'New@2026x', confirmpassword: 'New@2026x' }),
    ).toEqual({});
  });

  it('warns on leaving the new password unless it has a letter, a digit and a special character, 8 to 16 long', () => {
    for (const weak of ['abc', 'abcdefgh', 'abcd1234', 'abcd!@#$', '1234!@#$', 'Ab1!', 'Abcdefgh1!abcdefg']) {
      expect(newPasswordBlurWarning(weak)).toBe('密码必须包含字母、数字、特殊字符，长度8到16位');
    }
    expect(newPasswordBlurWarning('Procura@2027')).toBeNull();
    expect(newPasswordBlurWarning('a1!bcdef')).toBeNull();
    // Empty is left to the required rule.
    expect(newPasswordBlurWarning('')).toBeNull();
    expect(newPasswordBlurWarning(undefined)).toBeNull();
  });

  it('has the no-user warning', () => {
    expect(PASSWORD_MESSAGES.noUser).toBe('当前系统无登陆用户!');
  });
});
