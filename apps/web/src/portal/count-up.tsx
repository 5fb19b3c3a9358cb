import { useEffect, useState } from 'react';

/** Counts from 0 to `end` over `durationMs` (default 1000 ms, spec part 1 §9). */
export function CountUp({ end, durationMs = 1000 }: { end: number; durationMs?: number }) {
  const [value, setValue] = useState(0);
  useEffect(() => {
    let frame = 0;
    const start = performance.now();
    const step = (now: number) => {
      const t = durationMs <= 0 ? 1 : Math.min(1, (now - start) / durationMs);
      const eased = 1 - Math.pow(1 - t, 3);
      setValue(Math.round(end * eased));
      if (t < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [end, durationMs]);
  return <span data-testid="portal-count-up" data-end={end}>{value.toLocaleString('zh-CN')}</span>;
}
