import { useState } from 'react';

export type PickerPage = { pageNo: number; pageSize: number };

/**
 * The page a picker's table shows: back to the first page on a new search or sort
 * (`firstPage`) and when the page size changes (`turn`, for the table's pagination).
 */
export function usePickerPage(pageSize: number) {
  const [page, setPage] = useState<PickerPage>({ pageNo: 1, pageSize });
  return {
    page,
    firstPage: () => setPage((p) => ({ ...p, pageNo: 1 })),
    turn: (pageNo: number, size: number) =>
      setPage((p) => ({ pageNo: size !== p.pageSize ? 1 : pageNo, pageSize: size })),
  };
}
