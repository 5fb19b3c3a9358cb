import { MarkdownEditor } from '../../components/editor/markdown-editor';
import { RichTextEditor } from '../../components/editor/rich-text-editor';
import { TextFormatEditor } from '../../components/editor/text-format-editor';
import type { TextFormat } from '../../components/editor/text-format-editor';
import { Demo, GallerySection } from './gallery-parts';

/** Rich text, markdown and text-format editors (each loads its library when shown). */
export function GalleryEditors() {
  return (
    <GallerySection id="editors" title="编辑器">
      <Demo
        id="text-format"
        label="文字格式（字号与颜色互斥、加粗、对齐）"
        initial={{ text: '采购公告' } as Partial<TextFormat>}
      >
        {(v, set) => <TextFormatEditor value={v} onChange={set} />}
      </Demo>
      <Demo id="markdown" label="Markdown（高 300，最小 200）" initial={'# 采购须知\n\n- 按时报价'} wide>
        {(v, set) => <MarkdownEditor value={v} onChange={set} />}
      </Demo>
      <Demo
        id="rich-text"
        label="富文本（高 560，字号 8pt–36pt，图片走上传服务）"
        initial="<p>欢迎使用 <strong>Procura</strong></p>"
        wide
      >
        {(v, set) => <RichTextEditor value={v} onChange={set} />}
      </Demo>
    </GallerySection>
  );
}
