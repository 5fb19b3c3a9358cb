import { useCallback } from 'react';
import { DICT_MESSAGES, isConditionValid, loadTreeLevel, tableDictTexts } from './dict-api';
import { LazyTreeSelect } from './lazy-tree-select';
import type { LazyTreeSelectProps } from './lazy-tree-select';
import { WidgetError } from './widget-error';

export type TreeDictSelectProps = LazyTreeSelectProps & {
  /** `table,text,code` of an allow-listed table. */
  dict: string;
  pidField: string;
  /** A column saying whether a row has children ('1'); without it the server counts them. */
  hasChildField?: string;
  /** A JSON object of equality filters, else '组件JTreeSelect-condition传值有误，需要一个json字符串!'. */
  condition?: string;
  /** The parent whose children are the first level ('' = the roots). */
  pidValue?: string;
};

/** Tree select (JeecgBoot's JTreeSelect) over `/sys/dict/loadTreeData`; values are row ids. */
export function TreeDictSelect({
  dict,
  pidField,
  hasChildField,
  condition,
  pidValue = '',
  ...props
}: TreeDictSelectProps) {
  const [tableName = '', text = '', code = ''] = dict.split(',').map((s) => s.trim());
  const valid = isConditionValid(condition);
  const loadLevel = useCallback(
    (parent: string | null) =>
      loadTreeLevel({ tableName, text, code, pidField, hasChildField, condition }, parent ?? pidValue),
    [tableName, text, code, pidField, hasChildField, condition, pidValue],
  );
  const loadLabels = useCallback((ids: string[]) => tableDictTexts(`${tableName},${text},id`, ids), [tableName, text]);
  if (!valid) return <WidgetError message={DICT_MESSAGES.badCondition} />;
  return <LazyTreeSelect loadLevel={loadLevel} loadLabels={loadLabels} {...props} />;
}
