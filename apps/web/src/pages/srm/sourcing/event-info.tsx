import { withoutRuleIds } from '@procura/shared';
import { Descriptions } from 'antd';
import { EventStatusTag } from './event-status-tag';
import { AWARD_MODES, type EventDetail } from './sourcing-api';

/** The 基本信息 tab of a 询价单: header fields, and the fail or cancel reason once there is one. */
export function EventInfo({ event: e }: { event: EventDetail }) {
  return (
    <Descriptions size="small" column={3} bordered>
      <Descriptions.Item label="询价单号">{e.code}</Descriptions.Item>
      <Descriptions.Item label="标题" span={2}>
        {e.title}
      </Descriptions.Item>
      <Descriptions.Item label="状态">
        <EventStatusTag status={e.status} />
      </Descriptions.Item>
      <Descriptions.Item label="报价截止">{e.responseDeadline ?? '-'}</Descriptions.Item>
      <Descriptions.Item label="币种">{e.currency}</Descriptions.Item>
      <Descriptions.Item label="最少邀请数">{e.minInvited}</Descriptions.Item>
      <Descriptions.Item label="最少有效报价数">{e.minQuotes}</Descriptions.Item>
      <Descriptions.Item label="定标方式">{AWARD_MODES[e.awardMode] ?? e.awardMode}</Descriptions.Item>
      <Descriptions.Item label="发布时间">{e.publishedAt ?? '-'}</Descriptions.Item>
      <Descriptions.Item label="开标时间">{e.openedAt ?? '-'}</Descriptions.Item>
      <Descriptions.Item label="联系人">
        {[e.contactName, e.contactPhone].filter(Boolean).join(' ') || '-'}
      </Descriptions.Item>
      {e.failReason && (
        <Descriptions.Item label="流标原因" span={3}>
          {withoutRuleIds(e.failReason)}
        </Descriptions.Item>
      )}
      {e.cancelReason && (
        <Descriptions.Item label="取消原因" span={3}>
          {e.cancelReason}
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}
