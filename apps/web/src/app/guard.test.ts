import { describe, expect, it } from 'vitest';
import { loginRedirect, postLoginTarget, safeRedirect } from '../lib/login-target';
import { decideRoute, targetAfterPermissionLoad } from './guard';
import type { GuardInput } from './guard';

const known = new Set(['/', '/dashboard/workbench', '/isystem/user', '/404', '/completeSupInfo', '/user/login']);

function decide(input: Partial<GuardInput>) {
  return decideRoute({
    pathname: '/',
    search: '',
    token: 'tok',
    isShow: 1,
    permissionsLoaded: true,
    isKnownPath: (p) => known.has(p),
    ...input,
  });
}

describe('route guard rules (spec part 1 §2.4)', () => {
  it('1. without a token, a non-public path goes to login with the original path and query', () => {
    expect(decide({ token: null, pathname: '/isystem/user', search: '?a=1&b=2' })).toEqual({
      action: 'redirect',
      to: '/user/login?redirect=%2Fisystem%2Fuser%3Fa%3D1%26b%3D2',
    });
    expect(decide({ token: null, pathname: '/completeSupInfo' })).toMatchObject({ action: 'redirect' });
  });

  it('1. without a token, public paths and anything below them pass', () => {
    for (const pathname of [
      '/user/login',
      '/register',
      '/register-result',
      '/alteration',
      '/supplierRegister',
      '/404',
      '/user/ssoLogin',
      '/register/step2',
      '/user/login/',
    ]) {
      expect(decide({ token: null, pathname })).toEqual({ action: 'allow' });
    }
    // A prefix that is not a path segment is not public.
    expect(decide({ token: null, pathname: '/registerx' })).toMatchObject({ action: 'redirect' });
  });

  it('2. a logged-in user at /user/login goes home, or to /completeSupInfo when isShow is 2', () => {
    expect(decide({ pathname: '/user/login' })).toEqual({ action: 'redirect', to: '/dashboard/workbench' });
    expect(decide({ pathname: '/user/login', isShow: 2 })).toEqual({ action: 'redirect', to: '/completeSupInfo' });
    // A pending safe redirect wins over home (the login page's own target).
    expect(decide({ pathname: '/user/login', search: '?redirect=%2Fisystem%2Fuser' })).toEqual({
      action: 'redirect',
      to: '/isystem/user',
    });
    expect(decide({ pathname: '/user/login', search: '?redirect=%2Fx', isShow: 2 })).toEqual({
      action: 'redirect',
      to: '/completeSupInfo',
    });
  });

  it('3. while isShow is 2 every other path goes to /completeSupInfo, even before permissions load', () => {
    for (const pathname of ['/', '/dashboard/workbench', '/isystem/user', '/nowhere', '/404']) {
      expect(decide({ pathname, isShow: 2, permissionsLoaded: false })).toEqual({
        action: 'redirect',
        to: '/completeSupInfo',
      });
    }
    expect(decide({ pathname: '/completeSupInfo', isShow: 2, permissionsLoaded: false })).toEqual({ action: 'allow' });
  });

  it('4. a user whose isShow is not 2 at /completeSupInfo goes home', () => {
    expect(decide({ pathname: '/completeSupInfo', isShow: 1 })).toEqual({
      action: 'redirect',
      to: '/dashboard/workbench',
    });
    expect(decide({ pathname: '/completeSupInfo', isShow: null, permissionsLoaded: false })).toEqual({
      action: 'redirect',
      to: '/dashboard/workbench',
    });
  });

  it('5. the first navigation with an empty permission list loads permissions', () => {
    expect(decide({ pathname: '/isystem/user', permissionsLoaded: false })).toEqual({ action: 'load-permissions' });
    expect(decide({ pathname: '/anything', permissionsLoaded: false })).toEqual({ action: 'load-permissions' });
  });

  it('5. after the load, the redirect target wins over the requested path', () => {
    expect(targetAfterPermissionLoad('/dashboard/workbench', '?redirect=%2Fisystem%2Fuser%3Fx%3D1')).toBe(
      '/isystem/user?x=1',
    );
    expect(targetAfterPermissionLoad('/isystem/user', '')).toBeNull();
    expect(targetAfterPermissionLoad('/a', '?redirect=https%3A%2F%2Fevil.example')).toBeNull();
  });

  it('6. after a failed load the user is logged out, and is then sent to login with the redirect', () => {
    // The guard logs out on failure; the next decision is made without a token.
    expect(decide({ token: null, pathname: '/isystem/user', permissionsLoaded: false })).toEqual({
      action: 'redirect',
      to: loginRedirect('/isystem/user', ''),
    });
  });

  it('sends a path no route answers to /404', () => {
    expect(decide({ pathname: '/no/such/page' })).toEqual({ action: 'redirect', to: '/404' });
    expect(decide({ pathname: '/isystem/user/' })).toEqual({ action: 'allow' });
    expect(decide({ pathname: '/404', isKnownPath: () => false })).toEqual({ action: 'allow' });
  });
});

describe('open-redirect safety', () => {
  it('accepts same-site paths only', () => {
    expect(safeRedirect('/isystem/user?x=1#top')).toBe('/isystem/user?x=1#top');
    expect(safeRedirect('/')).toBe('/');
    for (const bad of [
      null,
      '',
      'isystem/user',
      '//evil.example/x',
      '/\\evil.example',
      '/\\/evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '/\tevil',
      '/user/login?redirect=%2Fx',
    ]) {
      expect(safeRedirect(bad)).toBeNull();
    }
  });

  it('post-login target ignores unsafe redirects', () => {
    expect(postLoginTarget(1, '?redirect=%2F%2Fevil.example')).toBe('/dashboard/workbench');
    expect(postLoginTarget(1, '?redirect=https%3A%2F%2Fevil.example')).toBe('/dashboard/workbench');
    expect(postLoginTarget(1, '?redirect=%2Fsrm%2Fsupplier%2Flist')).toBe('/srm/supplier/list');
    expect(postLoginTarget(2, '?redirect=%2Fsrm%2Fsupplier%2Flist')).toBe('/completeSupInfo');
    expect(postLoginTarget(undefined, '')).toBe('/dashboard/workbench');
  });
});
