import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { MOBILE_MESSAGE, MOBILE_PATTERN } from '@procura/shared';
import type { Envelope, LoginResult } from '@procura/shared';
import { http } from '../lib/http-client';
import { acceptLogin, mustPickTenant } from '../lib/login-session';
import { PLATFORM_NAME } from '../lib/platform';
import { persistedSession } from '../lib/session-persistence';
import { useSmsCode } from '../lib/sms-code';
import { asksCaptcha, useImageCaptcha } from '../lib/image-captcha';
import { enterBackOffice } from './enter';
import { Field } from './field';
import { TenantPicker } from './tenant-picker';

type Tab = 'password' | 'phone';
type Errors = Partial<Record<'username' | 'password' | 'mobile' | 'captcha' | 'imageCode' | 'smsImageCode', string>>;

const TABS: { key: Tab; label: string }[] = [
  { key: 'password', label: '账号密码登录' },
  { key: 'phone', label: '手机号登录' },
];

/** /user/login: account and password, or mobile and SMS code; then the tenant choice when several. */
export function LoginPage() {
  const [tab, setTab] = useState<Tab>('password');
  const [values, setValues] = useState({
    username: '',
    password: '',
    mobile: '',
    captcha: '',
    imageCode: '',
    smsImageCode: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [showPassword, setShowPassword] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [smsNote, setSmsNote] = useState<{ sent: boolean; text: string } | null>(null);
  /** A login with several tenants waits for the tenant choice before entering. */
  const [picking, setPicking] = useState<LoginResult | null>(null);
  const sms = useSmsCode(() => values.mobile, '0');
  /** The password login's image captcha: shown once the server asks for it (issue 16). */
  const image = useImageCaptcha();
  const drawImage = image.refresh;
  /** The image captcha asked for before an SMS code is sent. */
  const smsImage = useImageCaptcha();
  useEffect(() => {
    void http.envelope<{ required: boolean }>('GET', '/sys/login/captchaRequired').then((res) => {
      if (res.success && res.result?.required) void drawImage();
    });
  }, [drawImage]);

  const input = (name: keyof typeof values) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: event.target.value }));
      if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
    },
  });

  /** Password and phone login end alike: tenant choice, then the guard's target. */
  const run = async (call: () => Promise<Envelope<LoginResult | null>>) => {
    setSubmitting(true);
    setFailure(null);
    try {
      const body = await call();
      if (!body.success && asksCaptcha(body.result)) {
        // A refused try used its code up (or none was shown yet): a new one to type.
        setValues((v) => ({ ...v, imageCode: '' }));
        void image.refresh();
      }
      const { result } = acceptLogin(body);
      if (mustPickTenant(result)) setPicking(result);
      else enterBackOffice(result.userInfo?.isShow);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
      setSubmitting(false);
    }
  };

  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!values.username.trim()) found.username = '请输入用户名';
    if (!values.password) found.password = '请输入密码';
    if (image.shown && !values.imageCode.trim()) found.imageCode = '请输入验证码';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    void run(() =>
      http.envelope<LoginResult>('POST', '/sys/login', undefined, {
        username: values.username.trim(),
        password: values.password,
        ...(image.shown ? image.fields(values.imageCode) : {}),
      }),
    );
  };

  const mobileError = (mobile: string) =>
    !mobile.trim() ? '请输入手机号' : MOBILE_PATTERN.test(mobile.trim()) ? undefined : MOBILE_MESSAGE;

  const submitPhone = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {
      mobile: mobileError(values.mobile),
      captcha: values.captcha.trim() ? undefined : '请输入验证码',
    };
    setErrors(found);
    if (found.mobile || found.captcha) return;
    // JeecgBoot's LoginPhone: the SMS code travels as `captcha`.
    void run(() =>
      http.envelope<LoginResult>('POST', '/sys/phoneLogin', undefined, {
        mobile: values.mobile.trim(),
        captcha: values.captcha.trim(),
        remember_me: true,
      }),
    );
  };

  const sendCode = async () => {
    const invalid = mobileError(values.mobile);
    if (invalid) {
      setErrors((e) => ({ ...e, mobile: invalid }));
      return;
    }
    if (!values.smsImageCode.trim()) {
      setErrors((e) => ({ ...e, smsImageCode: '请输入图形验证码' }));
      return;
    }
    setSmsNote(await sms.send(smsImage.fields(values.smsImageCode)));
    // Its code is used up, sent or not.
    setValues((v) => ({ ...v, smsImageCode: '' }));
    void smsImage.refresh();
  };

  const captchaField = (
    id: 'imageCode' | 'smsImageCode',
    testId: string,
    drawn: ReturnType<typeof useImageCaptcha>,
  ) => (
    <Field
      id={id}
      label="图形验证码"
      autoComplete="off"
      maxLength={8}
      data-testid={testId}
      error={errors[id]}
      {...input(id)}
      addon={
        <button
          type="button"
          className="l-captcha"
          aria-label="看不清？换一张"
          title="看不清？换一张"
          data-testid={`${testId}-image`}
          data-check-key={drawn.checkKey}
          onClick={() => void drawn.refresh()}
        >
          {drawn.image ? <img src={drawn.image} alt="图形验证码" width={105} height={35} /> : '加载中'}
        </button>
      }
    />
  );

  const submitButton = (testId: string) => (
    <button
      type="submit"
      className="l-btn l-btn-primary l-btn-block"
      disabled={submitting}
      aria-busy={submitting}
      data-testid={testId}
    >
      {submitting ? <span className="l-spinner" aria-hidden="true" /> : null}
      登录
    </button>
  );

  return (
    <main className="l-page">
      <section className="l-card" aria-labelledby="login-title">
        <h1 id="login-title" className="l-title">
          {PLATFORM_NAME}
        </h1>
        <div className="l-tabs" role="tablist" aria-label="登录方式">
          {TABS.map((t) => (
            <button
              key={t.key}
              type="button"
              role="tab"
              id={`login-tab-${t.key}`}
              aria-selected={tab === t.key}
              aria-controls={`login-panel-${t.key}`}
              className={tab === t.key ? 'l-tab l-tab-active' : 'l-tab'}
              data-testid={`login-tab-${t.key}`}
              onClick={() => {
                setTab(t.key);
                setErrors({});
                if (t.key === 'phone' && !smsImage.shown) void smsImage.refresh();
              }}
            >
              {t.label}
            </button>
          ))}
        </div>
        {failure !== null ? (
          <div className="l-alert" role="alert" data-testid="login-error">
            <strong>登录失败</strong>
            <span>{failure}</span>
          </div>
        ) : null}

        <div id="login-panel-password" role="tabpanel" aria-labelledby="login-tab-password" hidden={tab !== 'password'}>
          <form noValidate onSubmit={submitPassword}>
            <Field
              id="username"
              label="用户名"
              autoComplete="username"
              error={errors.username}
              {...input('username')}
            />
            <Field
              id="password"
              label="密码"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              error={errors.password}
              {...input('password')}
              addon={
                <button
                  type="button"
                  className="l-eye"
                  aria-label={showPassword ? '隐藏密码' : '显示密码'}
                  aria-pressed={showPassword}
                  onClick={() => setShowPassword((s) => !s)}
                >
                  {showPassword ? '隐藏' : '显示'}
                </button>
              }
            />
            {image.shown ? captchaField('imageCode', 'login-captcha', image) : null}
            {submitButton('login-submit')}
          </form>
        </div>

        <div id="login-panel-phone" role="tabpanel" aria-labelledby="login-tab-phone" hidden={tab !== 'phone'}>
          <form noValidate onSubmit={submitPhone}>
            <Field
              id="mobile"
              label="手机号"
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              maxLength={11}
              data-testid="login-mobile"
              error={errors.mobile}
              {...input('mobile')}
            />
            {captchaField('smsImageCode', 'login-sms-captcha', smsImage)}
            <Field
              id="captcha"
              label="验证码"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              data-testid="login-sms-code"
              error={errors.captcha}
              {...input('captcha')}
              addon={
                <button
                  type="button"
                  className="l-btn l-sms"
                  disabled={sms.left > 0 || sms.sending}
                  aria-busy={sms.sending}
                  data-testid="login-sms-send"
                  onClick={() => void sendCode()}
                >
                  {sms.label}
                </button>
              }
            />
            {smsNote ? (
              <p
                className={smsNote.sent ? 'l-note' : 'l-note l-note-warning'}
                role="status"
                data-testid="login-sms-note"
              >
                {smsNote.text}
              </p>
            ) : null}
            {submitButton('login-phone-submit')}
          </form>
        </div>

        <nav className="l-links" aria-label="账户">
          <a href="/alteration" data-testid="login-forgot-link">
            忘记密码
          </a>
          <a href="/register" data-testid="login-register-link">
            注册账户
          </a>
        </nav>
        <p className="l-portal">
          <a href="/portal" data-testid="login-portal-link">
            门户首页
          </a>
        </p>
      </section>
      {picking ? (
        <TenantPicker
          tenants={picking.tenantList ?? []}
          onPick={(tenantId) => {
            persistedSession.setTenantId(tenantId);
            enterBackOffice(picking.userInfo?.isShow);
          }}
        />
      ) : null}
    </main>
  );
}
