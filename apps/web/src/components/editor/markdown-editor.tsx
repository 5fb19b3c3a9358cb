import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';

/** Default and smallest heights (spec part 2 §2). */
export const MARKDOWN_HEIGHT = 300;
export const MARKDOWN_MIN_HEIGHT = 200;

export type MarkdownEditorProps = {
  value?: string | null;
  onChange?: (markdown: string) => void;
  disabled?: boolean;
  height?: number;
};

// The editor (and its highlighter) loads with the first markdown field only.
const Editor = lazy(() => import('@uiw/react-md-editor'));

/** Markdown editor with preview; the height can be dragged, never below 200. */
export function MarkdownEditor({ value, onChange, disabled, height = MARKDOWN_HEIGHT }: MarkdownEditorProps) {
  return (
    <Suspense fallback={<Skeleton active style={{ height }} />}>
      <div data-testid="markdown-editor" data-color-mode="light">
        <Editor
          value={value ?? ''}
          onChange={(v) => onChange?.(v ?? '')}
          height={Math.max(height, MARKDOWN_MIN_HEIGHT)}
          minHeight={MARKDOWN_MIN_HEIGHT}
          preview={disabled ? 'preview' : 'live'}
          hideToolbar={disabled}
          textareaProps={{ disabled, placeholder: '请输入 Markdown' }}
        />
      </div>
    </Suspense>
  );
}
