import sanitizeHtml from 'sanitize-html';

/**
 * Rich text from an editor, made safe on the server before it is stored (XSS-1): the one
 * allow-list of the whole product. Formatting tags, links only to http(s) and mail, no
 * scripts, event handlers, frames, forms or SVG; of styles only colours, alignment and font
 * size/weight, so no `position`, sizes or anything that loads (a full-page overlay with an
 * outside link, issue 16 finding 1). No `class` either: the app's own CSS has fixed overlays.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      'p',
      'br',
      'span',
      'div',
      'b',
      'strong',
      'i',
      'em',
      'u',
      's',
      'sub',
      'sup',
      'blockquote',
      'pre',
      'code',
      'h1',
      'h2',
      'h3',
      'h4',
      'h5',
      'h6',
      'ul',
      'ol',
      'li',
      'a',
      'img',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
      'hr',
    ],
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'width', 'height'],
      '*': ['style'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan'],
    },
    allowedStyles: {
      '*': {
        color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i],
        'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i],
        'text-align': [/^(left|right|center|justify)$/],
        'font-size': [/^\d{1,2}(pt|px)$/],
        'font-weight': [/^(bold|normal|\d{3})$/],
      },
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https', 'data'] },
    allowProtocolRelative: false,
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  });
}

/** Plain text (a title, a name, a reason) placed into the HTML of a notice or announcement. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The HTML of a notice, whose every interpolated value is plain text: a name, a reason or a
 * comment typed by someone else shows as typed and never becomes markup (a link in a supplier's
 * name in a buyer's notice). Build optional parts as plain text, never with a nested `noticeHtml`:
 *   noticeHtml`<p>贵司已被冻结，原因：${reason}</p>`
 */
export function noticeHtml(strings: TemplateStringsArray, ...values: unknown[]): string {
  return strings.reduce(
    (out, part, i) => out + part + (i < values.length ? escapeHtml(String(values[i] ?? '')) : ''),
    '',
  );
}
