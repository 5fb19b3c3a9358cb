import { useState } from 'react';
import { Alert, Button, Input, Modal, Space, Typography } from 'antd';
import { getAction } from '../lib/http';
import type { RowActionPanelProps } from './resource-types';

/** What `checkByCode` answers about a value that fails: the failing item and the slice it checked. */
type CheckFailure = { digits: string; pattern: string; message: string; checkValue: string; passed: false };

type Outcome = { passed: true } | { passed: false; message: string; checkValue?: string };

/**
 * 测试 on 编码校验规则: checks a value against the row's rule exactly as forms do
 * (`GET /sys/checkRule/checkByCode`, the value encoded twice as JeecgBoot's UI sends it).
 */
export function CheckRuleTestModal({ record, open, onClose }: RowActionPanelProps) {
  const [value, setValue] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [checking, setChecking] = useState(false);
  const ruleCode = typeof record.ruleCode === 'string' ? record.ruleCode : '';
  const ruleName = typeof record.ruleName === 'string' ? record.ruleName : ruleCode;

  const check = async () => {
    setChecking(true);
    try {
      const res = await getAction<CheckFailure | null>('/sys/checkRule/checkByCode', {
        ruleCode,
        value: encodeURIComponent(value),
      });
      setOutcome(
        res.success
          ? { passed: true }
          : { passed: false, message: res.message || '校验未通过', checkValue: res.result?.checkValue },
      );
    } catch {
      // The HTTP layer has shown why.
      setOutcome(null);
    } finally {
      setChecking(false);
    }
  };

  return (
    <Modal open={open} title={`测试校验规则 - ${ruleName}`} onCancel={onClose} footer={null} destroyOnHidden>
      <div data-testid="check-rule-test">
        <Space.Compact style={{ width: '100%' }}>
          <Input
            data-testid="check-rule-test-value"
            placeholder="输入要校验的值"
            value={value}
            maxLength={500}
            onChange={(e) => {
              setValue(e.target.value);
              setOutcome(null);
            }}
            onPressEnter={() => void check()}
          />
          <Button type="primary" loading={checking} onClick={() => void check()} data-testid="check-rule-test-submit">
            校验
          </Button>
        </Space.Compact>
        {outcome ? (
          <div data-testid="check-rule-test-result" data-passed={String(outcome.passed)} style={{ marginTop: 16 }}>
            {outcome.passed ? (
              <Alert type="success" showIcon title="校验通过" />
            ) : (
              <Alert
                type="error"
                showIcon
                title={outcome.message}
                description={
                  outcome.checkValue !== undefined ? (
                    <Typography.Text>未通过的部分：{outcome.checkValue || '（空）'}</Typography.Text>
                  ) : undefined
                }
              />
            )}
          </div>
        ) : null}
      </div>
    </Modal>
  );
}
