import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiBase } from './config';

describe('apiBase', () => {
  afterEach(() => {
    delete window.__PROCURA_CONFIG__;
    vi.unstubAllEnvs();
  });

  it('defaults to /jeecg-boot', () => {
    expect(apiBase()).toBe('/jeecg-boot');
  });

  it('prefers the server-injected runtime config, without a trailing slash', () => {
    vi.stubEnv('VITE_API_BASE', '/from-env');
    window.__PROCURA_CONFIG__ = { apiBase: '/custom-base/' };
    expect(apiBase()).toBe('/custom-base');
  });

  it('falls back to VITE_API_BASE when the runtime config is missing or empty', () => {
    vi.stubEnv('VITE_API_BASE', '/from-env');
    expect(apiBase()).toBe('/from-env');
    window.__PROCURA_CONFIG__ = { apiBase: '' };
    expect(apiBase()).toBe('/from-env');
  });
});
