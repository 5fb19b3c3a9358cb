import { useState } from 'react';
import { Button, Flex, Input, Radio, Slider, Space } from 'antd';
import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  BgColorsOutlined,
  BoldOutlined,
  FontSizeOutlined,
} from '@ant-design/icons';

/** The ten-colour palette of the text-format editor (spec part 2 §9); white is the default. */
export const PALETTE = [
  '#ffffff',
  '#000000',
  '#262626',
  '#8c8c8c',
  '#f5222d',
  '#fa8c16',
  '#fadb14',
  '#52c41a',
  '#1677ff',
  '#722ed1',
];
export const FONT_SIZE = { min: 16, max: 80, step: 2 } as const;

export type TextFormat = {
  text: string;
  fontSize: number;
  color: string;
  bold: boolean;
  align: 'left' | 'center' | 'right';
};
export const DEFAULT_TEXT_FORMAT: TextFormat = {
  text: '',
  fontSize: 24,
  color: PALETTE[0]!,
  bold: false,
  align: 'left',
};

export type TextFormatEditorProps = {
  value?: Partial<TextFormat>;
  onChange?: (value: TextFormat) => void;
  disabled?: boolean;
};

/**
 * The text-format editor (spec part 2 §4): a font size slider (16–80, step 2) and a colour
 * palette that exclude each other (opening one closes the other), bold, and alignment.
 */
export function TextFormatEditor({ value, onChange, disabled }: TextFormatEditorProps) {
  const current: TextFormat = { ...DEFAULT_TEXT_FORMAT, ...value };
  const [panel, setPanel] = useState<'size' | 'color' | null>(null);
  const set = (patch: Partial<TextFormat>) => onChange?.({ ...current, ...patch });
  const toggle = (which: 'size' | 'color') => setPanel((p) => (p === which ? null : which));
  return (
    <Flex vertical gap={8} data-testid="text-format-editor">
      <Space wrap>
        <Button
          icon={<FontSizeOutlined />}
          type={panel === 'size' ? 'primary' : 'default'}
          disabled={disabled}
          onClick={() => toggle('size')}
        >
          字号 {current.fontSize}
        </Button>
        <Button
          icon={<BgColorsOutlined />}
          type={panel === 'color' ? 'primary' : 'default'}
          disabled={disabled}
          onClick={() => toggle('color')}
        >
          颜色
        </Button>
        <Button
          icon={<BoldOutlined />}
          aria-pressed={current.bold}
          type={current.bold ? 'primary' : 'default'}
          disabled={disabled}
          onClick={() => set({ bold: !current.bold })}
        >
          加粗
        </Button>
        <Radio.Group
          value={current.align}
          disabled={disabled}
          optionType="button"
          onChange={(e) => set({ align: e.target.value as TextFormat['align'] })}
        >
          <Radio.Button value="left" aria-label="左对齐">
            <AlignLeftOutlined />
          </Radio.Button>
          <Radio.Button value="center" aria-label="居中">
            <AlignCenterOutlined />
          </Radio.Button>
          <Radio.Button value="right" aria-label="右对齐">
            <AlignRightOutlined />
          </Radio.Button>
        </Radio.Group>
      </Space>
      {panel === 'size' && (
        <div data-testid="font-size-slider">
          <Slider
            min={FONT_SIZE.min}
            max={FONT_SIZE.max}
            step={FONT_SIZE.step}
            value={current.fontSize}
            onChange={(fontSize: number) => set({ fontSize })}
          />
        </div>
      )}
      {panel === 'color' && (
        <Space data-testid="color-palette">
          {PALETTE.map((color) => (
            <button
              key={color}
              type="button"
              aria-label={color}
              aria-pressed={current.color === color}
              onClick={() => set({ color })}
              style={{
                width: 24,
                height: 24,
                background: color,
                border: current.color === color ? '2px solid #1677ff' : '1px solid #d9d9d9',
                borderRadius: 4,
                cursor: 'pointer',
              }}
            />
          ))}
        </Space>
      )}
      <Input.TextArea
        rows={3}
        disabled={disabled}
        value={current.text}
        onChange={(e) => set({ text: e.target.value })}
        style={{
          fontSize: current.fontSize,
          color: current.color,
          fontWeight: current.bold ? 'bold' : 'normal',
          textAlign: current.align,
          background: current.color === '#ffffff' ? '#434343' : undefined,
        }}
      />
    </Flex>
  );
}
