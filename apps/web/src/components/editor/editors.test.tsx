import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { persistedSession } from '../../lib/session-persistence';
import { MARKDOWN_HEIGHT, MARKDOWN_MIN_HEIGHT, MarkdownEditor } from './markdown-editor';
import { RICH_TEXT_FONT_SIZES, RICH_TEXT_HEIGHT, RichTextEditor } from './rich-text-editor';
import { DEFAULT_TEXT_FORMAT, FONT_SIZE, PALETTE, TextFormatEditor } from './text-format-editor';
import type { TextFormat } from './text-format-editor';
import { Valued } from '../../test/valued';

// The first lazy load of an editor library transforms hundreds of modules: on a loaded 2-core
// machine that alone took more than 15 s.
const LAZY_LOAD_TIMEOUT = 45_000;

afterEach(() => {
  vi.unstubAllGlobals();
  persistedSession.clear();
});

const value = () => screen.getByTestId('value').textContent ?? '';

describe('TextFormatEditor', () => {
  it('opens the font size slider (16–80, step 2) or the ten-colour palette, never both', () => {
    expect(FONT_SIZE).toEqual({ min: 16, max: 80, step: 2 });
    expect(PALETTE).toHaveLength(10);
    expect(DEFAULT_TEXT_FORMAT.color).toBe('#ffffff');
    render(
      <Valued initial={{} as Partial<TextFormat>}>{(v, set) => <TextFormatEditor value={v} onChange={set} />}</Valued>,
    );
    fireEvent.click(screen.getByRole('button', { name: /字号/ }));
    const slider = within(screen.getByTestId('font-size-slider')).getByRole('slider');
    expect([slider.getAttribute('aria-valuemin'), slider.getAttribute('aria-valuemax')]).toEqual(['16', '80']);
    expect(screen.queryByTestId('color-palette')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /颜色/ }));
    expect(screen.queryByTestId('font-size-slider')).toBeNull();
    const swatches = within(screen.getByTestId('color-palette')).getAllByRole('button');
    expect(swatches.map((b) => b.getAttribute('aria-label'))).toEqual(PALETTE);
    fireEvent.click(swatches[4]!);
    expect(JSON.parse(value())).toMatchObject({ color: '#f5222d' });

    fireEvent.click(screen.getByRole('button', { name: /字号/ }));
    expect(screen.queryByTestId('color-palette')).toBeNull();
    fireEvent.keyDown(within(screen.getByTestId('font-size-slider')).getByRole('slider'), {
      key: 'ArrowRight',
      keyCode: 39,
    });
    expect(JSON.parse(value())).toMatchObject({ fontSize: 26 });
  });

  it('toggles bold and sets the alignment', () => {
    render(
      <Valued initial={{ text: '公告' } as Partial<TextFormat>}>
        {(v, set) => <TextFormatEditor value={v} onChange={set} />}
      </Valued>,
    );
    fireEvent.click(screen.getByRole('button', { name: /加粗/ }));
    expect(JSON.parse(value())).toMatchObject({ bold: true, text: '公告' });
    fireEvent.click(screen.getByLabelText('居中'));
    expect(JSON.parse(value())).toMatchObject({ align: 'center', bold: true });
    fireEvent.click(screen.getByLabelText('右对齐'));
    expect(JSON.parse(value())).toMatchObject({ align: 'right' });
    const area = screen.getByRole('textbox');
    expect(area.style.textAlign).toBe('right');
    expect(area.style.fontWeight).toBe('bold');
  });
});

describe('RichTextEditor', () => {
  it('is 560 high with font sizes 8pt to 36pt, and loads its library only when shown', async () => {
    expect(RICH_TEXT_HEIGHT).toBe(560);
    expect(RICH_TEXT_FONT_SIZES[0]).toBe('8pt');
    expect(RICH_TEXT_FONT_SIZES.at(-1)).toBe('36pt');
    render(<Valued initial="<p>你好</p>">{(v, set) => <RichTextEditor value={v} onChange={set} />}</Valued>);
    const editor = await screen.findByTestId('rich-text-editor', {}, { timeout: LAZY_LOAD_TIMEOUT });
    expect(editor.textContent).toContain('你好');
    fireEvent.mouseDown(within(screen.getByTestId('rich-text-font-size')).getByRole('combobox'));
    const sizes = await screen.findAllByText(/^\d+pt$/, { selector: '.ant-select-item-option-content' });
    expect(sizes.map((s) => s.textContent)).toEqual(RICH_TEXT_FONT_SIZES.slice(0, sizes.length));
  });

  it('uploads an inserted image through /sys/common/upload (biz jeditor) and refuses non-images', async () => {
    persistedSession.setToken('tok');
    const sent: FormData[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        sent.push(init.body as FormData);
        return new Response(
          JSON.stringify({ success: true, code: 200, message: 'jeditor/20260101/abc.png', result: null, timestamp: 0 }),
        );
      }),
    );
    render(<Valued initial="">{(v, set) => <RichTextEditor value={v} onChange={set} />}</Valued>);
    const input = (await screen.findByTestId(
      'rich-text-image-input',
      {},
      { timeout: LAZY_LOAD_TIMEOUT },
    )) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText('请上传图片')).toBeTruthy();
    expect(sent).toHaveLength(0);
    fireEvent.change(input, { target: { files: [new File(['png'], 'logo.png', { type: 'image/png' })] } });
    await waitFor(() => expect(value()).toContain('jeditor/20260101/abc.png'));
    expect(sent[0]!.get('biz')).toBe('jeditor');
    expect(value()).toMatch(/<img[^>]+src="[^"]*\/sys\/common\/static\/jeditor\/20260101\/abc.png"/);
  });
});

describe('MarkdownEditor', () => {
  it('is 300 high by default and never below 200', async () => {
    expect([MARKDOWN_HEIGHT, MARKDOWN_MIN_HEIGHT]).toEqual([300, 200]);
    render(
      <Valued initial="# 标题">
        {(v, set) => (
          <>
            <MarkdownEditor value={v} onChange={set} />
            <MarkdownEditor value="" height={120} />
          </>
        )}
      </Valued>,
    );
    const editors = await screen.findAllByTestId('markdown-editor', {}, { timeout: LAZY_LOAD_TIMEOUT });
    const heights = editors.map((e) => (e.querySelector('.w-md-editor') as HTMLElement).style.height);
    expect(heights).toEqual(['300px', '200px']);
    fireEvent.change(within(editors[0]!).getByRole('textbox'), { target: { value: '# 采购须知' } });
    expect(value()).toBe('# 采购须知');
  });
});
