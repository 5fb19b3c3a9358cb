import { useState } from 'react';
import { App, Button } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { Has } from '../../components/has';
import type { PagedList } from '../../components/paged-table/use-paged-list';
import { downloadFile, TRANSFER_MESSAGES } from '../../resources/file-transfer';

/** 导出: the users of the current search (or only the selected ones) as xlsx, from /sys/user/exportXls. */
export function UserExportButton({ list }: { list: PagedList<{ id: string }> }) {
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
  const exportRows = async () => {
    const { pageNo: _pageNo, pageSize: _pageSize, ...filters } = list.params;
    const selections = list.selectedRowKeys.map(String).join(',');
    setExporting(true);
    try {
      if (
        !(await downloadFile('/sys/user/exportXls', selections ? { ...filters, selections } : filters, '用户信息.xlsx'))
      )
        message.warning(TRANSFER_MESSAGES.downloadFailed);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Has code="user:export">
      <Button icon={<ExportOutlined />} loading={exporting} onClick={() => void exportRows()} data-testid="user-export">
        导出
      </Button>
    </Has>
  );
}
