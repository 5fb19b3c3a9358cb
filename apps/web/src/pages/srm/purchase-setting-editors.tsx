import { Button, Input, InputNumber, Space, Switch, Table } from 'antd';
import type { SettingForm, SettingPart } from '@procura/shared';

/**
 * The controls of structured purchase settings (§21): each part of a `json` value gets its own
 * switch or number, lists get rows to add and remove. Form.Item supplies value and onChange;
 * the value stays the server's shape, so the API is unchanged.
 */
type Props<T> = { value?: T; onChange?: (value: T) => void };

type Parts = Record<string, number | boolean | null>;
type Band = { grade: string; min: number | null; max: number | null };

function PartsEditor({ parts, value, onChange }: Props<Parts> & { parts: readonly SettingPart[] }) {
  const current = value ?? {};
  const set = (key: string, v: number | boolean | null) => onChange?.({ ...current, [key]: v });
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="setting-parts">
      {parts.map((p) => (
        <Space key={p.key} style={{ display: 'flex', justifyContent: 'space-between' }}>
          <span>{p.label}</span>
          {p.control === 'switch' ? (
            <Switch
              aria-label={p.label}
              checked={Boolean(current[p.key])}
              checkedChildren="是"
              unCheckedChildren="否"
              onChange={(v) => set(p.key, v)}
            />
          ) : (
            <InputNumber
              aria-label={p.label}
              style={{ width: 160 }}
              precision={p.control === 'int' ? 0 : 2}
              suffix={p.unit}
              value={current[p.key] as number | null}
              onChange={(v) => set(p.key, v)}
            />
          )}
        </Space>
      ))}
    </Space>
  );
}

/** A list of whole numbers (reminder days), largest first; rows added and removed. */
function DaysEditor({ value, onChange }: Props<(number | null)[]>) {
  const days = value ?? [];
  return (
    <Space orientation="vertical" data-testid="setting-days">
      {days.map((d, i) => (
        <Space key={i}>
          <span>{`第${i + 1}次提醒：到期前`}</span>
          <InputNumber
            aria-label={`第${i + 1}次提醒天数`}
            precision={0}
            suffix="天"
            value={d}
            onChange={(v) => onChange?.(days.map((x, j) => (j === i ? v : x)))}
          />
          <Button type="link" danger onClick={() => onChange?.(days.filter((_, j) => j !== i))}>
            删除
          </Button>
        </Space>
      ))}
      <Button onClick={() => onChange?.([...days, null])}>添加提醒</Button>
    </Space>
  );
}

/** One row per preset; the shares of a row are as many as its suppliers (the server keys them by that count). */
function QuotaPresetsEditor({ value, onChange }: Props<(number | null)[][]>) {
  const rows = value ?? [];
  const setRow = (i: number, row: (number | null)[]) => onChange?.(rows.map((r, j) => (j === i ? row : r)));
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="setting-quota-presets">
      {rows.map((row, i) => (
        <Space key={i} wrap>
          <span>{`${row.length}家供应商：`}</span>
          {row.map((pct, k) => (
            <InputNumber
              key={k}
              aria-label={`方案${i + 1}第${k + 1}家比例`}
              style={{ width: 90 }}
              precision={0}
              suffix="%"
              value={pct}
              onChange={(v) =>
                setRow(
                  i,
                  row.map((x, j) => (j === k ? v : x)),
                )
              }
            />
          ))}
          <Button size="small" onClick={() => setRow(i, [...row, null])}>
            加一家
          </Button>
          {row.length > 1 ? (
            <Button size="small" onClick={() => setRow(i, row.slice(0, -1))}>
              减一家
            </Button>
          ) : null}
          <Button type="link" danger onClick={() => onChange?.(rows.filter((_, j) => j !== i))}>
            删除方案
          </Button>
        </Space>
      ))}
      <Button onClick={() => onChange?.([...rows, [null, null]])}>添加方案</Button>
    </Space>
  );
}

/** The grade bands: grade, lower and upper score, one row each. */
function GradeBandsEditor({ value, onChange }: Props<Band[]>) {
  const bands = value ?? [];
  const set = (i: number, change: Partial<Band>) =>
    onChange?.(bands.map((b, j) => (j === i ? { ...b, ...change } : b)));
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="setting-grade-bands">
      <Table<Band & { i: number }>
        size="small"
        rowKey="i"
        pagination={false}
        dataSource={bands.map((b, i) => ({ ...b, i }))}
        columns={[
          {
            title: '等级',
            render: (_, b) => (
              <Input
                aria-label={`第${b.i + 1}行等级`}
                maxLength={8}
                value={b.grade}
                onChange={(e) => set(b.i, { grade: e.target.value })}
              />
            ),
          },
          {
            title: '分数下限',
            render: (_, b) => (
              <InputNumber aria-label={`第${b.i + 1}行分数下限`} value={b.min} onChange={(v) => set(b.i, { min: v })} />
            ),
          },
          {
            title: '分数上限',
            render: (_, b) => (
              <InputNumber aria-label={`第${b.i + 1}行分数上限`} value={b.max} onChange={(v) => set(b.i, { max: v })} />
            ),
          },
          {
            title: '操作',
            render: (_, b) => (
              <Button type="link" danger onClick={() => onChange?.(bands.filter((_x, j) => j !== b.i))}>
                删除
              </Button>
            ),
          },
        ]}
      />
      <Button onClick={() => onChange?.([...bands, { grade: '', min: null, max: null }])}>添加等级</Button>
    </Space>
  );
}

