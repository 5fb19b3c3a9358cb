import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';

type Props<T> = {
  items: readonly T[];
  perSlide: number;
  render: (item: T) => ReactNode;
  autoplayMs?: number;
  speedMs?: number;
  loop?: boolean;
  testId: string;
  label: string;
};

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A light slider: `perSlide` items a slide, autoplay (paused on hover/focus), sliding over `speedMs`. */
export function Slider<T>({
  items,
  perSlide,
  render,
  autoplayMs,
  speedMs = 1000,
  loop = true,
  testId,
  label,
}: Props<T>) {
  const slides = chunk(items, perSlide);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = slides.length;
  const current = count === 0 ? 0 : Math.min(index, count - 1);
  useEffect(() => {
    if (!autoplayMs || paused || count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1 >= count ? (loop ? 0 : i) : i + 1)), autoplayMs);
    return () => clearInterval(timer);
  }, [autoplayMs, paused, count, loop]);
  return (
    <div
      className="p-slider"
      data-testid={testId}
      data-slide={current}
      data-slides={count}
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="p-slider-window">
        <div
          className="p-slider-track"
          style={{ transform: `translateX(-${current * 100}%)`, transitionDuration: `${speedMs}ms` }}
        >
          {slides.map((slide, i) => (
            <div
              className="p-slide"
              key={i}
              inert={i !== current}
              data-testid={`${testId}-slide`}
              style={{ gridTemplateColumns: `repeat(${perSlide}, minmax(0, 1fr))` }}
            >
              {slide.map((item, j) => (
                <div className="p-slide-cell" key={j}>
                  {i === current || Math.abs(i - current) === 1 ? render(item) : null}
                </div>
              ))}
            </div>
          ))}
        </div>
      </div>
      {count > 1 ? (
        <div className="p-dots">
          {slides.map((_, i) => (
            <button
              key={i}
              type="button"
              className={i === current ? 'p-dot p-dot-active' : 'p-dot'}
              aria-label={`第 ${i + 1} 页`}
              aria-current={i === current}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}
