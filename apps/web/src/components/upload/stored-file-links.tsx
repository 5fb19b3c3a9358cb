import { App, Space, Typography } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { staticUrl } from '../../lib/static-url';
import { TRANSFER_MESSAGES } from '../../resources/file-transfer';
import { isPublicPath, splitPaths } from './file-upload';
import { downloadStored, useStoredNames } from './upload-api';

const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/**
 * Read-only links to stored files (comma-joined paths, as forms keep them). Private files are
 * downloaded with the session, so a document's reader gets the file the server lets it read
 * public portal images open directly.
 */
export function StoredFileLinks({
  paths,
  'data-testid': testId,
}: {
  paths: string | null | undefined;
  'data-testid'?: string;
}) {
  const { message } = App.useApp();
  const list = splitPaths(paths);
  // Listed under the uploader's names, not the stored random ones.
  const names = useStoredNames(list);
  if (list.length === 0) return <>-</>;
  return (
    <Space orientation="vertical" size={2} data-testid={testId ?? 'stored-file-links'}>
      {list.map((path) =>
        isPublicPath(path) ? (
          <Typography.Link key={path} href={staticUrl(path)} target="_blank" rel="noreferrer">
            <PaperClipOutlined /> {names[path] ?? nameOf(path)}
          </Typography.Link>
        ) : (
          <Typography.Link
            key={path}
            onClick={() => {
              void downloadStored(path).then((done) => {
                if (!done) void message.warning(TRANSFER_MESSAGES.downloadFailed);
              });
            }}
          >
            <PaperClipOutlined /> {names[path] ?? nameOf(path)}
          </Typography.Link>
        ),
      )}
    </Space>
  );
}
