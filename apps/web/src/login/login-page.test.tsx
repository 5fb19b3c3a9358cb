import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { persistedSession } from '../lib/session-persistence';
import { userInfo } from '../test/fixtures';
import { fail, ok } from '../test/fake-server';
import { renderLoginPage, submitPassword } from '../test/login';
import { enterIfSignedIn } from './enter';

const success = (isShow = 1) =>
  ok(
    { token: 't', userInfo: userInfo({ isShow }), sysAllDictItems: { sex: [] }, departs: [], multi_depart: 1 },
    '登录成功',
  );

describe('the light sign-in page (login.html), account and password', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('requires user name and password', async () => {
    const { server } = renderLoginPage('/user/login', { 'POST /sys/login': () => success() });
    await submitPassword('', '');
    expect(await screen.findByText('请输入用户名')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    expect(document.getElementById('username')!.getAttribute('aria-invalid')).toBe('true');
    expect(server.calls('POST /sys/login')).toHaveLength(0);
  });

  it('logs in, stores the session where the back office reads it and enters the safe redirect target with a full load', async () => {
    const { server, left } = renderLoginPage('/user/login?redirect=%2Fisystem%2Fuser', {
      'POST /sys/login': () => success(),
    });
    await submitPassword(' admin ', 'Procura@2026');
    await waitFor(() => expect(left()).toBe('/isystem/user'));
    expect(server.calls('POST /sys/login')[0]!.body).toEqual({ username: 'admin', password: 'Procura@2026' });
    expect(persistedSession.token()).toBe('t');
    expect(persistedSession.userInfo()).toMatchObject({ username: 'admin' });
    expect(persistedSession.dict()).toEqual({ sex: [] });
    expect(persistedSession.tenantId()).toBe('0');
  });

  it('goes home when the redirect leaves the site', async () => {
    const { left } = renderLoginPage('/user/login?redirect=%2F%2Fevil.example%2F', {
      'POST /sys/login': () => success(),
    });
    await submitPassword('admin', 'Procura@2026');
    await waitFor(() => expect(left()).toBe('/dashboard/workbench'));
  });

  it('sends an isShow 2 supplier to complete the supplier information', async () => {
    const { left } = renderLoginPage('/user/login?redirect=%2Fisystem%2Fuser', { 'POST /sys/login': () => success(2) });
    await submitPassword('supplier2', 'Procura@2026');
    await waitFor(() => expect(left()).toBe('/completeSupInfo'));
  });

  it('shows 登录失败 with the server message and stays', async () => {
    const { left } = renderLoginPage('/user/login', { 'POST /sys/login': () => fail(200, '用户名或密码错误', 500) });
    await submitPassword('admin', 'wrong');
    expect(await screen.findByText('登录失败')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('用户名或密码错误');
    expect(left()).toBeUndefined();
    expect(persistedSession.token()).toBeNull();
    // The button is usable again.
    await waitFor(() => expect((screen.getByTestId('login-submit') as HTMLButtonElement).disabled).toBe(false));
  });

  it('shows the image captcha once the server asks for it, and sends it with the next try', async () => {
    let tries = 0;
    const { server } = renderLoginPage('/user/login', {
      'POST /sys/login': () =>
        ++tries === 1 ? fail(200, '用户名或密码错误', 500, { captchaRequired: true }) : success(),
    });
    expect(screen.queryByTestId('login-captcha')).toBeNull();
    const user = await submitPassword('admin', 'wrong');
    expect(await screen.findByTestId('login-captcha')).toBeTruthy();
    const drawn = server.requests.filter((r) => r.url.pathname.startsWith('/jeecg-boot/sys/randomImage/'));
    expect(drawn).toHaveLength(1);
    const checkKey = drawn[0]!.url.pathname.split('/').at(-1);
    // The code is required once shown.
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('请输入验证码')).toBeTruthy();
    await user.type(screen.getByTestId('login-captcha'), 'ab3x');
    await user.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(server.calls('POST /sys/login')).toHaveLength(2));
    expect(server.calls('POST /sys/login')[1]!.body).toMatchObject({ captcha: 'ab3x', checkKey });
    // A click on the image draws another.
    await user.click(screen.getByTestId('login-captcha-image'));
    await waitFor(() =>
      expect(server.requests.filter((r) => r.url.pathname.startsWith('/jeecg-boot/sys/randomImage/'))).toHaveLength(2),
    );
  });

  it('shows the image captcha from the start when the server says so', async () => {
    renderLoginPage('/user/login', { 'GET /sys/login/captchaRequired': () => ok({ required: true }) });
    expect(await screen.findByTestId('login-captcha')).toBeTruthy();
  });

  it('shows the throttling message of an HTTP 429 once, as 登录失败', async () => {
    renderLoginPage('/user/login', { 'POST /sys/login': () => fail(429, '登录失败次数过多，请15分钟后再试') });
    await submitPassword('admin', 'wrong');
    expect(await screen.findByText('登录失败次数过多，请15分钟后再试')).toBeTruthy();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('shows the frozen-tenant refusal as the server words it', async () => {
    renderLoginPage('/user/login', {
      'POST /sys/login': () => fail(200, '与该用户关联的租户均已被冻结，无法登录！', 500),
    });
    await submitPassword('member', 'Procura@2026');
    expect(await screen.findByText('与该用户关联的租户均已被冻结，无法登录！')).toBeTruthy();
    expect(persistedSession.token()).toBeNull();
  });

  it('a network failure is a readable 登录失败', async () => {
    renderLoginPage('/user/login', {});
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await submitPassword('admin', 'Procura@2026');
    expect(await screen.findByText('网络异常，请检查网络连接')).toBeTruthy();
  });

  it('labels every input and links to registration, password retrieval and the portal', () => {
    renderLoginPage('/user/login', {});
    expect(screen.getByLabelText('用户名')).toBe(document.getElementById('username'));
    expect(screen.getByLabelText('密码')).toBe(document.getElementById('password'));
    expect(screen.getByTestId('login-register-link').getAttribute('href')).toBe('/register');
    expect(screen.getByTestId('login-forgot-link').getAttribute('href')).toBe('/alteration');
    expect(screen.getByTestId('login-portal-link').getAttribute('href')).toBe('/portal');
  });

  it('a user already signed in does not see the form: the back office opens with a full load', async () => {
    const { navigation } = renderLoginPage('/user/login?redirect=%2Fisystem%2Fuser', {});
    expect(enterIfSignedIn()).toBe(false);
    persistedSession.setToken('t');
    persistedSession.setUserInfo(userInfo({ isShow: 1 }));
    expect(enterIfSignedIn()).toBe(true);
    expect(navigation).toHaveBeenLastCalledWith('/isystem/user');
  });
});

describe('the sign-in entry stays light', () => {
  /** Every module the entry reaches, following relative imports from login/main.tsx. */
  function reachable(): Map<string, string[]> {
    const src = path.resolve(__dirname, '..');
    const seen = new Map<string, string[]>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      const text = fs.readFileSync(file, 'utf8');
      const specs = [...text.matchAll(/^\s*import\s[^'"]*['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
      seen.set(file, specs);
      for (const spec of specs.filter((s) => s.startsWith('.') && !s.endsWith('.css'))) {
        const base = path.resolve(path.dirname(file), spec);
        const found = ['.ts', '.tsx', '/index.ts'].map((ext) => base + ext).find((f) => fs.existsSync(f));
        if (!found) throw new Error(`${file}: cannot resolve ${spec}`);
        visit(found);
      }
    };
    visit(path.join(src, 'login', 'main.tsx'));
    return seen;
  }

  it('imports no antd, router, query library or back-office module, directly or through lib', () => {
    const modules = reachable();
    expect([...modules.keys()].some((f) => f.endsWith(`login${path.sep}login-page.tsx`))).toBe(true);
    for (const [file, specs] of modules) {
      for (const spec of specs) {
        expect(spec, `${file} imports ${spec}`).not.toMatch(
          /(^|\/)(shell|pages|resources|app|portal|components)\/|lib\/(http|feedback|auth-store|menu-routes)$|^antd|^@ant-design|^echarts|^react-router|^@tanstack/,
        );
      }
    }
  });
});
