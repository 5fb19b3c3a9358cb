import { useEffect, useRef } from 'react';
import { App, Button, Divider, Flex, Select, Spin } from 'antd';
import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  BoldOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  PictureOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { FontSize, TextStyle } from '@tiptap/extension-text-style';
import TextAlign from '@tiptap/extension-text-align';
import Image from '@tiptap/extension-image';
import { staticUrl } from '../../lib/static-url';
import { uploadFile } from '../upload/upload-api';
import { uploadMessages } from '../upload/file-upload';
import type { RichTextEditorProps } from './rich-text-editor';
import { RICH_TEXT_FONT_SIZES, RICH_TEXT_HEIGHT } from './rich-text-editor';

/** The editor itself (tiptap), loaded only when a rich text field is shown. */
export default function RichTextEditorImpl({
  value,
  onChange,
  disabled,
  height = RICH_TEXT_HEIGHT,
}: RichTextEditorProps) {
  const { message } = App.useApp();
  const picker = useRef<HTMLInputElement>(null);
  const editor = useEditor({
    extensions: [StarterKit, TextStyle, FontSize, TextAlign.configure({ types: ['heading', 'paragraph'] }), Image],
    content: value ?? '',
    editable: !disabled,
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : e.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      fontSize: (e?.getAttributes('textStyle').fontSize as string | undefined) ?? undefined,
      align: (['left', 'center', 'right'] as const).find((a) => e?.isActive({ textAlign: a })) ?? 'left',
    }),
  });

  // A value set from outside (a loaded record, a reset) replaces the content. An editor torn down
  // while React hid and re-showed this tree (Suspense, kept-alive tabs) has no schema any more:
  // leave it alone until useEditor has made the new one.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if ((value ?? '') !== current) editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);
  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setEditable(!disabled);
  }, [editor, disabled]);

  if (!editor) return <Spin />;
  const chain = () => editor.chain().focus();

  const insertImage = async (file: File | undefined) => {
    if (!file) return;
    if (!file.type.includes('image')) {
      void message.warning(uploadMessages.notImage);
      return;
    }
    try {
      // Images go through the upload service; the stored HTML is sanitised by the server.
      const path = await uploadFile(file, 'jeditor');
      chain()
        .setImage({ src: staticUrl(path), alt: file.name })
        .run();
    } catch (e) {
      void message.error(uploadMessages.failed(file.name, e instanceof Error ? e.message : ''));
    }
  };

  return (
    <div data-testid="rich-text-editor" style={{ border: '1px solid #d9d9d9', borderRadius: 6 }}>
      <Flex wrap gap={4} align="center" style={{ padding: 4, borderBottom: '1px solid #f0f0f0' }}>
        <Select
          size="small"
          style={{ width: 90 }}
          placeholder="字号"
          disabled={disabled}
          value={state?.fontSize}
          options={RICH_TEXT_FONT_SIZES.map((s) => ({ value: s, label: s }))}
          onChange={(size: string) => chain().setFontSize(size).run()}
          data-testid="rich-text-font-size"
        />
        <Divider orientation="vertical" />
        <Button
          size="small"
          aria-label="加粗"
          type={state?.bold ? 'primary' : 'text'}
          icon={<BoldOutlined />}
          disabled={disabled}
          onClick={() => chain().toggleBold().run()}
        />
        <Button
          size="small"
          aria-label="斜体"
          type={state?.italic ? 'primary' : 'text'}
          icon={<ItalicOutlined />}
          disabled={disabled}
          onClick={() => chain().toggleItalic().run()}
        />
        <Button
          size="small"
          aria-label="无序列表"
          type="text"
          icon={<UnorderedListOutlined />}
          disabled={disabled}
          onClick={() => chain().toggleBulletList().run()}
        />
        <Button
          size="small"
          aria-label="有序列表"
          type="text"
          icon={<OrderedListOutlined />}
          disabled={disabled}
          onClick={() => chain().toggleOrderedList().run()}
        />
        <Divider orientation="vertical" />
        {(
          [
            ['left', '左对齐', <AlignLeftOutlined key="l" />],
            ['center', '居中', <AlignCenterOutlined key="c" />],
            ['right', '右对齐', <AlignRightOutlined key="r" />],
          ] as const
        ).map(([align, label, icon]) => (
          <Button
            key={align}
            size="small"
            aria-label={label}
            type={state?.align === align ? 'primary' : 'text'}
            icon={icon}
            disabled={disabled}
            onClick={() => chain().setTextAlign(align).run()}
          />
        ))}
        <Divider orientation="vertical" />
        <Button
          size="small"
          aria-label="插入图片"
          type="text"
          icon={<PictureOutlined />}
          disabled={disabled}
          onClick={() => picker.current?.click()}
        />
        <input
          ref={picker}
          type="file"
          accept="image/*"
          hidden
          data-testid="rich-text-image-input"
          onChange={(e) => {
            void insertImage(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </Flex>
      <EditorContent editor={editor} style={{ height: height - 41, overflow: 'auto', padding: '4px 11px' }} />
    </div>
  );
}
