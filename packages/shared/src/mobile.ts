// The mobile rules without zod, so light web entries (the sign-in page) can use them without
// loading the schema library.
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
export const MOBILE_MESSAGE = '请输入正确的手机号码';
export const SMS_CODE_MESSAGE = '请输入6位短信验证码';
/** Seconds before another SMS code may be asked for the same mobile. */
export const SMS_RESEND_SECONDS = 60;
