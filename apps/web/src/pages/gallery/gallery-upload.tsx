import { useState } from 'react';
import { Button, Col, Typography } from 'antd';
import { FileUpload } from '../../components/upload/file-upload';
import type { UploadedFile } from '../../components/upload/file-upload';
import { UploadModal } from '../../components/upload/upload-modal';
import { staticUrl } from '../../lib/static-url';
import { Demo, GallerySection } from './gallery-parts';

function UploadModalDemo() {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  return (
    <Col xs={24} md={12} xl={8} data-testid="demo-upload-modal">
      <Typography.Text strong style={{ display: 'block', marginBottom: 4 }}>
        上传弹窗（宽 600，最多 10 个文件）
      </Typography.Text>
      <Button onClick={() => setOpen(true)} data-testid="open-upload-modal">
        打开上传弹窗
      </Button>
      <UploadModal
        open={open}
        value={value}
        onOk={(v) => {
          setValue(v);
          setOpen(false);
        }}
        onCancel={() => setOpen(false)}
      />
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
        值：<output data-testid="demo-upload-modal-value">{value}</output>
      </Typography.Text>
    </Col>
  );
}

/** Image and file upload through `/sys/common/upload`, with limits, states and the modal. */
export function GalleryUpload() {
  return (
    <GallerySection id="upload" title="上传">
      <Demo id="upload-file" label="文件上传（最多 2 个，保留最后 2 个）" initial="">
        {(v, set) => <FileUpload value={v} onChange={set} maxCount={2} data-testid="upload-file" />}
      </Demo>
      <Demo id="upload-image" label="图片上传（只收图片）" initial="">
        {(v, set) => <FileUpload mode="image" value={v} onChange={set} data-testid="upload-image" />}
      </Demo>
      <Demo id="upload-docs" label="文档上传（不收图片，值为文件对象）" initial={[] as UploadedFile[]}>
        {(v, set) => (
          <FileUpload
            filesOnly
            value={v.map((f) => f.filePath).join(',')}
            onFilesChange={set}
            data-testid="upload-docs"
          />
        )}
      </Demo>
      <Demo id="upload-disabled" label="上传（禁用）" initial="">
        {(v) => <FileUpload value={v} disabled data-testid="upload-disabled" />}
      </Demo>
      <UploadModalDemo />
      <Demo id="static-url" label="静态资源链接（相对路径加前缀，绝对链接不变）" initial="temp/20260101/a.pdf">
        {(v) => (
          <>
            <div data-testid="static-url-relative">{staticUrl(v)}</div>
            <div data-testid="static-url-absolute">{staticUrl('https://cdn.example.com/a.png')}</div>
          </>
        )}
      </Demo>
    </GallerySection>
  );
}
