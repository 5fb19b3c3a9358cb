import { useState } from 'react';
import type { ReactNode } from 'react';
import { App } from 'antd';

/**
 * Holds a controlled widget's value as a form would, and shows it in `<output data-testid="value">`
 * (text as is, anything else as JSON) so tests read what the widget emitted.
 */
export function Valued<T>({
  initial,
  children,
}: {
  initial: T;
  children: (value: T, set: (value: T) => void) => ReactNode;
}) {
  const [value, setValue] = useState(initial);
  return (
    <App>
      {children(value, setValue)}
      <output data-testid="value">{typeof value === 'string' ? value : JSON.stringify(value)}</output>
    </App>
  );
}
