import { useEffect, useState } from 'react';
import { MOBILE_MESSAGE, MOBILE_PATTERN, SMS_RESEND_SECONDS } from '@procura/shared';
import { http } from './http-client';
import type { CaptchaFields } from './image-captcha';

// 获取验证码 for the antd forms (registration, password retrieval) and the light login page:
// one sender and one 60 s countdown; each caller shows the outcome its own way.

/** JeecgBoot's `smsmode`: 0 login, 1 register, 2 forgot password. */
export type SmsMode = '0' | '1' | '2';

export type SmsOutcome = { sent: boolean; text: string };

/** Asks the server for a code, with the image captcha it asks for first; a malformed mobile is refused before any request. */
export async function sendSmsCode(
  mobile: string | undefined,
  smsmode: SmsMode,
  captcha: CaptchaFields,
): Promise<SmsOutcome> {
  const value = (mobile ?? '').trim();
  if (!MOBILE_PATTERN.test(value)) return { sent: false, text: MOBILE_MESSAGE };
  if (!captcha.captcha) return { sent: false, text: '请输入图形验证码' };
  const res = await http.envelope<null>('POST', '/sys/sms', undefined, { mobile: value, smsmode, ...captcha });
  return res.success
    ? { sent: true, text: res.message || '验证码已发送' }
    : { sent: false, text: res.message || '短信验证码发送失败' };
}

/** The send action with its countdown: `left` seconds before another code may be asked. */
export function useSmsCode(mobile: () => string | undefined, smsmode: SmsMode) {
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const send = async (captcha: CaptchaFields): Promise<SmsOutcome> => {
    setSending(true);
    try {
      const outcome = await sendSmsCode(mobile(), smsmode, captcha);
      if (outcome.sent) setLeft(SMS_RESEND_SECONDS);
      return outcome;
    } finally {
      setSending(false);
    }
  };

  return { left, sending, send, label: left > 0 ? `${left} 秒后重发` : '获取验证码' };
}
