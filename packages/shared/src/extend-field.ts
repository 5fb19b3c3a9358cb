/**
 * Configurable (extended) fields: an administrator adds fields to the list and form of a
 * resource that opts in here. Spec part 2 §5: a field is required when `required` is the
 * string 'true' or `editProperty` contains 1, read-only when `editProperty` contains 2.
 */

/** Tables whose generic list and form take extended fields, with their resource key. */
export const EXTENDABLE_TABLES: Readonly<Record<string, string>> = {
  bd_dataorg: 'bdDataorg',
};

/** The key of an add or edit body that carries the record's configurable field values, by field name. */
export const EXTEND_VALUES_KEY = 'extendValues';
export type ExtendValues = Record<string, string | number | null>;

export type ExtendFieldDataType = 'String' | 'number' | 'date' | 'dateTime';

/** An extended field as `/extendField/getList` and the form-style calls answer it. */
export type ExtendField = {
  fieldName: string;
  labelName: string;
  dataType: ExtendFieldDataType;
  required: string | null;
  editProperty: string | null;
  width: number | null;
};

export const isExtendRequired = (f: Pick<ExtendField, 'required' | 'editProperty'>) =>
  f.required === 'true' || (f.editProperty ?? '').includes('1');
export const isExtendReadOnly = (f: Pick<ExtendField, 'editProperty'>) => (f.editProperty ?? '').includes('2');
