import { useLayoutEffect, useRef } from 'react';

const format = (n: number) => n.toLocaleString('zh-CN');

/** The count-up's default duration (spec part 1 §9, part 2 §9). */
export const COUNT_UP_MS = 1000;

/**
 * Counts from 0 to `end` over `durationMs` (default 1000 ms). Frames write the text directly,
 * so the animation causes no React renders (main-thread time on the portal's home page).
 * Shared by the portal and the back office: it must not import antd.
 */
export function CountUp({
  end,
  durationMs = COUNT_UP_MS,
  testId = 'count-up',
}: {
  end: number;
  durationMs?: number;
  testId?: string;
}) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    let frame = 0;
    const start = performance.now();
    const step = (now: number) => {
      const t = durationMs <= 0 ? 1 : Math.min(1, (now - start) / durationMs);
      const eased = 1 - Math.pow(1 - t, 3);
      el.textContent = format(Math.round(end * eased));
      if (t < 1) frame = requestAnimationFrame(step);
    };
    el.textContent = format(0);
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [end, durationMs]);
  return (
    <span ref={ref} data-testid={testId} data-end={end}>
      0
    </span>
  );
}
