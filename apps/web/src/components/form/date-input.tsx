import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { businessToday } from '../../lib/business-day';

/** The formats the date widgets keep (spec part 2 §5). */
export const DATE_FORMATS = { date: 'YYYY-MM-DD', slashDate: 'YYYY/MM/DD', dateTime: 'YYYY-MM-DD HH:mm:ss' } as const;

/** A picker's `disabledDate` greying out the days before today (GMT+8): deadlines and need-by dates. */
export const beforeToday = (d: Dayjs) => d.format('YYYY-MM-DD') < businessToday();

export type DateInputProps = {
  /** `YYYY-MM-DD` (default) or `YYYY/MM/DD`; with `showTime` always `YYYY-MM-DD HH:mm:ss`. */
  format?: typeof DATE_FORMATS.date | typeof DATE_FORMATS.slashDate;
  showTime?: boolean;
  /** The date as text in the widget's format ('' when none). */
  value?: string | null;
  onChange?: (value: string) => void;
  disabled?: boolean;
  /** Greys out (and refuses) the days before today: for deadlines and need-by dates. */
  disablePast?: boolean;
  placeholder?: string;
  id?: string;
  'aria-label'?: string;
  'data-testid'?: string;
};

/** Date and datetime picker keeping its value as formatted text, as forms and the server expect. */
export function DateInput({
  format = DATE_FORMATS.date,
  showTime,
  value,
  onChange,
  disabled,
  disablePast,
  placeholder,
  ...rest
}: DateInputProps) {
  const pattern = showTime ? DATE_FORMATS.dateTime : format;
  const parsed = value ? dayjs(value, pattern) : null;
  return (
    <DatePicker
      style={{ width: '100%' }}
      format={pattern}
      showTime={showTime}
      disabled={disabled}
      disabledDate={disablePast ? beforeToday : undefined}
      placeholder={placeholder ?? (showTime ? '请选择日期时间' : '请选择日期')}
      value={parsed?.isValid() ? parsed : null}
      onChange={(d) => onChange?.(d ? d.format(pattern) : '')}
      id={rest.id}
      aria-label={rest['aria-label']}
      data-testid={rest['data-testid']}
    />
  );
}
