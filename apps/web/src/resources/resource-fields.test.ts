import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { addSchema, defineResource, dictItemResource, positionResource } from '@procura/shared';
import {
  displayValue,
  formFields,
  issuesByField,
  searchControls,
  searchFieldsOf,
  toFilters,
  toFormValues,
  toRequestBody,
} from './resource-fields';

const contract = defineResource({
  key: 'testContract',
  table: 'test_contract',
  path: '/test/contract',
  label: '合同',
  permission: 'contract',
  fields: {
    title: { label: '标题', type: 'string', required: true, filter: 'like' },
    signDate: { label: '签订日期', type: 'date', filter: 'range' },
    startAt: { label: '开始时间', type: 'datetime' },
    amount: { label: '金额', type: 'decimal', filter: 'range' },
    copies: { label: '份数', type: 'int' },
    grades: { label: '等级', type: 'dict', dict: 'srm_grade', multiple: true, filter: 'eq' },
    status: { label: '状态', type: 'int', dict: 'enable_status', filter: 'eq' },
    total: { label: '合计', type: 'decimal', readOnly: true },
  },
});

describe('search controls', () => {
  it('derive from the filters, with createTime last, and leave out fixed fields', () => {
    expect(searchControls(positionResource).map((c) => [c.name, c.kind])).toEqual([
      ['code', 'text'],
      ['name', 'text'],
      ['postRank', 'dict'],
      ['createTime', 'dateRange'],
    ]);
    expect(searchControls(dictItemResource, ['dictId']).map((c) => c.name)).toEqual([
      'itemText',
      'itemValue',
      'status',
      'createTime',
    ]);
    expect(searchControls(contract).map((c) => [c.name, c.kind])).toContainEqual(['amount', 'numberRange']);
  });

  it('fill like, exact and range parameters', () => {
    const controls = searchControls(contract);
    expect(searchFieldsOf(controls)).toContainEqual({ name: 'title', label: '标题', mode: 'like' });
    expect(searchFieldsOf(controls)).toContainEqual({ name: 'status', label: '状态', mode: 'eq' });
    expect(searchFieldsOf(controls)).toContainEqual({ name: 'signDate_begin', label: '签订日期', mode: 'eq' });
    const filters = toFilters(controls, {
      title: '采购',
      status: '1',
      signDate: [dayjs('2026-01-01'), dayjs('2026-01-31')],
      amount_begin: 10,
      createTime: null,
    });
    expect(filters).toMatchObject({
      title: '采购',
      status: '1',
      signDate_begin: '2026-01-01',
      signDate_end: '2026-01-31',
      amount_begin: '10',
    });
    expect(filters.createTime_begin).toBeUndefined();
    expect(filters.amount_end).toBeUndefined();
  });
});

describe('form values', () => {
  const fields = formFields(contract);

  it('leave out read-only and fixed fields', () => {
    expect(fields.map((f) => f.name)).not.toContain('total');
    expect(formFields(dictItemResource, ['dictId']).map((f) => f.name)).not.toContain('dictId');
  });

  it('turn a record into controls and back into the wire form', () => {
    const record = {
      id: '1',
      title: '钢材',
      signDate: '2026-03-01',
      startAt: '2026-03-01 08:30:00',
      amount: '12.50',
      copies: 2,
      grades: 'A,B',
      status: 1,
    };
    const values = toFormValues(fields, record);
    expect(dayjs.isDayjs(values.signDate)).toBe(true);
    expect(values.grades).toEqual(['A', 'B']);
    expect(values.status).toBe('1');
    expect(toRequestBody(fields, values)).toEqual({
      title: '钢材',
      signDate: '2026-03-01',
      startAt: '2026-03-01 08:30:00',
      amount: '12.50',
      copies: 2,
      grades: 'A,B',
      status: 1,
    });
  });

  it('send empty values as null, so the shared schema names missing required fields', () => {
    const body = toRequestBody(fields, { title: '', grades: [] });
    expect(body).toMatchObject({ title: null, grades: null, copies: null });
    const checked = addSchema(contract).safeParse(body);
    expect(checked.success).toBe(false);
    expect(issuesByField(checked.error!.issues)).toEqual({ title: '请输入标题' });
  });
});

describe('display values', () => {
  it('show dictionary texts beside codes and a dash for nothing', () => {
    const [, , postRank] = searchControls(positionResource);
    expect(displayValue(postRank!, { postRank: 'P3', postRank_dictText: '中级' })).toBe('中级');
    expect(displayValue(postRank!, { postRank: null, postRank_dictText: null })).toBe('-');
  });
});
