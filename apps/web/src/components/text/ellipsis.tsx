import { Tooltip } from 'antd';

/** Default length of the ellipsis (spec part 2 §9; the selection modal uses 12). */
export const ELLIPSIS_LENGTH = 25;

/** The text cut to `length` characters with '...'; the whole text in a tooltip when cut. */
export function cutText(text: string, length: number = ELLIPSIS_LENGTH): string {
  const chars = [...text];
  return chars.length > length ? `${chars.slice(0, length).join('')}...` : text;
}

export function Ellipsis({ value, length = ELLIPSIS_LENGTH }: { value?: string | null; length?: number }) {
  const text = value ?? '';
  const cut = cutText(text, length);
  if (cut === text) return <span>{text}</span>;
  return (
    <Tooltip title={text}>
      <span data-testid="ellipsis">{cut}</span>
    </Tooltip>
  );
}
