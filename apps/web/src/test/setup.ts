import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Lazy pages are transformed on their first import and antd is slow to mount: on a busy 2-core
// machine (the whole suite runs in parallel workers) a first page takes well over 5 s to appear.
// Waits only last this long when something is missing, so a generous bound costs nothing.
configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ testTimeout: 60_000 });

// antd's responsive helpers (Grid, Sider breakpoints) need matchMedia, which jsdom lacks.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: vi.fn((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

// jsdom throws "Not implemented" for pseudo-element styles, which antd asks for.
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => getComputedStyle(element);

// Used by antd's Table/Select virtual lists and overflow measuring.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
}

// Scrolling to a field with an error is not measurable in jsdom.
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
