import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';

/** Editor height and font sizes of spec part 2 §9. */
export const RICH_TEXT_HEIGHT = 560;
export const RICH_TEXT_FONT_SIZES = [
  '8pt',
  '10pt',
  '12pt',
  '14pt',
  '16pt',
  '18pt',
  '20pt',
  '24pt',
  '28pt',
  '32pt',
  '36pt',
];

export type RichTextEditorProps = {
  /** HTML. The server sanitises it before storing (core/sanitize.ts). */
  value?: string | null;
  onChange?: (html: string) => void;
  disabled?: boolean;
  height?: number;
};

// tiptap and ProseMirror load with the first rich text field, never with the page around it.
const Impl = lazy(() => import('./rich-text-editor-impl'));

/** Rich text editor: font sizes 8pt–36pt, bold, italic, lists, alignment, images through the upload service. */
export function RichTextEditor(props: RichTextEditorProps) {
  const height = props.height ?? RICH_TEXT_HEIGHT;
  return (
    <Suspense fallback={<Skeleton active style={{ height }} />}>
      <Impl {...props} height={height} />
    </Suspense>
  );
}
