import { createRequire } from 'node:module';

/**
 * antd's component styles in the tests: kept out of the document, in a detached element, and
 * written there by key in constant time; generated once per worker.
 *
 * jsdom recomputes the cascade over every style sheet on each getComputedStyle call, and antd's
 * CSS-in-JS puts thousands of rules in <head>: one call (testing-library's role queries, antd's
 * table and popup measuring) took up to 2 s. jsdom lays nothing out, so the component styles are
 * kept out of the document: antd's style nodes (marked data-rc-order) live in a detached element
 * instead. Hidden state comes from attributes and inline styles.
 */
const installed = new WeakSet<Document>();

export function installStyleSink(): void {
  // The setup file runs again for each test file of a worker, on the same document.
  if (installed.has(document)) return;
  installed.add(document);
  const styleSink = document.createElement('div');
  const injected = (node: Node) => node instanceof HTMLStyleElement && node.hasAttribute('data-rc-order');
  const head = document.head;
  const { appendChild, insertBefore, removeChild } = head;
  head.appendChild = function <T extends Node>(node: T): T {
    return injected(node) ? styleSink.appendChild(node) : (appendChild.call(this, node) as T);
  };
  head.insertBefore = function <T extends Node>(node: T, child: Node | null): T {
    if (!injected(node)) return insertBefore.call(this, node, child) as T;
    return styleSink.insertBefore(node, child && child.parentNode === styleSink ? child : null);
  };
  head.removeChild = function <T extends Node>(node: T): T {
    return node.parentNode === styleSink ? styleSink.removeChild(node) : (removeChild.call(this, node) as T);
  };

  // The style writers (rc-util's updateCSS, and the icons' copy of it) look for a style's node
  // among every child of its container, and, the sink not being in the document, first put a
  // placeholder in to find the real container again: each of the thousands of writes of a
  // worker's run walked the whole sink twice, a quarter of a page test's CPU. Writes to <head>
  // (no `attachTo`) keep one node per key instead; the nodes and their text are the same.
  const nodes = new Map<string, HTMLStyleElement>();
  type Option = {
    attachTo?: Element | null;
    mark?: string;
    prepend?: boolean | string;
    priority?: number;
    csp?: { nonce?: string };
  };
  type Writer = { updateCSS: (css: string, key: string, option?: Option) => HTMLStyleElement | null };
  const fast =
    (original: Writer['updateCSS']): Writer['updateCSS'] =>
    (css, key, option = {}) => {
      if (option.attachTo) return original(css, key, option);
      const mark = option.mark
        ? option.mark.startsWith('data-')
          ? option.mark
          : `data-${option.mark}`
        : 'rc-util-key';
      const id = `${mark}\n${key}`;
      let node = nodes.get(id);
      if (node?.parentNode !== styleSink) {
        node = document.createElement('style');
        node.setAttribute(
          'data-rc-order',
          option.prepend === 'queue' ? 'prependQueue' : option.prepend ? 'prepend' : 'append',
        );
        if (option.prepend === 'queue' && option.priority) node.setAttribute('data-rc-priority', `${option.priority}`);
        node.setAttribute(mark, key);
        styleSink.appendChild(node);
        nodes.set(id, node);
      }
      if (option.csp?.nonce && node.nonce !== option.csp.nonce) node.nonce = option.csp.nonce;
      if (node.innerHTML !== css) node.innerHTML = css;
      return node;
    };
  const require = createRequire(createRequire(import.meta.url).resolve('antd'));
  for (const path of ['@rc-component/util/lib/Dom/dynamicCSS', '@ant-design/icons/lib/cssUtils']) {
    const writer = require(path) as Writer;
    writer.updateCSS = fast(writer.updateCSS);
  }

  // antd drops a component's generated styles when its last instance unmounts, and generates them
  // again for the next test's render: a fifth of a page test's CPU. The worker's documents share
  // one style cache, so an unused entry is kept (count 0) and found again when the styles come back.
  type Entry = [number, unknown] | null | undefined;
  type Cache = { prototype: { opUpdate: (key: string, fn: (prev: Entry) => Entry) => void } };
  const cache = require('@ant-design/cssinjs/lib/Cache') as { default: Cache };
  const { opUpdate } = cache.default.prototype;
  cache.default.prototype.opUpdate = function (key, fn) {
    opUpdate.call(this, key, (prev) => {
      const next = fn(prev);
      return next === null && prev ? [0, prev[1]] : next;
    });
  };
}
