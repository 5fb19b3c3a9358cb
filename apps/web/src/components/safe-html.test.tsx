import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { SafeHtml, sanitizeHtml } from './safe-html';

describe('sanitizeHtml', () => {
  it('keeps ordinary rich text', () => {
    const html =
      '<p>平台将于 <strong>22:00</strong> 维护</p><ul><li>质量</li></ul><a href="/srm/supplier/list?id=1">查看</a><img src="/static/a.png" alt="a">';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('removes scripts, handlers and script URLs', () => {
    const html =
      '<p onclick="alert(1)" onMouseOver="x()">a</p><script>alert(2)</script><iframe src="https://evil"></iframe>' +
      '<a href=" java\tscript:alert(3)">b</a><a href="data:text/html,<script>x</script>">c</a><img src="x" onerror="alert(4)">' +
      '<style>body{display:none}</style><form action="https://evil"><input></form>';
    const clean = sanitizeHtml(html);
    expect(clean).not.toMatch(/script|onclick|onmouseover|onerror|iframe|<style|<form|data:text/i);
    expect(clean).toContain('<p>a</p>');
    expect(clean).toContain('<a>b</a>');
    expect(clean).toContain('<img src="x">');
  });

  // Known XSS vectors a deny-list misses: SVG animation writing a script URL into a link,
  // script in inline styles (IE expressions, bindings), names that clobber the document.
  it('removes svg handlers and svg animations that set a script URL', () => {
    const clean = sanitizeHtml(
      '<svg onload="alert(1)"><a><animate attributeName="href" values="javascript:alert(2)"></animate>' +
        '<set attributeName="href" to="javascript:alert(3)"></set><text>x</text></a></svg>',
    );
    expect(clean).not.toMatch(/onload|javascript|<animate|<set/i);
  });

  it('removes javascript: URLs however they are written', () => {
    const clean = sanitizeHtml(
      '<a href="JaVaScRiPt:alert(1)">a</a><a href="&#106;avascript:alert(2)">b</a>' +
        '<a href="javascript&colon;alert(3)">c</a><svg><a xlink:href="javascript:alert(4)"><text>d</text></a></svg>' +
        '<math><mi href="javascript:alert(5)">e</mi></math><button formaction="javascript:alert(6)">f</button>',
    );
    expect(clean).not.toMatch(/javascript|formaction/i);
    expect(clean).toContain('<a>a</a>');
  });

  it('drops inline styles that carry script and keeps harmless ones', () => {
    const clean = sanitizeHtml(
      '<p style="width: expression(alert(1))">a</p><p style="background:url(javascript:alert(2))">b</p>' +
        '<p style="-moz-binding: url(x.xml#xss)">c</p><p style="behavior: url(x.htc)">d</p>' +
        '<p style="color: red">e</p>',
    );
    expect(clean).not.toMatch(/expression|javascript|binding|behavior/i);
    expect(clean).toContain('<p>a</p>');
    expect(clean).toContain('<p style="color: red">e</p>');
  });

  it('drops names that would clobber the document and keeps link targets', () => {
    const clean = sanitizeHtml(
      '<img name="cookie" src="x"><form name="getElementById"></form><a href="/x" target="_blank">y</a>',
    );
    expect(clean).not.toMatch(/cookie|getElementById/);
    expect(clean).toContain('<a href="/x" target="_blank">y</a>');
  });
});

describe('<SafeHtml>', () => {
  it('renders the sanitised content and reports link clicks', () => {
    const onLinkClick = vi.fn((_a: HTMLAnchorElement, e: { preventDefault: () => void }) => e.preventDefault());
    render(
      <SafeHtml
        data-testid="body"
        html={'<p>见 <a href="/x?bizId=7"><b>订单</b></a><img src=x onerror="window.hacked=1"></p>'}
        onLinkClick={onLinkClick}
      />,
    );
    expect(screen.getByTestId('body').innerHTML).not.toContain('onerror');
    fireEvent.click(screen.getByText('订单'));
    expect(onLinkClick).toHaveBeenCalledTimes(1);
    expect(onLinkClick.mock.calls[0]![0].getAttribute('href')).toBe('/x?bizId=7');
    fireEvent.click(screen.getByText(/见/));
    expect(onLinkClick).toHaveBeenCalledTimes(1);
  });

  it('renders nothing for empty content', () => {
    render(<SafeHtml data-testid="body" html={null} />);
    expect(screen.getByTestId('body').innerHTML).toBe('');
  });
});
