import { Anchor, Col, Row, Typography } from 'antd';
import { GalleryDict } from './gallery-dict';
import { GalleryEditors } from './gallery-editors';
import { GalleryInputs } from './gallery-inputs';
import { GalleryPickers } from './gallery-pickers';
import { GalleryUpload } from './gallery-upload';
import { GalleryUtils } from './gallery-utils';

/**
 * 组件示例: every shared form widget with its states (empty, filled, disabled, error), over
 * the real server, for developers and testers. Each family's demos live in their own
 * `gallery-*.tsx` file; add a family by adding its section to SECTIONS.
 */
const SECTIONS = [
  { id: 'dict', title: '字典与选择', Section: GalleryDict },
  { id: 'inputs', title: '输入控件', Section: GalleryInputs },
  { id: 'upload', title: '上传', Section: GalleryUpload },
  { id: 'editors', title: '编辑器', Section: GalleryEditors },
  { id: 'utils', title: '工具', Section: GalleryUtils },
  { id: 'pickers', title: '选择器与弹框', Section: GalleryPickers },
];

export default function WidgetGalleryPage() {
  return (
    <Row gutter={16} wrap={false} data-testid="widget-gallery">
      <Col flex="auto" style={{ minWidth: 0 }}>
        <Typography.Paragraph type="secondary">
          共享表单组件的各种状态：空、已填、禁用、错误。值显示在每个示例下方。
        </Typography.Paragraph>
        {SECTIONS.map(({ id, Section }) => (
          <Section key={id} />
        ))}
      </Col>
      <Col flex="160px">
        <Anchor offsetTop={80} items={SECTIONS.map((s) => ({ key: s.id, href: `#${s.id}`, title: s.title }))} />
      </Col>
    </Row>
  );
}
