import { useState } from 'react';
import { App, Button, Progress, Space, Typography, Upload } from 'antd';
import { ImportOutlined } from '@ant-design/icons';
import { downloadFile, importOutcome, TRANSFER_MESSAGES, uploadFile } from './file-transfer';
import type { UploadAnswer } from './file-transfer';

type Props = { path: string; onImported: () => void };

/**
 * 导入: uploads an xlsx to `path` with a progress bar, then reports as JeecgBoot does — a
 * success message, a warning with a link to the error details (code 201), or the refusal.
 */
export function ImportButton({ path, onImported }: Props) {
  const { message, modal } = App.useApp();
  const [percent, setPercent] = useState<number | null>(null);

  const downloadDetails = async (fileUrl: string, fileName: string) => {
    if (!(await downloadFile(fileUrl, {}, fileName))) message.warning(TRANSFER_MESSAGES.downloadFailed);
  };

  const run = async (file: File) => {
    setPercent(0);
    let answer: UploadAnswer | null = null;
    try {
      answer = await uploadFile(path, file, setPercent);
    } catch {
      answer = null;
    } finally {
      setPercent(null);
    }
    const outcome = importOutcome(file.name, answer);
    if (outcome.kind === 'failure') {
      message.error(outcome.message);
      return;
    }
    if (outcome.kind === 'success') {
      message.success(outcome.message);
    } else {
      const { msg, fileUrl, fileName } = outcome.details;
      modal.warning({
        title: outcome.title,
        content: (
          <div data-testid="import-partial">
            <div>{msg}</div>
            {fileUrl ? (
              <div>
                具体详情请{' '}
                <Typography.Link
                  data-testid="import-error-log"
                  onClick={() => void downloadDetails(fileUrl, fileName ?? 'import-errors.txt')}
                >
                  点击下载
                </Typography.Link>
              </div>
            ) : null}
          </div>
        ),
        okText: '知道了',
      });
    }
    onImported();
  };

  const uploading = percent !== null;
  return (
    <Space size="small">
      <Upload
        accept=".xlsx"
        showUploadList={false}
        disabled={uploading}
        beforeUpload={(file) => {
          void run(file);
          // The upload is ours (with progress and the session headers), not antd's.
          return false;
        }}
      >
        <Button icon={<ImportOutlined />} loading={uploading}>
          导入
        </Button>
      </Upload>
      {uploading ? (
        <Progress percent={percent} size="small" style={{ width: 120 }} data-testid="import-progress" />
      ) : null}
    </Space>
  );
}
