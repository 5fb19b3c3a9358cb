import { useState } from 'react';
import { App, Button, Input, Modal } from 'antd';
import { MOBILE_MESSAGE, MOBILE_PATTERN } from '@procura/shared';
import { useImageCaptcha } from '../../lib/image-captcha';
import { useSmsCode } from '../../lib/sms-code';
import type { SmsMode } from '../../lib/sms-code';

type Props = {
  /** The mobile typed so far (validated before sending). */
  mobile: () => string | undefined;
  smsmode: SmsMode;
  testId: string;
};

/**
 * 获取验证码: asks for the image captcha in a dialog (issue 16: no code is sent without it), sends
 * an SMS code, then counts 60 s down before another may be asked.
 */
export function SmsCodeButton({ mobile, smsmode, testId }: Props) {
  const { message } = App.useApp();
  const sms = useSmsCode(mobile, smsmode);
  const image = useImageCaptcha();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');

  const ask = () => {
    if (!MOBILE_PATTERN.test((mobile() ?? '').trim())) {
      message.warning(MOBILE_MESSAGE);
      return;
    }
    setCode('');
    setOpen(true);
    void image.refresh();
  };
  const send = async () => {
    if (!code.trim()) {
      message.warning('请输入图形验证码');
      return;
    }
    const outcome = await sms.send(image.fields(code));
    setOpen(false);
    if (outcome.sent) message.success(outcome.text);
    else message.warning(outcome.text);
  };
  return (
    <>
      <Button
        data-testid={testId}
        disabled={sms.left > 0}
        loading={sms.sending}
        onClick={ask}
        style={{ minWidth: 112 }}
      >
        {sms.label}
      </Button>
      <Modal
        open={open}
        title="请输入图形验证码"
        okText="发送"
        cancelText="取消"
        onOk={() => void send()}
        onCancel={() => setOpen(false)}
        confirmLoading={sms.sending}
        okButtonProps={{ 'data-testid': `${testId}-captcha-ok` } as Record<string, string>}
        destroyOnHidden
      >
        <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          <Input
            aria-label="图形验证码"
            placeholder="图形验证码"
            maxLength={8}
            autoComplete="off"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            onPressEnter={() => void send()}
            data-testid={`${testId}-captcha`}
          />
          <button
            type="button"
            title="看不清？换一张"
            aria-label="看不清？换一张"
            data-testid={`${testId}-captcha-image`}
            data-check-key={image.checkKey}
            onClick={() => void image.refresh()}
            style={{
              width: 113,
              height: 40,
              padding: 2,
              border: '1px solid #d9d9d9',
              borderRadius: 6,
              cursor: 'pointer',
            }}
          >
            {image.image ? <img src={image.image} alt="图形验证码" width={105} height={35} /> : '加载中'}
          </button>
        </div>
      </Modal>
    </>
  );
}
