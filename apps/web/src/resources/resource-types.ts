import type { ComponentType, ReactElement, ReactNode } from 'react';
import type { Envelope, FieldDef } from '@procura/shared';

/** A row of a resource as the API sends it: every field, `<field>_dictText`, id and audit fields. */
export type ResourceRecord = Record<string, unknown> & { id: string };

/** What a row action's panel (a drawer or modal it opens) receives; `open` is false while its page is hidden behind another tab. */
export type RowActionPanelProps = {
  record: ResourceRecord;
  open: boolean;
  onClose: () => void;
  /** The panel changed the row (a command with input, e.g. 撤回 with a reason): it closes and the list reloads. */
  onDone?: () => void;
};

/**
 * An extra action in a row's action column: either it opens its own panel for the row, or it
 * runs a command on the server (after a confirmation) and the list reloads.
 */
export type RowAction = {
  key: string;
  label: string;
  /** Button permission code the user must hold; none means everyone who sees the list. */
  permission?: string;
  /** Offered only on rows this accepts (e.g. 发布 only on drafts). */
  visible?: (record: ResourceRecord) => boolean;
  /** Also a button of a workflow document's detail (`also`), or only there (`only`: it needs the detail's lines). */
  detail?: 'also' | 'only';
} & (
  | { Panel: ComponentType<RowActionPanelProps> }
  | { run: (record: ResourceRecord) => Promise<Envelope<unknown>>; confirm: string }
);

/**
 * A form control in place of the one a field's type gives; Form.Item supplies value and onChange.
 * In a line set's cell `at` is the row's form path (`['lines', 2]`).
 */
export type FormControl = (field: FieldDef, disabled: boolean, at?: readonly [string, number]) => ReactElement;

/** How one resource's page departs from what its definition gives. */
/** What an edit form keeps as it is: header fields, and line set columns by set name. */
export type ResourceLock = { fields?: readonly string[]; lines?: Readonly<Record<string, readonly string[]>> };

export type ResourceOverride = {
  rowActions?: readonly RowAction[];
  /** Cell renderers by field name, replacing the default text (dictionary text, '-' for nothing). */
  columns?: Readonly<Record<string, (value: unknown, record: ResourceRecord) => ReactNode>>;
  /** Columns of values the server adds beside the fields (a quota's shares), each after the named field's column. */
  extraColumns?: readonly ExtraColumn[];
  /** Form controls by field name; a line set's cells by `<set>.<field>` (`lines.materialId`). */
  formControls?: Readonly<Record<string, FormControl>>;
  /** Checks beyond the field's schema, by field name: the message shown under the field, or null when fine. */
  formChecks?: Readonly<Record<string, (value: unknown) => string | null>>;
  /**
   * The permission each form control's own data needs (a supplier picker reads `supplier:list`): the
   * search form leaves that filter out for a user without it, so a page never calls what its user may not read.
   */
  controlPermissions?: Readonly<Record<string, string>>;
  /**
   * Fields a record keeps as they are in its edit form (shown, not changeable), and line set
   * columns likewise, with no lines added or removed: a contract from an award (CON-1).
   */
  lockedFor?: (record: ResourceRecord | undefined) => ResourceLock | null;
  /** Detail drawer values by field name, replacing the default text (e.g. file links). */
  details?: Readonly<Record<string, (value: unknown, record: ResourceRecord) => ReactNode>>;
  /**
   * A workflow document's transitions (the definition's `workflow`): the row-action key prefix
   * (`sample` → `sample-send`; the resource key by default) and the dialogs of transitions that
   * take more than a reason.
   */
  workflow?: {
    key?: string;
    panels?: Readonly<Record<string, ComponentType<RowActionPanelProps>>>;
    /** A line set's own view in the detail, in place of the generic table (a quota's shares with their sum). */
    lines?: Readonly<Record<string, ComponentType<{ record: ResourceRecord }>>>;
  };
  /**
   * The module's own toolbar buttons, before 导出 (a draft form of its own, a supplier's 发起变更申请);
   * `onChanged` reloads, `onOpen` shows a document's detail.
   */
  toolbar?: ComponentType<{ onChanged: () => void; onOpen: (id: string) => void }>;
  /** The edit form in place of the generic one (a form with its own live checks); it saves and calls `onDone`. */
  editForm?: ComponentType<RowActionPanelProps>;
  /** The list's text when it has no rows. */
  emptyText?: string;
  /** Given, a failed or refused load shows in place under this title, with 重试 (instead of a toast). */
  errorTitle?: string;
  /** Custom panels in the detail (a comparison matrix, a ledger), below the fields. */
  detailPanels?: readonly DetailPanel[];
  /** What the print view shows below the fields (a contract's text). */
  printBody?: ComponentType<{ record: ResourceRecord }>;
};

/** A list column of a value that is no field of the definition. */
export type ExtraColumn = {
  key: string;
  title: string;
  /** The field whose column it follows; last (before 创建时间) when absent. */
  after?: string;
  width?: number;
  render: (record: ResourceRecord) => ReactNode;
};

/** A custom panel of a document's detail. */
export type DetailPanel = { key: string; title: string; Panel: ComponentType<{ record: ResourceRecord }> };
