import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { isChunkLoadError, PageBoundary, PageErrorBoundary } from './page-boundary';

function Boom({ error }: { error: Error }): never {
  throw error;
}

describe('page error boundary', () => {
  it('recognises chunk load failures across browsers', () => {
    const named = new Error('Loading chunk 42 failed.');
    named.name = 'ChunkLoadError';
    expect(isChunkLoadError(named)).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Loading chunk user-list failed'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Loading chunk')).toBe(false);
  });

  it('offers 重新加载 when a lazy page chunk fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.fn();
    const Broken = lazy(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/a.js')),
    );
    render(
      <PageErrorBoundary reload={reload}>
        <Broken />
      </PageErrorBoundary>,
    );
    expect(await screen.findByText('页面加载失败')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /重新加载/ }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('shows other render errors instead of a blank screen', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <PageBoundary>
        <Boom error={new Error('bad data')} />
      </PageBoundary>,
    );
    expect(screen.getByText('页面出错了')).toBeTruthy();
    expect(screen.getByText('bad data')).toBeTruthy();
  });
});
