import { useMemo } from 'react';
import type { CSSProperties, MouseEvent } from 'react';

const DROPPED_ELEMENTS = 'script,style,iframe,frame,frameset,object,embed,link,meta,base,form,template,noscript';
const URL_ATTRIBUTES = new Set(['href', 'src', 'xlink:href', 'action', 'formaction', 'poster', 'background']);

// Browsers ignore control characters and spaces inside a scheme ("java\tscript:").
// eslint-disable-next-line no-control-regex -- stripping exactly those characters.
const compact = (value: string) => value.replace(/[\u0000-\u0020]/g, '').toLowerCase();

function isDangerousUrl(name: string, value: string): boolean {
  const url = compact(value);
  if (url.startsWith('javascript:') || url.startsWith('vbscript:')) return true;
  // data: images are harmless in src; a data: link can carry a script page.
  return name !== 'src' && url.startsWith('data:');
}

/**
 * Rich text from the server is sanitised there already; this second pass removes anything
 * that could run script (script-like elements, on* handlers, javascript: URLs) in case
 * older or imported content slipped through.
 */
export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html');
  doc.body.querySelectorAll(DROPPED_ELEMENTS).forEach((node) => node.remove());
  doc.body.querySelectorAll('*').forEach((element) => {
    for (const attribute of [...element.attributes]) {
      const name = attribute.name.toLowerCase();
      if (
        name.startsWith('on') ||
        name === 'srcdoc' ||
        (URL_ATTRIBUTES.has(name) && isDangerousUrl(name, attribute.value))
      ) {
        element.removeAttribute(attribute.name);
      }
    }
  });
  return doc.body.innerHTML;
}

type Props = {
  html: string | null | undefined;
  /** Clicks on links inside the content; the handler decides whether to prevent the default. */
  onLinkClick?: (anchor: HTMLAnchorElement, event: MouseEvent<HTMLElement>) => void;
  className?: string;
  style?: CSSProperties;
  'data-testid'?: string;
};

/** The one place where HTML from the server is put into the page. */
export function SafeHtml({ html, onLinkClick, className, style, 'data-testid': testId }: Props) {
  const clean = useMemo(() => sanitizeHtml(html ?? ''), [html]);
  const onClick = (event: MouseEvent<HTMLElement>) => {
    const anchor = event.target instanceof Element ? event.target.closest('a') : null;
    if (anchor && onLinkClick) onLinkClick(anchor, event);
  };
  return (
    <div
      className={className}
      style={style}
      data-testid={testId}
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
