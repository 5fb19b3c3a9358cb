/** The product name shown in the title bar, the login card and the shell (spec part 1 §1). */
export const PLATFORM_NAME = '招标采购平台';
