import { fireEvent } from '@testing-library/react';

/** Types a date into an antd date picker's input and confirms it with Enter, as a user would. */
export function typeDate(input: HTMLElement, text: string): void {
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

/** The open picker's day cell for `yyyy-MM-dd` (antd renders the date as the cell's title). */
export function dayCell(day: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`.ant-picker-dropdown td[title="${day}"]`);
}
