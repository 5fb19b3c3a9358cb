import { LAYOUT_MOBILE_BREAKPOINT, LAYOUT_SMALL_BREAKPOINT, MOBILE_DRAWER_WIDTH } from '@procura/shared';

/** Sizes of the logged-in shell (spec part 1 §9). */
export const SIDER_WIDTH = 160;
export const SIDER_COLLAPSED_WIDTH = 120;
export const DRAWER_WIDTH = MOBILE_DRAWER_WIDTH;
export const TAB_BAR_HEIGHT = 41;
export const TOP_MENU_RIGHT_MIN_WIDTH = 360;
export const LOGO_MIN_WIDTH = 165;
export const HEADER_HEIGHT = 64;
/** Scrolled this far down, an auto-hiding header gets out of the way. */
export const HEADER_AUTO_HIDE_OFFSET = 100;
/** Content width in top-menu mode with "Fixed" width. */
export const FIXED_CONTENT_WIDTH = 1200;
export const WATERMARK = { fontSize: 22, rotate: -25 } as const;

export { LAYOUT_MOBILE_BREAKPOINT, LAYOUT_SMALL_BREAKPOINT };
