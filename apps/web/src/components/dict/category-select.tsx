import { useCallback } from 'react';
import { categoryNames, DICT_MESSAGES, isConditionValid, loadCategoryLevel } from './dict-api';
import { LazyTreeSelect } from './lazy-tree-select';
import type { LazyTreeSelectProps } from './lazy-tree-select';
import { WidgetError } from './widget-error';

export type CategorySelectProps = LazyTreeSelectProps & {
  /** The code whose children are the first level (default `0`: the top categories). */
  pcode?: string;
  /** A JSON object of equality filters on name or code. */
  condition?: string;
};

/** Category select (JeecgBoot's JCategorySelect) over `/sys/category/loadTreeData`; values are category ids. */
export function CategorySelect({ pcode = '0', condition, ...props }: CategorySelectProps) {
  const valid = isConditionValid(condition);
  const loadLevel = useCallback(
    (parent: string | null) =>
      loadCategoryLevel(parent === null ? { pcode } : { pid: parent }, parent === null ? condition : undefined),
    [pcode, condition],
  );
  if (!valid) return <WidgetError message={DICT_MESSAGES.badCondition} />;
  return <LazyTreeSelect loadLevel={loadLevel} loadLabels={categoryNames} {...props} />;
}
