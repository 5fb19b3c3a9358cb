import { Typography } from 'antd';

/** A widget whose configuration is wrong says so in place of itself (the spec's message). */
export function WidgetError({ message }: { message: string }) {
  return (
    <Typography.Text type="danger" role="alert" data-testid="widget-error">
      {message}
    </Typography.Text>
  );
}
