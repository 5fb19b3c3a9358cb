import { describe, expect, it } from 'vitest';
import { supplierInfoSchema } from '@procura/shared';
import { VALID_SUPPLIER_INFO as VALID_INFO } from '../../test/fixtures';
import {
  draftToFormValues,
  formValuesToInput,
  issuesToFieldErrors,
  serverErrorsToFieldErrors,
  SUPPLIER_INFO_FIELDS,
} from './supplier-info-form';

describe('supplier info form mapping', () => {
  it('builds exactly the schema keys, empty fields as empty values', () => {
    const input = formValuesToInput({ name: 'x' });
    expect(Object.keys(input).sort()).toEqual([...SUPPLIER_INFO_FIELDS].sort());
    expect(input).toMatchObject({ name: 'x', uscc: '', phone: '', mainCategories: [] });
    expect(supplierInfoSchema.safeParse(formValuesToInput(VALID_INFO)).success).toBe(true);
  });

  it('maps zod issues to one message per field', () => {
    const result = supplierInfoSchema.safeParse(
      formValuesToInput({ name: '福州测试科技有限公司', bankAccountName: '别的公司', phone: 'abc' }),
    );
    expect(result.success).toBe(false);
    const errors = issuesToFieldErrors(result.error!.issues);
    const byName = Object.fromEntries(errors.map((e) => [e.name, e.errors]));
    expect(byName.name).toBeUndefined();
    expect(byName.legalPerson).toEqual(['请输入法定代表人']);
    expect(byName.contactMobile).toEqual(['请输入正确的手机号码']);
    expect(byName.phone).toEqual(['请输入正确的电话号码']);
    expect(byName.mainCategories).toEqual(['请至少选择一个主营品类']);
    expect(byName.uscc).toEqual(['统一社会信用代码格式不正确']);
    expect(errors.every((e) => e.errors.length === 1)).toBe(true);
  });

  it('reports the account-name rule on bankAccountName', () => {
    const result = supplierInfoSchema.safeParse(formValuesToInput({ ...VALID_INFO, bankAccountName: '别的公司' }));
    expect(issuesToFieldErrors(result.error!.issues)).toEqual([
      { name: 'bankAccountName', errors: ['账户名称必须与企业名称一致'] },
    ]);
  });

  it('maps the server error map, ignoring keys that are not fields', () => {
    expect(serverErrorsToFieldErrors({ uscc: '该统一社会信用代码已注册', _: 'x', email: 3 })).toEqual([
      { name: 'uscc', errors: ['该统一社会信用代码已注册'] },
    ]);
    expect(serverErrorsToFieldErrors(null)).toEqual([]);
  });

  it('prefills from a partial draft', () => {
    expect(
      draftToFormValues({
        name: 'A公司',
        uscc: VALID_INFO.uscc,
        legalPerson: null as unknown as string,
        mainCategories: 'a,b' as unknown as string[],
      }),
    ).toEqual({
      name: 'A公司',
      uscc: VALID_INFO.uscc,
      mainCategories: ['a', 'b'],
    });
    expect(draftToFormValues(null)).toEqual({});
  });
});
