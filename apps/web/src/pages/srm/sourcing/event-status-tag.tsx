import { Tag } from 'antd';
import { EVENT_STATUS, EVENT_STATUS_COLOR } from './sourcing-api';

/** A sourcing event's status as a coloured tag; also used by the tender, auction and supplier screens. */
export function EventStatusTag({ status }: { status: string }) {
  return <Tag color={EVENT_STATUS_COLOR[status] ?? 'default'}>{EVENT_STATUS[status] ?? status}</Tag>;
}
