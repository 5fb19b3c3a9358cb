import { useSyncExternalStore } from 'react';
import { storage } from './storage';
import type { ExpiringStorage } from './storage';

export type MenuTheme = 'dark' | 'light';
export type LayoutMode = 'sidemenu' | 'topmenu';
export type ContentWidth = 'Fixed' | 'Fluid';

/** The settings drawer's choices (spec part 1 §2.6, defaults from §9). */
export type LayoutSettings = {
  menuTheme: MenuTheme;
  primaryColor: string;
  layout: LayoutMode;
  contentWidth: ContentWidth;
  fixedHeader: boolean;
  /** Hide the header while scrolling down; needs a fixed header. */
  autoHideHeader: boolean;
  /** Keep the side menu in place while the page scrolls; not in top-menu mode. */
  fixSiderbar: boolean;
  colorWeak: boolean;
  multiTab: boolean;
  watermark: boolean;
};

/** The eight theme colour presets; teal is the default. */
export const THEME_COLORS = [
  { name: '薄暮', color: '#f5222d' },
  { name: '火山', color: '#fa541c' },
  { name: '日暮', color: '#faad14' },
  { name: '明青', color: '#13c2c2' },
  { name: '极光绿', color: '#52c41a' },
  { name: '拂晓蓝', color: '#1890ff' },
  { name: '极客蓝', color: '#2f54eb' },
  { name: '酱紫', color: '#722ed1' },
] as const;

export const DEFAULT_PRIMARY_COLOR = '#13c2c2';

export const DEFAULT_SETTINGS: Readonly<LayoutSettings> = {
  menuTheme: 'light',
  primaryColor: DEFAULT_PRIMARY_COLOR,
  layout: 'sidemenu',
  contentWidth: 'Fixed',
  fixedHeader: false,
  autoHideHeader: false,
  fixSiderbar: true,
  colorWeak: false,
  multiTab: true,
  watermark: false,
};

/** Where the settings are kept in the browser (not cleared at sign-out: they are the browser's). */
export const LAYOUT_SETTINGS_KEY = 'PROCURA_LAYOUT_SETTINGS';

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

function flag(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

/** Stored settings, checked field by field: anything unknown or malformed falls back to the default. */
export function normalizeSettings(raw: unknown): LayoutSettings {
  const r = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const d = DEFAULT_SETTINGS;
  const color = typeof r.primaryColor === 'string' ? r.primaryColor.toLowerCase() : '';
  return {
    menuTheme: oneOf(r.menuTheme, ['dark', 'light'], d.menuTheme),
    primaryColor: THEME_COLORS.some((c) => c.color === color) ? color : d.primaryColor,
    layout: oneOf(r.layout, ['sidemenu', 'topmenu'], d.layout),
    contentWidth: oneOf(r.contentWidth, ['Fixed', 'Fluid'], d.contentWidth),
    fixedHeader: flag(r.fixedHeader, d.fixedHeader),
    autoHideHeader: flag(r.autoHideHeader, d.autoHideHeader),
    fixSiderbar: flag(r.fixSiderbar, d.fixSiderbar),
    colorWeak: flag(r.colorWeak, d.colorWeak),
    multiTab: flag(r.multiTab, d.multiTab),
    watermark: flag(r.watermark, d.watermark),
  };
}

/** What the layout actually applies: choices that depend on others only count when those allow them. */
export function effectiveSettings(s: LayoutSettings) {
  const top = s.layout === 'topmenu';
  return {
    /** Fluid width is offered and applied only in top-menu mode; the side layout is always fluid. */
    fluid: top ? s.contentWidth === 'Fluid' : true,
    fixedSider: !top && s.fixSiderbar,
    autoHideHeader: s.fixedHeader && s.autoHideHeader,
  };
}

export function createSettingsStore(backend: ExpiringStorage = storage) {
  let state = normalizeSettings(backend.get(LAYOUT_SETTINGS_KEY));
  const listeners = new Set<() => void>();
  return {
    get: (): LayoutSettings => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update(patch: Partial<LayoutSettings>): void {
      state = normalizeSettings({ ...state, ...patch });
      backend.set(LAYOUT_SETTINGS_KEY, state);
      listeners.forEach((l) => l());
    },
    reset(): void {
      state = { ...DEFAULT_SETTINGS };
      backend.remove(LAYOUT_SETTINGS_KEY);
      listeners.forEach((l) => l());
    },
  };
}

export type SettingsStore = ReturnType<typeof createSettingsStore>;

/** The browser's layout settings, restored at start-up. */
export const settingsStore: SettingsStore = createSettingsStore();

export function useLayoutSettings(store: SettingsStore = settingsStore): LayoutSettings {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
