import { isStrongPassword, PASSWORD_RULE_MESSAGE } from '@procura/shared';

/** antd form rules for a new password and its confirmation, shared by every form that sets one. */

/** A filled-in new password must meet the password rule (emptiness is the `required` rule's business). */
export const strongPasswordRule = {
  validator: async (_: unknown, value: unknown) => {
    if (typeof value === 'string' && value !== '' && !isStrongPassword(value)) throw new Error(PASSWORD_RULE_MESSAGE);
  },
};

/** The confirmation field must repeat the form's `password` field. */
export const sameAsPasswordRule =
  (message = '两次输入的密码不一样！') =>
  ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: async (_: unknown, value: unknown) => {
      if (value && value !== getFieldValue('password')) throw new Error(message);
    },
  });
