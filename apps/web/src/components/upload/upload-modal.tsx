import { useState } from 'react';
import { Modal, Typography } from 'antd';
import { FileUpload } from './file-upload';
import type { FileUploadProps } from './file-upload';

/** The upload modal's width and file count (spec part 2 §1, §9). */
export const UPLOAD_MODAL_WIDTH = 600;
export const UPLOAD_MODAL_MAX_FILES = 10;

export type UploadModalProps = {
  open: boolean;
  title?: string;
  /** The comma-joined stored paths already chosen. */
  value?: string;
  biz?: string;
  mode?: FileUploadProps['mode'];
  /** 确定: the comma-joined stored paths of the done files. */
  onOk: (value: string) => void;
  onCancel: () => void;
};

/** The file-upload modal: width 600, at most 10 files (the hint says so). */
export function UploadModal({
  open,
  title = '文件上传',
  value = '',
  biz,
  mode = 'file',
  onOk,
  onCancel,
}: UploadModalProps) {
  const [current, setCurrent] = useState(value);
  return (
    <Modal
      open={open}
      title={title}
      width={UPLOAD_MODAL_WIDTH}
      destroyOnHidden
      afterOpenChange={(visible) => visible && setCurrent(value)}
      okText="确定"
      cancelText="取消"
      onOk={() => onOk(current)}
      onCancel={onCancel}
      okButtonProps={{ 'data-testid': 'upload-modal-ok' } as Record<string, string>}
    >
      <div data-testid="upload-modal">
        <FileUpload
          value={current}
          onChange={setCurrent}
          biz={biz}
          mode={mode}
          maxCount={UPLOAD_MODAL_MAX_FILES}
          data-testid="upload-modal-upload"
        />
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
          最多可上传{UPLOAD_MODAL_MAX_FILES}个文件
        </Typography.Text>
      </div>
    </Modal>
  );
}
