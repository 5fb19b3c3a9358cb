import type { ComponentType, ReactNode } from 'react';

/** A row of a resource as the API sends it: every field, `<field>_dictText`, id and audit fields. */
export type ResourceRecord = Record<string, unknown> & { id: string };

/** What a row action's panel (a drawer or modal it opens) receives; `open` is false while its page is hidden behind another tab. */
export type RowActionPanelProps = { record: ResourceRecord; open: boolean; onClose: () => void };

/** An extra action in a row's action column, opening its own panel for the row. */
export type RowAction = {
  key: string;
  label: string;
  /** Button permission code the user must hold; none means everyone who sees the list. */
  permission?: string;
  Panel: ComponentType<RowActionPanelProps>;
};

/** How one resource's page departs from what its definition gives. */
export type ResourceOverride = {
  rowActions?: readonly RowAction[];
  /** Cell renderers by field name, replacing the default text (dictionary text, '-' for nothing). */
  columns?: Readonly<Record<string, (value: unknown, record: ResourceRecord) => ReactNode>>;
};
