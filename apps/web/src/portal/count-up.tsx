import { useLayoutEffect, useRef } from 'react';

const format = (n: number) => n.toLocaleString('zh-CN');

/**
 * Counts from 0 to `end` over `durationMs` (default 1000 ms, spec part 1 §9). Frames write the
 * text directly, so the animation causes no React renders (main-thread time on the home page).
 */
export function CountUp({ end, durationMs = 1000 }: { end: number; durationMs?: number }) {
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
    <span ref={ref} data-testid="portal-count-up" data-end={end}>
      0
    </span>
  );
}
