import { describe, expect, it } from 'vitest';
import { isValidElement } from 'react';
import { menuIcon } from './menu-icons';

describe('menuIcon', () => {
  it("resolves the base menus' icon names, 门户管理 (GlobalOutlined) included, whatever the spelling", () => {
    for (const name of [
      'GlobalOutlined',
      'global',
      'global-outlined',
      'SettingOutlined',
      'TeamOutlined',
      'HomeOutlined',
      'BankOutlined',
    ]) {
      expect(isValidElement(menuIcon(name)), name).toBe(true);
    }
    expect(menuIcon('NoSuchIcon')).toBeUndefined();
    expect(menuIcon(undefined)).toBeUndefined();
  });

  it('resolves every antd 3 icon name the seeded menus store (as the stock JeecgBoot client reads them)', () => {
    for (const name of ['audit', 'bank', 'bell', 'code', 'database', 'edit', 'file-text', 'form', 'global', 'home'])
      expect(isValidElement(menuIcon(name)), name).toBe(true);
    for (const name of ['setting', 'table', 'team', 'trophy']) expect(isValidElement(menuIcon(name)), name).toBe(true);
  });
});
