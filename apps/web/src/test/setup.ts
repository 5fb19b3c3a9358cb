import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { message, Modal, notification } from 'antd';
import { fakeMatchMedia } from './match-media';
import { installStyleSink } from './style-sink';

// Lazy pages are transformed on their first import and antd is slow to mount: on a busy 2-core
// machine (the whole suite runs in parallel workers) a first page takes well over 5 s to appear.
// Waits only last this long when something is missing, so a generous bound costs nothing.
configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ testTimeout: 60_000 });

// antd's responsive helpers (Grid, Sider breakpoints) need matchMedia, which jsdom lacks.
Object.defineProperty(window, 'matchMedia', { writable: true, configurable: true, value: fakeMatchMedia() });

// antd's component styles go to a detached element, written there by key (style-sink.ts).
installStyleSink();

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
  // The test files of a worker share one document (no isolation, see vitest.config.ts): what
  // antd rendered outside the test's container (messages, modals, popups) goes too.
  Modal.destroyAll();
  message.destroy();
  notification.destroy();
  document.body.innerHTML = '';
  window.localStorage.clear();
  window.sessionStorage.clear();
});
