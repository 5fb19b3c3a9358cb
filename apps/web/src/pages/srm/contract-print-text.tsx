import { Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { SafeHtml } from '../../components/safe-html';
import { getAction } from '../../lib/http';
import type { ResourceRecord } from '../../resources/resource-types';

/**
 * The contract's text on its print view (§15 body): rendered by the server from the template of
 * its type (sanitised, fields escaped; frozen from submission on) and sanitised again here.
 */
export function ContractPrintText({ record }: { record: ResourceRecord }) {
  const query = useQuery({
    queryKey: ['contract-text', record.id, record.status],
    gcTime: 0,
    queryFn: async () => {
      const body = await getAction<{ html: string; frozen: boolean }>('/srm/contract/text', { id: record.id });
      return body.success ? body.result.html : '';
    },
  });
  if (query.isLoading) return <Spin />;
  return <SafeHtml html={query.data} className="print-contract-text" data-testid="contract-print-text" />;
}
