import { describe, expect, it } from 'vitest';
import { noticeHtml, sanitizeRichText } from './sanitize.js';

describe('noticeHtml', () => {
  it('escapes every interpolated value and keeps the template markup', () => {
    const name = '<b>华东</b> & "精密"';
    expect(noticeHtml`<p>供应商 ${name} 已冻结</p>`).toBe(
      '<p>供应商 &#60;b&#62;华东&#60;/b&#62; &#38; &#34;精密&#34; 已冻结</p>',
    );
  });

  it('writes numbers as they are and nothing for null or undefined', () => {
    expect(noticeHtml`<p>${3}件，${null}${undefined}完</p>`).toBe('<p>3件，完</p>');
  });

  it('keeps escaped text as text through the rich-text sanitiser the notices pass', () => {
    const out = sanitizeRichText(noticeHtml`<p>${'<a href="https://evil.example">点此</a>'}</p>`);
    expect(out).not.toMatch(/<a\b/);
    expect(out).toContain('点此');
  });
});
