import { describe, expect, it } from 'vitest';
import { dictItemResource, positionResource } from '@procura/shared';
import type { ResourceRecord } from './resource-types';
import { resourceColumns } from './resource-columns';

const record: ResourceRecord = {
  id: 'p1',
  code: 'CGJL',
  name: '采购经理',
  postRank: 'P4',
  postRank_dictText: '副高级',
  createTime: '2026-01-02 09:00:00',
};

type Cell = {
  key?: unknown;
  dataIndex?: unknown;
  sorter?: unknown;
  render?: (value: unknown, record: ResourceRecord, index: number) => unknown;
};

describe('resourceColumns', () => {
  it('lists the list fields (dictionary texts, sort by field), 创建时间 and the actions', () => {
    const columns = resourceColumns(positionResource, undefined, () => 'actions') as Cell[];
    expect(columns.map((c) => c.key)).toEqual(['code', 'name', 'postRank', 'createTime', 'action']);
    expect(columns[2]).toMatchObject({ dataIndex: 'postRank_dictText', sorter: true });
    expect(columns[2]!.render!(undefined, record, 0)).toBe('副高级');
    expect(columns[4]!.render!(undefined, record, 0)).toBe('actions');
    // Fields hidden from lists stay out (dictItem.dictId).
    expect((resourceColumns(dictItemResource, undefined, () => null) as Cell[]).map((c) => c.key)).not.toContain(
      'dictId',
    );
  });

  it('takes a cell renderer from the resource override', () => {
    const columns = resourceColumns(
      positionResource,
      { columns: { name: (value, row) => `${String(value)}（${row.code as string}）` } },
      () => null,
    ) as Cell[];
    expect(columns[1]!.render!(undefined, record, 0)).toBe('采购经理（CGJL）');
  });
});
