import { App, Button } from 'antd';
import { useSmsCode } from '../../lib/sms-code';
import type { SmsMode } from '../../lib/sms-code';

type Props = {
  /** The mobile typed so far (validated before sending). */
  mobile: () => string | undefined;
  smsmode: SmsMode;
  testId: string;
};

/** 获取验证码: sends an SMS code, then counts 60 s down before another may be asked. */
export function SmsCodeButton({ mobile, smsmode, testId }: Props) {
  const { message } = App.useApp();
  const sms = useSmsCode(mobile, smsmode);
  const send = async () => {
    const outcome = await sms.send();
    if (outcome.sent) message.success(outcome.text);
    else message.warning(outcome.text);
  };
  return (
    <Button
      data-testid={testId}
      disabled={sms.left > 0}
      loading={sms.sending}
      onClick={() => void send()}
      style={{ minWidth: 112 }}
    >
      {sms.label}
    </Button>
  );
}