/** One text area per named text (the contract templates: HTML with `{{field}}` placeholders). */
function TextsEditor({
  texts,
  value,
  onChange,
}: Props<Record<string, string>> & { texts: readonly { key: string; label: string }[] }) {
  const current = value ?? {};
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="setting-texts">
      {texts.map((t) => (
        <label key={t.key} style={{ display: 'block' }}>
          <span>{t.label}</span>
          <Input.TextArea
            aria-label={t.label}
            autoSize={{ minRows: 4, maxRows: 12 }}
            value={current[t.key] ?? ''}
            onChange={(e) => onChange?.({ ...current, [t.key]: e.target.value })}
          />
        </label>
      ))}
    </Space>
  );
}

/** The control a structured setting's form names. */
export function StructuredSettingEditor({ form, ...props }: Props<unknown> & { form: SettingForm }) {
  // Form.Item hands over whatever the field holds; each editor reads the shape its form names.
  const p = props as Props<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  if (form.kind === 'parts') return <PartsEditor parts={form.parts} {...p} />;
  if (form.kind === 'days') return <DaysEditor {...p} />;
  if (form.kind === 'quotaPresets') return <QuotaPresetsEditor {...p} />;
  if (form.kind === 'texts') return <TextsEditor texts={form.texts} {...p} />;
  return <GradeBandsEditor {...p} />;
}

/** The value the form edits: quota presets as rows (two rows of the same count stay apart while typing). */
export function toFormValue(form: SettingForm, value: unknown): unknown {
  return form.kind === 'quotaPresets' ? Object.values((value ?? {}) as Record<string, number[]>) : value;
}

/** The server's shape of what the form holds, or the reason it has none. */
export function fromFormValue(form: SettingForm, value: unknown): { value: unknown } | { error: string } {
  if (form.kind !== 'quotaPresets') return { value };
  const rows = (value ?? []) as (number | null)[][];
  const counts = rows.map((r) => r.length);
  const twice = counts.find((n, i) => counts.indexOf(n) !== i);
  if (twice !== undefined) return { error: `${twice}家供应商的方案只能有一个` };
  return { value: Object.fromEntries(rows.map((r) => [String(r.length), r])) };
}

/** A structured value in words for the list (no JSON on screen). */
export function structuredText(form: SettingForm, value: unknown): string {
  if (form.kind === 'parts') {
    const v = (value ?? {}) as Parts;
    return form.parts
      .map((p) => {
        const x = v[p.key];
        return `${p.label}：${typeof x === 'boolean' ? (x ? '是' : '否') : `${x ?? '-'}${p.unit ?? ''}`}`;
      })
      .join('；');
  }
  if (form.kind === 'days') return `到期前 ${((value ?? []) as number[]).join('、')} 天`;
  if (form.kind === 'texts') {
    const v = (value ?? {}) as Record<string, string>;
    return form.texts.map((t) => `${t.label}：${v[t.key] ? `已设置（${v[t.key]!.length}字）` : '未设置'}`).join('；');
  }
  if (form.kind === 'quotaPresets')
    return Object.entries((value ?? {}) as Record<string, number[]>)
      .map(([n, split]) => `${n}家：${split.join('/')}`)
      .join('；');
  return ((value ?? []) as Band[]).map((b) => `${b.grade} ${b.min}–${b.max}分`).join('；');
}

/** Which part or row an issue's path names, for a message the user can act on. */
export function issueText(form: SettingForm | undefined, path: readonly PropertyKey[], message: string): string {
  const [first, second] = path;
  if (form?.kind === 'parts') {
    const part = form.parts.find((p) => p.key === first);
    if (part) return message.includes(part.label) ? message : `${part.label}：${message}`;
  }
  if ((form?.kind === 'days' || form?.kind === 'gradeBands') && typeof first === 'number')
    return `第${first + 1}行：${message}`;
  if (form?.kind === 'quotaPresets' && typeof first === 'string' && typeof second === 'number')
    return `${first}家供应商方案第${second + 1}家比例：${message}`;
  if (form?.kind === 'quotaPresets' && typeof first === 'string') return `${first}家供应商方案：${message}`;
  if (form?.kind === 'texts') {
    const text = form.texts.find((t) => t.key === first);
    if (text) return `${text.label}：${message}`;
  }
  return message;
}
