/** Sizes and messages of the pickers (spec part 2 §2, §5, §9). */
export const PICKER = {
  reportPopupWidth: 600,
  reportPopupScrollX: 500,
  reportPageSize: 10,
  reportPageSizes: ['10', '20', '30'],
  popupWidgetWidth: 1200,
  userPickerWidth: 1250,
  userPageSize: 10,
  userPageSizes: ['10', '20', '30'],
  /** Below this screen width the user table scrolls horizontally over `userScrollX`. */
  mobileWidth: 500,
  userScrollX: 800,
  orgPickerWidth: 1000,
  bizModalWidth: 900,
  bizPageSize: 5,
  bizPageSizes: ['5', '10', '20', '30'],
  bizEllipsis: 12,
  bizTableHeight: 240,
  rowKeyMax: 50,
} as const;

export const PICKER_MESSAGES = {
  /** Report popup: single mode with several rows, or confirming none (spec 'please select one record'). */
  selectOne: '请选择一条记录',
  popupNotConfigured: 'popup参数未正确配置!',
  popupCountMismatch: 'popup参数未正确配置,原始值和目标值数量不一致!',
} as const;

/** The report popup's total line: 'from-to, total N records'. */
export const reportTotal = (total: number, range: [number, number]) => `${range[0]}-${range[1]} 共${total}条`;

/** A report row's key: its values concatenated, cut to 50 characters (spec part 2 §5). */
export function reportRowKey(row: Record<string, unknown>): string {
  return Object.values(row)
    .map((v) => (v === null || v === undefined ? '' : String(v)))
    .join('')
    .slice(0, PICKER.rowKeyMax);
}
