import { Descriptions } from 'antd';
import {
  BID_RULE,
  BIDDING_TARGET,
  DECREMENT_MODE,
  OVERTIME_BASE,
  OVERTIME_TRIGGER,
  SUPPLIER_VIEW,
  TIE_RULE,
  wireTime,
  type AuctionRules,
} from './auction-api';

/** A lot's rule block in words: prices, decrement, bid and tie rules, times, overtime, what suppliers see. */
export function RulesView({ rules }: { rules: AuctionRules }) {
  const unit = rules.decrementMode === 'PERCENT' ? '%' : '';
  return (
    <Descriptions size="small" column={3} bordered data-testid="auction-rules">
      <Descriptions.Item label="竞价对象">{BIDDING_TARGET[rules.biddingTarget]}</Descriptions.Item>
      <Descriptions.Item label="起拍价">{rules.startPrice}</Descriptions.Item>
      <Descriptions.Item label="保留价">{rules.reservePrice ?? '未设置'}</Descriptions.Item>
      <Descriptions.Item label="最小降价幅度">{`${DECREMENT_MODE[rules.decrementMode]} ${rules.decrementValue}${unit}`}</Descriptions.Item>
      <Descriptions.Item label="出价规则">{BID_RULE[rules.bidRule]}</Descriptions.Item>
      <Descriptions.Item label="同价规则">{TIE_RULE[rules.tieRule]}</Descriptions.Item>
      <Descriptions.Item label="开始时间">{wireTime(rules.startAt)}</Descriptions.Item>
      <Descriptions.Item label="计划结束时间">{wireTime(rules.endAt)}</Descriptions.Item>
      <Descriptions.Item label="最少参与数">{rules.minParticipants}</Descriptions.Item>
      <Descriptions.Item label="延时竞价">
        {rules.overtimeEnabled
          ? `结束前${rules.overtimeWindowMin}分钟内${OVERTIME_TRIGGER[rules.overtimeTrigger]}，${OVERTIME_BASE[rules.overtimeBase]}延长${rules.overtimeExtendMin}分钟，最多${rules.maxExtensions ?? '不限'}次`
          : '不延时'}
      </Descriptions.Item>
      <Descriptions.Item label="供应商可见">
        {SUPPLIER_VIEW[rules.supplierView]}
        {rules.showParticipantCount ? '，显示参与家数' : ''}
      </Descriptions.Item>
      <Descriptions.Item label="匿名报价">{rules.buyerAnonymous ? '是' : '否'}</Descriptions.Item>
      <Descriptions.Item label="报价次数上限">{rules.maxBidsPerSupplier ?? '不限'}</Descriptions.Item>
      <Descriptions.Item label="大幅降价确认">{`低于最低价 ${rules.confirmDropPct}% 以上须确认`}</Descriptions.Item>
      <Descriptions.Item label="价格小数位">{rules.pricePrecision}</Descriptions.Item>
    </Descriptions>
  );
}
