import { useMemo } from 'react';
import type { CSSProperties, MouseEvent } from 'react';
import DOMPurify from 'dompurify';

/**
 * Elements dropped on top of DOMPurify's defaults (which already drop script, iframe, object,
 * embed, base and the like): styles and forms have no place in rich text.
 */
const FORBID_TAGS = ['style', 'form', 'link', 'meta', 'frame', 'frameset', 'noscript', 'template'];

/** CSS that can run script or load behaviour in some browsers (IE expressions, bindings, script URLs). */
const DANGEROUS_CSS = /expression\s*\(|javascript\s*:|vbscript\s*:|-moz-binding|behaviou?r\s*:/i;

const purifier = DOMPurify(window);
// DOMPurify leaves inline styles alone; a style carrying script is dropped whole.
purifier.addHook('uponSanitizeAttribute', (_node, data) => {
  if (data.attrName === 'style' && DANGEROUS_CSS.test(data.attrValue.replace(/\\/g, ''))) data.keepAttr = false;
});

/**
 * Rich text from the server is sanitised there already; this second pass (DOMPurify) removes
 * anything that could run script (script-like elements, on* handlers, javascript: URLs,
 * script in styles) in case older or imported content slipped through. Link targets stay.
 */
export function sanitizeHtml(html: string): string {
  return purifier.sanitize(html, { FORBID_TAGS, ADD_ATTR: ['target'] });
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
