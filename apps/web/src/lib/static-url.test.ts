import { afterEach, describe, expect, it } from 'vitest';
import { staticBase, staticUrl } from './static-url';

describe('staticUrl (spec part 2 §7 static file link helper)', () => {
  afterEach(() => {
    delete window.__PROCURA_CONFIG__;
  });

  it('prefixes the static host to a relative stored path', () => {
    expect(staticUrl('portal/20260101/abc.png', '/jeecg-boot/sys/common/static')).toBe(
      '/jeecg-boot/sys/common/static/portal/20260101/abc.png',
    );
    expect(staticUrl('/temp/a.png', 'https://files.example.com/')).toBe('https://files.example.com/temp/a.png');
    expect(staticUrl('temp/a.png,', '/s')).toBe('/s/temp/a.png');
  });

  it('leaves absolute links alone and keeps empty values empty', () => {
    expect(staticUrl('https://cdn.example.com/a.png', '/s')).toBe('https://cdn.example.com/a.png');
    expect(staticUrl('http://x/a.png', '/s')).toBe('http://x/a.png');
    expect(staticUrl('//cdn/a.png', '/s')).toBe('//cdn/a.png');
    expect(staticUrl('data:image/png;base64,AAAA', '/s')).toBe('data:image/png;base64,AAAA');
    expect(staticUrl('', '/s')).toBe('');
    expect(staticUrl(null, '/s')).toBe('');
  });

  it('defaults to <api base>/sys/common/static, or the injected static base', () => {
    window.__PROCURA_CONFIG__ = { apiBase: '/api' };
    expect(staticBase()).toBe('/api/sys/common/static');
    window.__PROCURA_CONFIG__ = { apiBase: '/api', staticBase: 'https://static.example.com/files/' };
    expect(staticBase()).toBe('https://static.example.com/files');
    expect(staticUrl('a/b.png')).toBe('https://static.example.com/files/a/b.png');
  });
});
