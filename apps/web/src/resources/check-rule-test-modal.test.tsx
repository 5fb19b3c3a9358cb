import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { checkRuleResource } from '@procura/shared';
import { page, setup } from './resource-page-harness';
import { ok } from '../test/fake-server';
import type { FakeRequest } from '../test/fake-server';

const RULES = [
  {
    id: 'c1',
    ruleName: '物料编码',
    ruleCode: 'materialCode',
    ruleJson: '[{"digits":"2","pattern":"^[A-Z]{2}$","message":"物料编码前2位必须是大写字母（品类）"}]',
    ruleDescription: null,
    createTime: '2026-01-01 09:00:00',
  },
];

/** The server's checkByCode: passes values starting with two capitals (jeecg-api.md §7.4 shapes). */
function checkByCode(request: FakeRequest) {
  const value = decodeURIComponent(request.url.searchParams.get('value') ?? '');
  if (/^[A-Z]{2}/.test(value)) return ok(null);
  return {
    body: {
      success: false,
      code: 500,
      message: '物料编码前2位必须是大写字母（品类）',
      result: {
        digits: '2',
        pattern: '^[A-Z]{2}$',
        message: '物料编码前2位必须是大写字母（品类）',
        beginIndex: 0,
        endIndex: 2,
        checkValue: value.slice(0, 2),
        passed: false,
      },
      timestamp: 0,
    },
  };
}

async function openTest() {
  const routes = { 'GET /sys/checkRule/list': () => page(RULES), 'GET /sys/checkRule/checkByCode': checkByCode };
  const harness = setup(checkRuleResource, routes);
  await screen.findByText('materialCode');
  fireEvent.click(screen.getByText('测试'));
  const modal = within(await screen.findByTestId('check-rule-test'));
  const check = (value: string) => {
    fireEvent.change(modal.getByTestId('check-rule-test-value'), { target: { value } });
    fireEvent.click(modal.getByTestId('check-rule-test-submit'));
  };
  return { ...harness, modal, check };
}

describe('测试 on 编码校验规则', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("checks a value with the row's rule, sending it encoded twice as JeecgBoot does, and shows that it passed", async () => {
    const { server, modal, check } = await openTest();
    expect(screen.getByText('测试校验规则 - 物料编码')).toBeTruthy();
    check('EL 100%');
    const result = await modal.findByTestId('check-rule-test-result');
    expect(result.getAttribute('data-passed')).toBe('true');
    expect(within(result).getByText('校验通过')).toBeTruthy();
    const call = server.calls('GET /sys/checkRule/checkByCode')[0]!;
    expect(call.url.searchParams.get('ruleCode')).toBe('materialCode');
    // URLSearchParams decodes once: what remains is the value encoded once more.
    expect(call.url.searchParams.get('value')).toBe(encodeURIComponent('EL 100%'));
  });

  it("shows the rule's message and the failing part when the value does not pass", async () => {
    const { modal, check } = await openTest();
    check('el000123');
    const result = await modal.findByTestId('check-rule-test-result');
    expect(result.getAttribute('data-passed')).toBe('false');
    expect(within(result).getByText('物料编码前2位必须是大写字母（品类）')).toBeTruthy();
    expect(within(result).getByText('未通过的部分：el')).toBeTruthy();
    // Editing the value clears the previous outcome.
    fireEvent.change(modal.getByTestId('check-rule-test-value'), { target: { value: 'EL' } });
    await waitFor(() => expect(modal.queryByTestId('check-rule-test-result')).toBeNull());
  });
});
