import { describe, expect, it } from 'vitest';
import { createExpiringStorage } from './storage';
import {
  createSettingsStore,
  DEFAULT_SETTINGS,
  effectiveSettings,
  LAYOUT_SETTINGS_KEY,
  normalizeSettings,
  THEME_COLORS,
} from './layout-settings';

function memoryBackend() {
  const data = new Map<string, string>();
  const backend = {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  } as unknown as Storage;
  return { data, storage: createExpiringStorage(() => backend) };
}

describe('layout settings', () => {
  it('defaults: light menu, teal, side menu, fixed width, fixed side menu, multi-tab on, no watermark', () => {
    expect(DEFAULT_SETTINGS).toEqual({
      menuTheme: 'light',
      primaryColor: '#13c2c2',
      layout: 'sidemenu',
      contentWidth: 'Fixed',
      fixedHeader: false,
      autoHideHeader: false,
      fixSiderbar: true,
      colorWeak: false,
      multiTab: true,
      watermark: false,
    });
    expect(THEME_COLORS).toHaveLength(8);
    expect(THEME_COLORS.map((c) => c.color)).toContain(DEFAULT_SETTINGS.primaryColor);
  });

  it('falls back to the default for anything unknown or malformed', () => {
    expect(normalizeSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(normalizeSettings('dark')).toEqual(DEFAULT_SETTINGS);
    const s = normalizeSettings({
      menuTheme: 'purple',
      primaryColor: '#123456',
      layout: 'topmenu',
      multiTab: 'yes',
      colorWeak: true,
      primary: 1,
    });
    expect(s).toEqual({ ...DEFAULT_SETTINGS, layout: 'topmenu', colorWeak: true });
    // Presets match whatever the case.
    expect(normalizeSettings({ primaryColor: '#722ED1' }).primaryColor).toBe('#722ed1');
  });

  it('applies Fluid only in top-menu mode, the fixed side menu only in side-menu mode, auto-hide only with a fixed header', () => {
    const side = { ...DEFAULT_SETTINGS, contentWidth: 'Fluid' as const, fixSiderbar: true, autoHideHeader: true };
    expect(effectiveSettings({ ...side, contentWidth: 'Fixed' }).fluid).toBe(true);
    expect(effectiveSettings(side)).toEqual({ fluid: true, fixedSider: true, autoHideHeader: false });
    const top = { ...side, layout: 'topmenu' as const };
    expect(effectiveSettings(top)).toEqual({ fluid: true, fixedSider: false, autoHideHeader: false });
    expect(effectiveSettings({ ...top, contentWidth: 'Fixed' }).fluid).toBe(false);
    expect(effectiveSettings({ ...top, fixedHeader: true }).autoHideHeader).toBe(true);
  });

  it('persists every change and restores it at start-up', () => {
    const { data, storage } = memoryBackend();
    const store = createSettingsStore(storage);
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
    let notified = 0;
    store.subscribe(() => notified++);
    store.update({ menuTheme: 'dark', primaryColor: '#722ed1', layout: 'topmenu' });
    store.update({ multiTab: false });
    expect(notified).toBe(2);
    expect(data.has(LAYOUT_SETTINGS_KEY)).toBe(true);

    const restored = createSettingsStore(storage).get();
    expect(restored).toEqual({
      ...DEFAULT_SETTINGS,
      menuTheme: 'dark',
      primaryColor: '#722ed1',
      layout: 'topmenu',
      multiTab: false,
    });

    store.reset();
    expect(createSettingsStore(storage).get()).toEqual(DEFAULT_SETTINGS);
  });

  it('refuses a colour outside the presets', () => {
    const { storage } = memoryBackend();
    const store = createSettingsStore(storage);
    store.update({ primaryColor: 'red' });
    expect(store.get().primaryColor).toBe(DEFAULT_SETTINGS.primaryColor);
  });
});
