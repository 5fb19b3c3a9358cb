import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { AmountCapital } from './amount-capital';
import { COUNT_UP_MS, CountUp } from './count-up';
import { cutText, Ellipsis, ELLIPSIS_LENGTH } from './ellipsis';
import { PageWatermark, WATERMARK } from './page-watermark';

afterEach(() => vi.useRealTimers());

describe('Ellipsis', () => {
  it('cuts at 25 characters by default, with the whole text in a tooltip', () => {
    expect(ELLIPSIS_LENGTH).toBe(25);
    const long = '一二三四五六七八九十'.repeat(3);
    expect(cutText(long)).toBe(`${long.slice(0, 25)}...`);
    expect(cutText(long, 12)).toBe(`${long.slice(0, 12)}...`);
    expect(cutText('短文本')).toBe('短文本');
    render(<Ellipsis value={long} />);
    expect(screen.getByTestId('ellipsis').textContent).toBe(`${long.slice(0, 25)}...`);
  });
});

describe('AmountCapital', () => {
  it('gives capitals, empty for empty and 超出最大处理数字 from 1e15', () => {
    const { rerender } = render(<AmountCapital value="1234.56" />);
    expect(screen.getByTestId('amount-capital').textContent).toBe('壹仟贰佰叁拾肆元伍角陆分');
    rerender(<AmountCapital value="" />);
    expect(screen.getByTestId('amount-capital').textContent).toBe('');
    rerender(<AmountCapital value="1000000000000000" />);
    expect(screen.getByTestId('amount-capital').textContent).toBe('超出最大处理数字');
  });
});

describe('CountUp', () => {
  it('counts to the end in 1000 ms by default', async () => {
    expect(COUNT_UP_MS).toBe(1000);
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    render(<CountUp end={5000} />);
    expect(screen.getByTestId('count-up').textContent).toBe('0');
    await act(async () => vi.advanceTimersByTime(500));
    const midway = Number(screen.getByTestId('count-up').textContent!.replace(/,/g, ''));
    expect(midway).toBeGreaterThan(0);
    expect(midway).toBeLessThan(5000);
    await act(async () => vi.advanceTimersByTime(600));
    expect(screen.getByTestId('count-up').textContent).toBe('5,000');
  });
});

describe('PageWatermark', () => {
  it('uses text size 24 and rotation -30 on a 288x200 tile', () => {
    expect(WATERMARK).toEqual({ fontSize: 24, rotate: -30, width: 288, height: 200 });
    render(
      <PageWatermark text="内部资料">
        <p>正文</p>
      </PageWatermark>,
    );
    expect(screen.getByText('正文')).toBeTruthy();
  });
});
