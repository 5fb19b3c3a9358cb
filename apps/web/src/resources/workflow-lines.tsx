import type { ComponentType } from 'react';
import { Button, Card, Form, Table, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  fieldSchema,
  lineFieldPath,
  lineInputFields,
  type FieldDef,
  type LineSetDef,
  type ResourceDef,
} from '@procura/shared';
import { fieldControl } from './field-control';
import { displayValue, toFormValues, toWireValue } from './resource-fields';
import type { FormControl, ResourceOverride, ResourceRecord } from './resource-types';

/**
 * The line sets of a workflow document on the web (issue 17): read-only tables in the detail,
 * and in the draft's form an editable table per set (add row, delete row, antd controls in
 * zh_CN, each cell checked with the shared field schema and showing the server's
 * `lines[2].qty` message beside it).
 */

type Row = Record<string, unknown>;

const setsOf = (def: ResourceDef) => Object.entries(def.workflow?.lines ?? {});

/** Each line set of a record as a table (what queryById returned). */
export function LineTables({
  def,
  record,
  views,
}: {
  def: ResourceDef;
  record: ResourceRecord;
  /** A set's own view in place of the generic table. */
  views?: Readonly<Record<string, ComponentType<{ record: ResourceRecord }>>>;
}) {
  return (
    <>
      {setsOf(def).map(([name, set]) => {
        const View = views?.[name];
        if (View) return <View key={name} record={record} />;
        return (
          <Card key={name} size="small" title={set.label} style={{ marginBottom: 16 }}>
            <Table<Row>
              size="small"
              rowKey={(r) => String(r.id ?? JSON.stringify(r))}
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={(record[name] as Row[] | undefined) ?? []}
              data-testid={`lines-${name}`}
              columns={Object.entries(set.fields).map(([key, field]) => ({
                key,
                title: field.label,
                render: (_: unknown, row: Row) => displayValue({ name: key, field }, row) || '-',
              }))}
            />
          </Card>
        );
      })}
    </>
  );
}

/** A cell's rule: its shared schema, so the message is the server's. */
const cellRule = (field: FieldDef) => ({
  validator: async (_: unknown, value: unknown) => {
    const result = fieldSchema(field).safeParse(toWireValue(field, value));
    if (!result.success) throw new Error(result.error.issues[0]?.message ?? '格式不正确');
  },
});

/** A cell's control: the page's (told the row's form path, to fill its other cells) or the field type's. */
const cellControl = (own: FormControl | undefined, field: FieldDef, disabled: boolean, at: [string, number]) =>
  own ? own(field, disabled, at) : fieldControl(field, disabled);

/** The editable table of one line set, inside the document's form (`Form.List` under the set's name). */
export function LinesEditor({
  name,
  set,
  error,
  locked,
  controls,
}: {
  name: string;
  set: LineSetDef;
  error?: string;
  /** Columns kept as they are, and no lines added or removed (CON-1). */
  locked?: readonly string[];
  /** The page's controls; a cell's is keyed `<set>.<field>` (a material picker for `lines.materialId`). */
  controls?: ResourceOverride['formControls'];
}) {
  const inputs = lineInputFields(set);
  return (
    <Card size="small" title={set.label} style={{ marginBottom: 16 }} data-testid={`lines-editor-${name}`}>
      <Form.List name={name}>
        {(rows, { add, remove }) => (
          <>
            <Table
              size="small"
              pagination={false}
              rowKey="key"
              scroll={{ x: 'max-content' }}
              dataSource={rows}
              columns={[
                ...inputs.map(([key, field]) => ({
                  key,
                  title: `${field.required ? '* ' : ''}${field.label}`,
                  render: (_: unknown, row: { name: number }) => (
                    <Form.Item name={[row.name, key]} rules={[cellRule(field)]} style={{ margin: 0, minWidth: 120 }}>
                      {cellControl(controls?.[`${name}.${key}`], field, Boolean(locked?.includes(key)), [
                        name,
                        row.name,
                      ])}
                    </Form.Item>
                  ),
                })),
                ...(locked
                  ? []
                  : [
                      {
                        key: '_op',
                        title: '操作',
                        render: (_: unknown, row: { name: number }) => (
                          <Button
                            type="link"
                            danger
                            icon={<DeleteOutlined />}
                            onClick={() => remove(row.name)}
                            data-testid={`lines-${name}-delete-${row.name}`}
                          >
                            删除
                          </Button>
                        ),
                      },
                    ]),
              ]}
            />
            {locked ? null : (
              <Button
                type="dashed"
                block
                icon={<PlusOutlined />}
                style={{ marginTop: 8 }}
                onClick={() => add({})}
                data-testid={`lines-${name}-add`}
              >
                添加一行
              </Button>
            )}
          </>
        )}
      </Form.List>
      {error ? (
        <Typography.Text type="danger" data-testid={`lines-${name}-error`}>
          {error}
        </Typography.Text>
      ) : null}
    </Card>
  );
}

/** The form values of a record's line sets (dates as dayjs for the pickers). */
export function lineFormValues(def: ResourceDef, record: ResourceRecord | undefined): Record<string, Row[]> {
  return Object.fromEntries(
    setsOf(def).map(([name, set]) => {
      const fields = lineInputFields(set).map(([n, field]) => ({ name: n, field }));
      return [name, ((record?.[name] as Row[] | undefined) ?? []).map((r) => toFormValues(fields, r))];
    }),
  );
}

/** The line sets of the typed form values, as the API takes them. */
export function lineBody(def: ResourceDef, typed: Row): Record<string, Row[]> {
  return Object.fromEntries(
    setsOf(def).map(([name, set]) => [
      name,
      ((typed[name] as Row[] | undefined) ?? []).map((row) =>
        Object.fromEntries(lineInputFields(set).map(([key, field]) => [key, toWireValue(field, row?.[key])])),
      ),
    ]),
  );
}

/** A field error's form path: a cell (`lines[2].qty` → ['lines', 2, 'qty']) or the name itself. */
export function errorPath(key: string): string | (string | number)[] {
  return lineFieldPath(key) ?? key;
}
