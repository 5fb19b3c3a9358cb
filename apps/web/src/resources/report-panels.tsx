import { useMemo } from 'react';
import { Drawer } from 'antd';
import { reportItemResource, reportParamResource } from '@procura/shared';
import type { ResourceDef } from '@procura/shared';
import { ReportPopupModal } from '../components/pickers/report-popup-modal';
import { DETAIL_PAGE_SIZE } from './resource-fields';
import { ResourcePage } from './resource-page';
import type { RowActionPanelProps } from './resource-types';

/** The columns or the parameters of one report, on the generic page, with the report fixed. */
function ReportPartsDrawer({
  record,
  open,
  onClose,
  def,
  title,
}: RowActionPanelProps & { def: ResourceDef; title: string }) {
  const fixed = useMemo(() => ({ cgrheadId: record.id }), [record.id]);
  return (
    <Drawer
      open={open}
      title={`${title} - ${String(record.name ?? '')}`}
      size={960}
      onClose={onClose}
      data-testid={`report-${def.key}-drawer`}
    >
      <ResourcePage def={def} fixed={fixed} defaultPageSize={DETAIL_PAGE_SIZE} nested />
    </Drawer>
  );
}

export const ReportItemsDrawer = (props: RowActionPanelProps) => (
  <ReportPartsDrawer {...props} def={reportItemResource} title="报表字段" />
);
export const ReportParamsDrawer = (props: RowActionPanelProps) => (
  <ReportPartsDrawer {...props} def={reportParamResource} title="报表参数" />
);

/** 预览: the report as users see it in the report popup (several rows may be chosen; nothing is done with them). */
export function ReportPreviewModal({ record, open, onClose }: RowActionPanelProps) {
  return (
    <ReportPopupModal
      code={String(record.code)}
      open={open}
      multi
      width={1000}
      title={`预览 - ${String(record.name ?? '')}`}
      onOk={onClose}
      onCancel={onClose}
    />
  );
}
