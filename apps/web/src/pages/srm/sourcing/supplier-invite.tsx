import { useState } from 'react';
import { Button, Select, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { postAction } from '../../../lib/http';
import { useCommand } from '../../../lib/use-command';
import { inviteCandidates } from './sourcing-api';

/**
 * Searching suppliers by code or name and inviting the chosen ones to a sourcing event (an
 * inquiry, an auction or an invited tender), through the event type's invite route.
 */
export function SupplierInvite({
  eventId,
  inviteUrl,
  testId,
  buttonTestId,
  onInvited,
}: {
  eventId: string;
  inviteUrl: '/srm/sourcing/event/invite' | '/srm/tender/invite';
  /** The picker's `data-testid`. */
  testId: string;
  buttonTestId?: string;
  onInvited: () => Promise<void>;
}) {
  const { busy, run } = useCommand();
  const [picked, setPicked] = useState<string[]>([]);
  const [keyword, setKeyword] = useState('');
  // Only suppliers the invite admits are offered (SRC-3, X-15); the invite checks each one again.
  const candidatesUrl =
    inviteUrl === '/srm/tender/invite' ? '/srm/tender/inviteCandidates' : '/srm/sourcing/event/inviteCandidates';
  const suppliers = useQuery({
    queryKey: ['sourcing', 'inviteCandidates', candidatesUrl, eventId, keyword],
    queryFn: () => inviteCandidates(candidatesUrl, eventId, keyword),
  });
  return (
    <Space wrap>
      <Select
        mode="multiple"
        showSearch={{ filterOption: false, onSearch: setKeyword }}
        style={{ minWidth: 360 }}
        placeholder="搜索并选择供应商（仅列出可邀请的供应商）"
        value={picked}
        onChange={setPicked}
        loading={suppliers.isFetching}
        options={(suppliers.data ?? []).map((s) => ({ value: s.id, label: `${s.code} ${s.name}` }))}
        data-testid={testId}
      />
      <Button
        type="primary"
        disabled={picked.length === 0}
        loading={busy}
        data-testid={buttonTestId}
        onClick={() =>
          void run(
            () => postAction(inviteUrl, { id: eventId, supplierIds: picked }),
            async () => {
              setPicked([]);
              await onInvited();
            },
          )
        }
      >
        邀请
      </Button>
    </Space>
  );
}
