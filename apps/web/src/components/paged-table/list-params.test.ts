import { describe, expect, it } from 'vitest';
import { batchIds, buildListParams, DEFAULT_SORT } from './list-params';

describe('buildListParams', () => {
  const searchFields = [
    { name: 'username', label: '用户账号' },
    { name: 'status', label: '状态', mode: 'eq' as const },
    { name: 'createTime', label: '创建时间', mode: 'ge' as const },
  ];

  it('sends paging, sort and wrapped non-empty filters', () => {
    expect(
      buildListParams({
        pageNo: 2,
        pageSize: 23,
        sort: DEFAULT_SORT,
        filters: { username: ' ad ', status: '1', createTime: '2026-01-01', ignored: 'x' },
        searchFields,
      }),
    ).toEqual({
      pageNo: 2,
      pageSize: 23,
      column: 'createTime',
      order: 'desc',
      username: '*ad*',
      status: '1',
      createTime: '>=2026-01-01',
    });
  });

  it('leaves out empty filters', () => {
    expect(
      buildListParams({
        pageNo: 1,
        pageSize: 10,
        sort: { column: 'username', order: 'asc' },
        filters: { username: '  ' },
        searchFields,
      }),
    ).toEqual({ pageNo: 1, pageSize: 10, column: 'username', order: 'asc' });
  });

  it('adds the fixed conditions of the page, which win over typed filters', () => {
    expect(
      buildListParams({
        pageNo: 1,
        pageSize: 10,
        sort: DEFAULT_SORT,
        filters: { status: '0' },
        searchFields,
        fixedParams: { dictId: 'd1', status: '1' },
      }),
    ).toMatchObject({ dictId: 'd1', status: '1' });
  });
});

describe('batchIds', () => {
  it('joins ids with the trailing comma JeecgBoot sends', () => {
    expect(batchIds(['a', 'b'])).toBe('a,b,');
  });
});
