import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { fakeMatchMedia } from '../test/match-media';
import { AppProviders } from './providers';

function MotionProbe() {
  const { token } = theme.useToken();
  return <span>{token.motion ? 'motion on' : 'motion off'}</span>;
}

function mockReducedMotion(reduce: boolean) {
  const original = window.matchMedia;
  window.matchMedia = fakeMatchMedia((query) => reduce && query === '(prefers-reduced-motion: reduce)');
  return () => {
    window.matchMedia = original;
  };
}

describe('AppProviders', () => {
  let restore = () => {};
  afterEach(() => restore());

  it('animates by default', () => {
    restore = mockReducedMotion(false);
    render(
      <AppProviders>
        <MotionProbe />
      </AppProviders>,
    );
    expect(screen.getByText('motion on')).toBeTruthy();
  });

  it('switches antd motion off when the system asks for reduced motion', () => {
    restore = mockReducedMotion(true);
    render(
      <AppProviders>
        <MotionProbe />
      </AppProviders>,
    );
    expect(screen.getByText('motion off')).toBeTruthy();
  });
});
