import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Flex } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';

/** Slider constants of spec part 2 §9. */
export const SLIDER = { autoplayMs: 4000, speedMs: 1000, perPage: 2 } as const;

export type SliderNavProps = {
  items: ReactNode[];
  perPage?: number;
  /** Turns pages by itself every 4 s; hovering pauses it. */
  autoplay?: boolean;
  /** After the last page comes the first again (and before the first, the last). */
  loop?: boolean;
};

/** Slider navigation: pages of items, previous/next disabled where it cannot go further (unless it loops). */
export function SliderNav({ items, perPage = SLIDER.perPage, autoplay = false, loop = false }: SliderNavProps) {
  const pages = Math.max(1, Math.ceil(items.length / perPage));
  const [page, setPage] = useState(0);
  const [hovered, setHovered] = useState(false);
  const canPrev = loop || page > 0;
  const canNext = loop || page < pages - 1;
  const go = (delta: number) =>
    setPage((p) => (loop ? (p + delta + pages) % pages : Math.min(pages - 1, Math.max(0, p + delta))));

  useEffect(() => {
    if (!autoplay || hovered || pages < 2) return;
    const timer = setInterval(() => setPage((p) => (p + 1 < pages ? p + 1 : loop ? 0 : p)), SLIDER.autoplayMs);
    return () => clearInterval(timer);
  }, [autoplay, hovered, pages, loop]);

  return (
    <Flex
      align="center"
      gap={8}
      data-testid="slider-nav"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <Button aria-label="上一页" icon={<LeftOutlined />} disabled={!canPrev} onClick={() => go(-1)} />
      <Flex gap={8} style={{ flex: 1, overflow: 'hidden', transition: `opacity ${SLIDER.speedMs}ms` }} data-page={page}>
        {items.slice(page * perPage, page * perPage + perPage).map((item, i) => (
          <div key={page * perPage + i} style={{ flex: 1 }}>
            {item}
          </div>
        ))}
      </Flex>
      <Button aria-label="下一页" icon={<RightOutlined />} disabled={!canNext} onClick={() => go(1)} />
    </Flex>
  );
}
