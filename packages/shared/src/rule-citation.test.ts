import { describe, expect, it } from 'vitest';
import { splitRuleIds, withoutRuleIds } from './rule-citation.js';

describe('rule ids out of user messages', () => {
  it('takes trailing, embedded and listed ids out, in order', () => {
    expect(splitRuleIds('供应商不是合格供应商，不能报名（SRC-3）')).toEqual({
      text: '供应商不是合格供应商，不能报名',
      rules: ['SRC-3'],
    });
    expect(splitRuleIds('评标委员会须为5人以上单数（TND-11），当前4人')).toEqual({
      text: '评标委员会须为5人以上单数，当前4人',
      rules: ['TND-11'],
    });
    expect(splitRuleIds('不能申请（PR-1、MAT-3）').rules).toEqual(['PR-1', 'MAT-3']);
    expect(splitRuleIds('定标方可生效（TND-17，AWD-5）')).toEqual({ text: '定标方可生效', rules: ['TND-17', 'AWD-5'] });
    expect(splitRuleIds('不能邀请 (X-15)')).toEqual({ text: '不能邀请', rules: ['X-15'] });
    expect(splitRuleIds('测试结果须附测试报告（文字或附件，SMP-2）')).toEqual({
      text: '测试结果须附测试报告（文字或附件）',
      rules: ['SMP-2'],
    });
    expect(splitRuleIds('请在招标管理中发布（TND-3 截止时间顺延，记入审计链）')).toEqual({
      text: '请在招标管理中发布（截止时间顺延，记入审计链）',
      rules: ['TND-3'],
    });
  });

  it('leaves other parentheses alone', () => {
    for (const text of [
      '注意：某公司（C级）绩效等级偏低',
      '商务标摘要（SHA-256）',
      '资质文件审核（待评审）',
      '编号 ZB-RT-1',
    ])
      expect(splitRuleIds(text)).toEqual({ text, rules: [] });
    expect(withoutRuleIds('以下步骤尚未通过：样品认证（待评审）（QLF-2）')).toBe(
      '以下步骤尚未通过：样品认证（待评审）',
    );
  });
});
