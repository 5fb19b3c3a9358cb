import type { ReactNode } from 'react';
import { Watermark } from 'antd';

/** Watermark defaults of spec part 2 §9: text size 24, rotation -30, a 288x200 tile. */
export const WATERMARK = { fontSize: 24, rotate: -30, width: 288, height: 200 } as const;

export function PageWatermark({ text, children }: { text: string | string[]; children: ReactNode }) {
  return (
    <Watermark
      content={text}
      rotate={WATERMARK.rotate}
      font={{ fontSize: WATERMARK.fontSize, color: 'rgba(0,0,0,0.12)' }}
      gap={[WATERMARK.width / 2, WATERMARK.height / 2]}
      width={WATERMARK.width / 2}
      height={WATERMARK.height / 4}
    >
      {children}
    </Watermark>
  );
}
