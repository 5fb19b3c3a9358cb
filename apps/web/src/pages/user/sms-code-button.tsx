import { useEffect, useState } from 'react';
import { App, Button } from 'antd';
import { MOBILE_MESSAGE, MOBILE_PATTERN, SMS_RESEND_SECONDS } from '@procura/shared';
import { postAction } from '../../lib/http';

/** JeecgBoot's `smsmode`: 0 login, 1 register, 2 forgot password. */
export type SmsMode = '0' | '1' | '2';

type Props = {
  /** The mobile typed so far (validated here before sending). */
  mobile: () => string | undefined;
  smsmode: SmsMode;
  testId: string;
};

/** 获取验证码: sends an SMS code, then counts 60 s down before another may be asked. */
export function SmsCodeButton({ mobile, smsmode, testId }: Props) {
  const { message } = App.useApp();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const send = async () => {
    const value = (mobile() ?? '').trim();
    if (!MOBILE_PATTERN.test(value)) {
      message.warning(MOBILE_MESSAGE);
      return;
    }
    setSending(true);
    try {
      const res = await postAction<null>('/sys/sms', { mobile: value, smsmode }, { quiet: true });
      if (res.success) {
        message.success(res.message || '验证码已发送');
        setLeft(SMS_RESEND_SECONDS);
      } else {
        message.warning(res.message || '短信验证码发送失败');
      }
    } catch (error) {
      message.error(error instanceof Error ? error.message : '短信验证码发送失败');
    } finally {
      setSending(false);
    }
  };

  return (
    <Button data-testid={testId} disabled={left > 0} loading={sending} onClick={() => void send()} style={{ minWidth: 112 }}>
      {left > 0 ? `${left} 秒后重发` : '获取验证码'}
    </Button>
  );
}
