import { useEffect, useState } from 'react';
import { Select, Space } from 'antd';
import type { LinkDownConfig, LinkDownOption } from './dict-api';
import { loadLinkedOptions } from './dict-api';

export type LinkedSelectProps = {
  config: LinkDownConfig;
  /** One placeholder per level: their count is the number of levels. */
  levels: string[];
  /** The chosen `key` value of each level, from the first. */
  value?: string[];
  onChange?: (value: string[]) => void;
  disabled?: boolean;
  'data-testid'?: string;
};

/**
 * Linked dropdowns over `/online/cgform/api/querySelectOptions` (spec part 2 §4): choosing a
 * level loads the next level's options and clears the value of every level after it.
 */
export function LinkedSelect({ config, levels, value = [], onChange, disabled, ...rest }: LinkedSelectProps) {
  const [options, setOptions] = useState<LinkDownOption[][]>([]);
  const [loading, setLoading] = useState<number | null>(null);

  const load = async (level: number, pidValue?: string) => {
    setLoading(level);
    try {
      const next = await loadLinkedOptions(config, pidValue);
      setOptions((all) => [...all.slice(0, level), next]);
    } catch {
      // The query failed: the level stays empty (spec: rejects without a message).
      setOptions((all) => [...all.slice(0, level), []]);
    } finally {
      setLoading(null);
    }
  };

  // The first level, then the levels below each stored value of a loaded record.
  useEffect(() => {
    let alive = true;
    void (async () => {
      const loaded: LinkDownOption[][] = [];
      let pid: string | undefined;
      for (let level = 0; level < levels.length; level++) {
        if (level > 0 && pid === undefined) break;
        const level0 = await loadLinkedOptions(config, pid).catch(() => []);
        if (!alive) return;
        loaded.push(level0);
        pid = level0.find((o) => o.store === value[level])?.id;
      }
      setOptions(loaded);
    })();
    return () => {
      alive = false;
    };
    // Stored values seed the levels once; later choices load level by level.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [config.table, config.txt, config.key, config.idField, config.pidField, config.condition, levels.length]);

  const choose = (level: number, chosen: string | undefined) => {
    const next = [...value.slice(0, level), ...(chosen ? [chosen] : [])];
    onChange?.(next);
    const parent = options[level]?.find((o) => o.store === chosen);
    setOptions((all) => all.slice(0, level + 1));
    if (parent && level + 1 < levels.length) void load(level + 1, parent.id);
  };

  return (
    <Space wrap data-testid={rest['data-testid'] ?? 'linked-select'}>
      {levels.map((placeholder, level) => (
        <Select
          key={level}
          data-testid={`linked-select-${level}`}
          style={{ minWidth: 160 }}
          allowClear
          placeholder={placeholder}
          disabled={disabled || (level > 0 && !value[level - 1])}
          loading={loading === level}
          value={value[level]}
          options={(options[level] ?? []).map((o) => ({ value: o.store, label: o.label }))}
          onChange={(v: string | undefined) => choose(level, v)}
        />
      ))}
    </Space>
  );
}
