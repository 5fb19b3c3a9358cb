import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { persistedSession } from '../../lib/session-persistence';
import { fakeServer, ok } from '../../test/fake-server';
import { DATE_FORMATS, DateInput } from './date-input';
import { MENTION_DELAY_MS, MENTION_MAX_ITEMS, MentionInput, toMentionOptions } from './mention-input';
import { NumberInput } from './number-input';
import { SLIDER, SliderNav } from './slider-nav';
import { YesNoSwitch } from './yes-no-switch';
import { Valued } from '../../test/valued';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  persistedSession.clear();
});

const value = () => screen.getByTestId('value').textContent;

describe('YesNoSwitch', () => {
  it('resets an empty value to the off value N, and switches between Y and N', async () => {
    render(<Valued initial="">{(v, set) => <YesNoSwitch value={v} onChange={set} />}</Valued>);
    await waitFor(() => expect(value()).toBe('N'));
    expect(screen.getByRole('switch').getAttribute('aria-checked')).toBe('false');
    fireEvent.click(screen.getByRole('switch'));
    expect(value()).toBe('Y');
    fireEvent.click(screen.getByRole('switch'));
    expect(value()).toBe('N');
  });

  it('takes other option values', async () => {
    render(
      <Valued initial={null as string | null}>
        {(v, set) => <YesNoSwitch options={['1', '0']} value={v} onChange={set} />}
      </Valued>,
    );
    await waitFor(() => expect(value()).toBe('0'));
    fireEvent.click(screen.getByRole('switch'));
    expect(value()).toBe('1');
  });
});

describe('NumberInput', () => {
  it('keeps no decimals with onlyInteger (precision 0)', async () => {
    render(
      <Valued initial={null as number | null}>
        {(v, set) => <NumberInput onlyInteger value={v} onChange={set} />}
      </Valued>,
    );
    const input = screen.getByRole('spinbutton');
    fireEvent.change(input, { target: { value: '3.7' } });
    fireEvent.blur(input);
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('4'));
  });

  it('keeps the given precision otherwise', async () => {
    render(
      <Valued initial={null as number | null}>
        {(v, set) => <NumberInput precision={2} value={v} onChange={set} />}
      </Valued>,
    );
    const input = screen.getByRole('spinbutton');
    fireEvent.change(input, { target: { value: '3.756' } });
    fireEvent.blur(input);
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('3.76'));
  });
});

describe('DateInput', () => {
  it('shows and keeps dates as YYYY-MM-DD by default, YYYY/MM/DD when asked, datetimes as YYYY-MM-DD HH:mm:ss', () => {
    expect(DATE_FORMATS).toEqual({ date: 'YYYY-MM-DD', slashDate: 'YYYY/MM/DD', dateTime: 'YYYY-MM-DD HH:mm:ss' });
    render(
      <App>
        <DateInput value="2026-11-22" data-testid="d1" />
        <DateInput format="YYYY/MM/DD" value="2026/11/22" data-testid="d2" />
        <DateInput showTime value="2026-11-22 08:30:05" data-testid="d3" />
      </App>,
    );
    const inputs = screen.getAllByRole('textbox') as HTMLInputElement[];
    expect(inputs.map((i) => i.value)).toEqual(['2026-11-22', '2026/11/22', '2026-11-22 08:30:05']);
  });

  it('emits the typed date in its format, and empty when cleared', async () => {
    render(<Valued initial="">{(v, set) => <DateInput format="YYYY/MM/DD" value={v} onChange={set} />}</Valued>);
    const input = screen.getByRole('textbox');
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '2026/01/05' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(value()).toBe('2026/01/05'));
  });
});

describe('MentionInput', () => {
  it('asks for at most 12 names 500 ms after typing an @', async () => {
    expect([MENTION_MAX_ITEMS, MENTION_DELAY_MS]).toEqual([12, 500]);
    persistedSession.setToken('tok');
    const people = Array.from({ length: 20 }, (_, i) => ({
      value: `u${i}`,
      text: `用户${i}`,
      title: `用户${i}`,
      label: `用户${i}`,
    }));
    const server = fakeServer({ 'GET /sys/dict/loadDict/sys_user%2Crealname%2Cusername': () => ok(people) });
    vi.stubGlobal('fetch', server.fetch);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<Valued initial="">{(v, set) => <MentionInput value={v} onChange={set} />}</Valued>);
    const box = screen.getByRole('textbox');
    fireEvent.change(box, { target: { value: '@用', selectionStart: 2 } });
    fireEvent.keyUp(box, { key: '用' });
    await act(async () => vi.advanceTimersByTime(400));
    expect(server.requests).toHaveLength(0);
    await act(async () => vi.advanceTimersByTime(150));
    await waitFor(() => expect(server.requests).toHaveLength(1));
    expect(server.requests[0]!.url.searchParams.get('pageSize')).toBe('12');
    expect(toMentionOptions(people)).toHaveLength(12);
    expect(toMentionOptions(people)[0]).toEqual({ value: 'u0', label: '用户0 (u0)' });
  });
});

describe('SliderNav', () => {
  const items = ['一', '二', '三', '四', '五'].map((t) => <span key={t}>{t}</span>);

  it('shows 2 per page and disables a direction that cannot go further', () => {
    expect(SLIDER).toEqual({ autoplayMs: 4000, speedMs: 1000, perPage: 2 });
    render(<SliderNav items={items} />);
    const prev = screen.getByRole('button', { name: '上一页' });
    const next = screen.getByRole('button', { name: '下一页' });
    expect(screen.getByText('一')).toBeTruthy();
    expect(screen.queryByText('三')).toBeNull();
    expect(prev.hasAttribute('disabled')).toBe(true);
    fireEvent.click(next);
    fireEvent.click(next);
    expect(screen.getByText('五')).toBeTruthy();
    expect(next.hasAttribute('disabled')).toBe(true);
    expect(prev.hasAttribute('disabled')).toBe(false);
  });

  it('loops, and autoplays every 4 s except while hovered', async () => {
    vi.useFakeTimers();
    render(<SliderNav items={items} loop autoplay />);
    const slider = screen.getByTestId('slider-nav');
    expect(screen.getByRole('button', { name: '上一页' }).hasAttribute('disabled')).toBe(false);
    await act(async () => vi.advanceTimersByTime(4000));
    expect(screen.getByText('三')).toBeTruthy();
    fireEvent.mouseEnter(slider);
    await act(async () => vi.advanceTimersByTime(8000));
    expect(screen.getByText('三')).toBeTruthy();
    fireEvent.mouseLeave(slider);
    await act(async () => vi.advanceTimersByTime(4000));
    expect(screen.getByText('五')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(4000));
    expect(screen.getByText('一')).toBeTruthy();
    expect(within(slider).queryByText('五')).toBeNull();
  });
});
