import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Button } from 'antd';
import { createSessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { persistedSession } from '../../lib/session-persistence';
import { unsavedRegistry } from '../../lib/unsaved-changes';
import { userInfo } from '../../test/fixtures';
import { fakeServer, ok } from '../../test/fake-server';
import type { FakeHandler } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { usePasswordModal } from './use-password-modal';

function Opener({ username }: { username: string | null }) {
  const password = usePasswordModal();
  return (
    <>
      <Button onClick={() => password.show(username)}>改密</Button>
      {password.modal}
    </>
  );
}

const field = (name: string) => document.getElementById(`passwordForm_${name}`) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const ok_ = () => fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));

function setup(handler: FakeHandler = () => ok(null, '密码重置成功!'), username: string | null = 'buyer') {
  const server = fakeServer({ 'PUT /sys/user/updatePassword': handler });
  vi.stubGlobal('fetch', server.fetch);
  renderWithProviders(<Opener username={username} />, {
    route: '/dashboard/workbench',
    store: createSessionStore(http),
  });
  fireEvent.click(screen.getByRole('button', { name: /改\s*密/ }));
  return server;
}

describe('password modal', () => {
  beforeEach(() => {
    persistedSession.setToken('tok');
    persistedSession.setUserInfo(userInfo({ username: 'buyer' }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    unsavedRegistry.clear();
  });

  it('warns instead of opening without a signed-in user', async () => {
    setup(undefined, null);
    expect(await screen.findByText('当前系统无登陆用户!')).toBeTruthy();
    // Never shown: not even mounted, its code loads on the first opening.
    expect(document.querySelector('.ant-modal-wrap')).toBeNull();
  });

  it('requires every field', async () => {
    const server = setup();
    expect(await screen.findByText('修改密码')).toBeTruthy();
    ok_();
    expect(await screen.findByText('请输入旧密码!')).toBeTruthy();
    expect(screen.getByText('请输入新密码!')).toBeTruthy();
    expect(screen.getByText('请确认新密码!')).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it('requires the confirmation to match', async () => {
    const server = setup();
    await screen.findByText('修改密码');
    type('oldpassword', 'Procura@2026');
    type('password', 'Procura@2027');
    type('confirmpassword', 'Procura@2028');
    ok_();
    expect(await screen.findByText('两次输入的密码不一样！')).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it('warns and clears a weak new password when leaving the field', async () => {
    setup();
    await screen.findByText('修改密码');
    type('password', 'abc12345');
    fireEvent.blur(field('password'));
    expect(await screen.findByText('密码必须包含字母、数字、特殊字符，长度8到16位')).toBeTruthy();
    await waitFor(() => expect(field('password').value).toBe(''));
  });

  it('changes the password, shows the server message and closes', async () => {
    const server = setup();
    await screen.findByText('修改密码');
    type('oldpassword', 'Procura@2026');
    type('password', 'Procura@2027');
    fireEvent.blur(field('password'));
    type('confirmpassword', 'Procura@2027');
    await waitFor(() => expect(unsavedRegistry.isDirty()).toBe(true));
    ok_();
    expect(await screen.findByText('密码重置成功!')).toBeTruthy();
    expect(server.calls('PUT /sys/user/updatePassword')[0]!.body).toEqual({
      username: 'buyer',
      oldpassword: 'Procura@2026',
      password: 'Procura@2027',
      confirmpassword: 'Procura@2027',
    });
    // Closed: the form was reset and the page holds no unsaved edits any more.
    await waitFor(() => expect(field('oldpassword').value).toBe(''));
    expect(unsavedRegistry.isDirty()).toBe(false);
  });

  it('shows a refusal and keeps the modal open', async () => {
    setup(() => ({ body: { success: false, code: 500, message: '旧密码输入错误!', result: null, timestamp: 0 } }));
    await screen.findByText('修改密码');
    type('oldpassword', 'Wrong@2026');
    type('password', 'Procura@2027');
    type('confirmpassword', 'Procura@2027');
    ok_();
    expect(await screen.findByText('旧密码输入错误!')).toBeTruthy();
    expect(field('oldpassword').value).toBe('Wrong@2026');
  });
});
