import { useState } from 'react';
import type { ReactNode } from 'react';
import { Card, Col, Row, Typography } from 'antd';

/** One widget family of the gallery. */
export function GallerySection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card id={id} title={title} size="small" data-testid={`gallery-${id}`} style={{ marginBottom: 16 }}>
      <Row gutter={[24, 16]}>{children}</Row>
    </Card>
  );
}

/**
 * One state of a widget (empty, filled, disabled, error) with its current value shown below,
 * so testers see what a form would receive.
 */
export function Demo<T>({
  id,
  label,
  initial,
  wide,
  children,
}: {
  id: string;
  label: string;
  initial: T;
  wide?: boolean;
  children: (value: T, set: (v: T) => void) => ReactNode;
}) {
  const [value, setValue] = useState<T>(initial);
  return (
    <Col xs={24} md={wide ? 24 : 12} xl={wide ? 24 : 8} data-testid={`demo-${id}`}>
      <Typography.Text strong style={{ display: 'block', marginBottom: 4 }}>
        {label}
      </Typography.Text>
      {children(value, setValue)}
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4, wordBreak: 'break-all' }}>
        值：
        <output data-testid={`demo-${id}-value`}>{typeof value === 'string' ? value : JSON.stringify(value)}</output>
      </Typography.Text>
    </Col>
  );
}
