import { useMemo } from 'react';
import { Drawer } from 'antd';
import { dictItemResource } from '@procura/shared';
import { DETAIL_PAGE_SIZE } from './resource-fields';
import { ResourcePage } from './resource-page';
import type { RowActionPanelProps } from './resource-types';

/** 字典配置: the items of one dictionary, on the generic page, with the dictionary fixed. */
export function DictItemsDrawer({ record, open, onClose }: RowActionPanelProps) {
  const fixed = useMemo(() => ({ dictId: record.id }), [record.id]);
  const name = typeof record.dictName === 'string' ? record.dictName : '';
  return (
    <Drawer
      open={open}
      title={`字典配置${name ? ` - ${name}` : ''}`}
      size={960}
      onClose={onClose}
      data-testid="dict-items-drawer"
    >
      <ResourcePage def={dictItemResource} fixed={fixed} defaultPageSize={DETAIL_PAGE_SIZE} nested />
    </Drawer>
  );
}
