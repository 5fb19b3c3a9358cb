import { useState } from 'react';
import { App, Button, Progress, Space, Typography, Upload } from 'antd';
import { ImportOutlined } from '@ant-design/icons';
import { downloadFile, followImportJob, importOutcome, TRANSFER_MESSAGES, uploadFile } from './file-transfer';
import type { UploadAnswer } from './file-transfer';

type Props = { path: string; onImported: () => void };

/** What the progress bar shows: the upload, then the server's phases of a long import. */
type Shown = { percent: number; text: string };

/**
 * 导入: uploads an xlsx to `path` with a progress bar, asking for a progress report
 * (`progress=1`). A server that runs the import on answers with a job id: the bar then follows
 * its phases (读取 / 校验 / 写入, rows done of all). At the end it reports as JeecgBoot does — a
 * success message, a warning with a link to the error details (code 201), or the refusal.
 */
export function ImportButton({ path, onImported }: Props) {
  const { message, modal } = App.useApp();
  const [shown, setShown] = useState<Shown | null>(null);

  const downloadDetails = async (fileUrl: string, fileName: string) => {
    if (!(await downloadFile(fileUrl, {}, fileName))) message.warning(TRANSFER_MESSAGES.downloadFailed);
  };

  const run = async (file: File) => {
    setShown({ percent: 0, text: '上传中' });
    let answer: UploadAnswer | null = null;
    try {
      answer = await uploadFile(path, file, (percent) => setShown({ percent, text: '上传中' }), { progress: '1' });
      const jobId = (answer.body?.result as { jobId?: unknown } | null | undefined)?.jobId;
      if (answer.body?.success && typeof jobId === 'string') {
        setShown({ percent: 0, text: '导入中' });
        answer = await followImportJob(jobId, (state) =>
          setShown({
            percent: state.percent,
            text: `${state.phaseText} ${state.processed.toLocaleString()}/${state.total.toLocaleString()}`,
          }),
        );
      }
    } catch {
      answer = null;
    } finally {
      setShown(null);
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

  const uploading = shown !== null;
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
      {shown ? (
        <>
          <Progress percent={shown.percent} size="small" style={{ width: 120 }} data-testid="import-progress" />
          <Typography.Text type="secondary" data-testid="import-progress-text">
            {shown.text}
          </Typography.Text>
        </>
      ) : null}
    </Space>
  );
}
