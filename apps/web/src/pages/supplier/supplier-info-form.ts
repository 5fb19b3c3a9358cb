import type { SupplierInfo, SupplierProfile } from '@procura/shared';

/** The dictionary of main categories a supplier offers. */
export const MAIN_CATEGORY_DICT = 'supplier_main_category';
/** Dictionaries of the supplier's company status and information status. */
export const SUPPLIER_STATUS_DICT = 'srm_supplier_status';
export const SUPPLIER_INFO_STATUS_DICT = 'srm_supplier_info_status';

export type SupplierInfoField = keyof SupplierInfo;

/** Labels of the supplier information fields, in form order. */
export const SUPPLIER_INFO_LABELS: Readonly<Record<SupplierInfoField, string>> = {
  name: '企业名称',
  uscc: '统一社会信用代码',
  legalPerson: '法定代表人',
  address: '企业地址',
  mainCategories: '主营品类',
  contactName: '联系人',
  contactMobile: '手机号码',
  phone: '固定电话',
  email: '电子邮箱',
  bankName: '开户银行',
  bankAccountName: '账户名称',
  bankAccountNo: '银行账号',
  businessLicenseFile: '营业执照',
};

export const SUPPLIER_INFO_FIELDS = Object.keys(SUPPLIER_INFO_LABELS) as SupplierInfoField[];

/** What the antd form holds: anything may still be empty. */
export type SupplierInfoFormValues = Partial<Record<Exclude<SupplierInfoField, 'mainCategories'>, string>> & {
  mainCategories?: string[];
};

export type FieldError = { name: SupplierInfoField; errors: string[] };

function isField(key: unknown): key is SupplierInfoField {
  return typeof key === 'string' && Object.hasOwn(SUPPLIER_INFO_LABELS, key);
}

function categoriesOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String).filter(Boolean);
  if (typeof value === 'string')
    return value
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
  return [];
}

/** Form values prefilled from the server's (possibly partial) draft. */
export function draftToFormValues(draft: Partial<SupplierProfile> | null | undefined): SupplierInfoFormValues {
  const values: SupplierInfoFormValues = {};
  if (!draft) return values;
  for (const field of SUPPLIER_INFO_FIELDS) {
    const value = draft[field];
    if (field === 'mainCategories') values.mainCategories = categoriesOf(value);
    else if (typeof value === 'string' && value !== '') values[field] = value;
  }
  return values;
}

/** The schema input with exactly the schema's keys; empty fields become '' (or []). */
export function formValuesToInput(values: SupplierInfoFormValues): Record<SupplierInfoField, string | string[]> {
  const input = {} as Record<SupplierInfoField, string | string[]>;
  for (const field of SUPPLIER_INFO_FIELDS) {
    input[field] = field === 'mainCategories' ? categoriesOf(values.mainCategories) : (values[field] ?? '');
  }
  return input;
}

/** zod issues as antd field errors: the first message of each field, in issue order. */
export function issuesToFieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldError[] {
  const byField = new Map<SupplierInfoField, string>();
  for (const issue of issues) {
    const field = issue.path[0];
    if (isField(field) && !byField.has(field)) byField.set(field, issue.message);
  }
  return [...byField].map(([name, message]) => ({ name, errors: [message] }));
}

/** The server's `result.errors` map of a 400 answer as antd field errors. */
export function serverErrorsToFieldErrors(errors: unknown): FieldError[] {
  if (typeof errors !== 'object' || errors === null) return [];
  return Object.entries(errors)
    .filter((entry): entry is [SupplierInfoField, string] => isField(entry[0]) && typeof entry[1] === 'string')
    .map(([name, message]) => ({ name, errors: [message] }));
}
