import { describe, expect, it } from 'vitest';
import {
  defineWorkflow,
  workflowActionsFrom,
  workflowPermission,
  workflowRefusal,
  workflowInternalSees,
  workflowStateText,
  workflowSupplierSees,
} from './workflow.js';
import { CHANGE_STATUS_LABELS, changeWorkflow } from './supplier-change.js';
import { SAMPLE_ACTIONS, SAMPLE_STATUS, SAMPLE_STATUS_TEXT, sampleWorkflow } from './resources/sample.js';

const doc = defineWorkflow({
  docType: 'TEST_DOC',
  label: '测试单',
  permission: 'testDoc',
  states: {
    DRAFT: { text: '草稿', color: 'default', terminal: false },
    SENT: { text: '已发送', color: 'processing', terminal: false },
    DONE: { text: '已完成', color: 'success', terminal: true },
  },
  transitions: {
    send: { from: ['DRAFT'], to: 'SENT', side: 'INTERNAL', refusal: '只有草稿可以发送', done: '已发送' },
    accept: {
      from: ['SENT'],
      to: 'DONE',
      side: 'SUPPLIER',
      permission: 'testDoc:answer',
      refusal: '只有已发送的可以接受',
      done: '已接受',
    },
    expire: { from: ['DRAFT', 'SENT'], to: 'DONE', side: 'SYSTEM', refusal: '已完成', done: '已过期' },
  },
  supplierVisibleFrom: ['SENT', 'DONE'],
});

describe('defineWorkflow', () => {
  it('derives state texts, actions by side and state, permission codes and refusals', () => {
    expect(workflowStateText(doc)).toEqual({ DRAFT: '草稿', SENT: '已发送', DONE: '已完成' });
    expect(workflowActionsFrom(doc, 'DRAFT', 'INTERNAL')).toEqual(['send']);
    expect(workflowActionsFrom(doc, 'SENT', 'INTERNAL')).toEqual([]);
    expect(workflowActionsFrom(doc, 'SENT', 'SUPPLIER')).toEqual(['accept']);
    expect(workflowActionsFrom(doc, 'SENT', 'SYSTEM')).toEqual(['expire']);
    expect(workflowActionsFrom(doc, 'DONE', 'INTERNAL')).toEqual([]);
    expect(workflowPermission(doc, 'send')).toBe('testDoc:send');
    expect(workflowPermission(doc, 'accept')).toBe('testDoc:answer');
    expect(workflowRefusal(doc, 'send', 'SENT')).toBe('只有草稿可以发送，当前状态：已发送');
    expect(workflowSupplierSees(doc, 'DRAFT')).toBe(false);
    expect(workflowSupplierSees(doc, 'SENT')).toBe(true);
  });

  it('refuses unknown states and transitions out of a terminal state', () => {
    const states = {
      A: { text: 'A', color: 'default', terminal: false },
      Z: { text: 'Z', color: 'default', terminal: true },
    };
    expect(() =>
      defineWorkflow({
        docType: 'X',
        label: 'X',
        permission: 'x',
        states,
        transitions: { go: { from: ['A'], to: 'B' as 'A', side: 'INTERNAL', refusal: '', done: '' } },
      }),
    ).toThrow('unknown state B');
    expect(() =>
      defineWorkflow({
        docType: 'X',
        label: 'X',
        permission: 'x',
        states,
        transitions: { back: { from: ['Z'], to: 'A', side: 'INTERNAL', refusal: '', done: '' } },
      }),
    ).toThrow('leaves terminal state Z');
  });
});

describe('sampleWorkflow (§7)', () => {
  it('covers every sample status and action; texts match srm_sample_status', () => {
    expect(Object.keys(sampleWorkflow.states).sort()).toEqual([...SAMPLE_STATUS].sort());
    expect(Object.keys(sampleWorkflow.transitions).sort()).toEqual([...SAMPLE_ACTIONS].sort());
    expect(SAMPLE_STATUS_TEXT.SENT).toBe('已发送');
    expect(workflowActionsFrom(sampleWorkflow, 'SENT', 'SUPPLIER')).toEqual(['confirm', 'refuse']);
    expect(workflowActionsFrom(sampleWorkflow, 'SENT', 'INTERNAL')).toEqual(['cancel']);
    expect(sampleWorkflow.transitions.refuse.reason).toBe(true);
    expect(workflowSupplierSees(sampleWorkflow, 'DRAFT')).toBe(false);
  });
});

describe('changeWorkflow (§5)', () => {
  it('X-5: the supplier sees all its requests; internal users not its unsent drafts; the supplier withdraws a draft or a submitted one', () => {
    for (const s of Object.keys(changeWorkflow.states)) expect(workflowSupplierSees(changeWorkflow, s)).toBe(true);
    expect(workflowInternalSees(changeWorkflow, 'DRAFT')).toBe(false);
    expect(workflowInternalSees(changeWorkflow, 'SUBMITTED')).toBe(true);
    expect(workflowInternalSees(sampleWorkflow, 'DRAFT')).toBe(true);
    expect(workflowActionsFrom(changeWorkflow, 'SUBMITTED', 'SUPPLIER')).toEqual(['withdraw']);
    expect(workflowActionsFrom(changeWorkflow, 'DRAFT', 'INTERNAL')).toEqual([]);
    expect(Object.keys(CHANGE_STATUS_LABELS).sort()).toEqual(Object.keys(changeWorkflow.states).sort());
    expect(() =>
      defineWorkflow({
        docType: 'X',
        label: 'X',
        permission: 'x',
        states: { A: { text: 'A', color: 'default', terminal: false } },
        transitions: {},
        internalVisibleFrom: ['B' as 'A'],
      }),
    ).toThrow('unknown visible state B');
  });
});
