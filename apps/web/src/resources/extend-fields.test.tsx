import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { dataorgResource } from '@procura/shared';
import type { ExtendField } from '@procura/shared';
import { fail, ok } from '../test/fake-server';
import { extendDef } from './extend-fields';
import { button, page, setup } from './resource-page-harness';

const field = (over: Partial<ExtendField>): ExtendField => ({
  fieldName: 'taxNo',
  labelName: '税号',
  dataType: 'String',
  required: null,
  editProperty: null,
  width: null,
  ...over,
});

const ORGS = [
  {
    id: 'o1',
    code: 'HD01',
    name: '华东机构',
    description: null,
    taxNo: '9131',
    grade: 'A',
    createBy: 'admin',
    createTime: '2026-01-02 09:00:00',
    updateBy: null,
    updateTime: null,
  },
];
const FORM_FIELDS: ExtendField[] = [
  field({ required: 'true' }),
  field({ fieldName: 'founded', labelName: '成立日期', dataType: 'date' }),
  field({ fieldName: 'grade', labelName: '等级', editProperty: '2' }),
];

describe('configurable fields', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('are required when required is "true" or editProperty contains 1, read-only when it contains 2', () => {
    const ext = extendDef(
      dataorgResource,
      [
        field({ required: 'true' }),
        field({ fieldName: 'a', editProperty: '1' }),
        field({ fieldName: 'b', editProperty: '2', required: 'false' }),
        field({ fieldName: 'c', required: 'false' }),
      ],
      [],
    );
    expect(ext.def.fields.taxNo!.required).toBe(true);
    expect(ext.def.fields.a!.required).toBe(true);
    expect(ext.def.fields.c!.required).toBe(false);
    expect([...ext.readOnly]).toEqual(['b']);
    expect(extendDef(dataorgResource, [], []).def).toBe(dataorgResource);
  });

  it('join the list columns and search, and the form; their values go with the record in one edit', async () => {
    const { server, lastList } = setup(dataorgResource, {
      'GET /dataorg/bdDataorg/list': () => page(ORGS),
      'GET /extendField/getList': () => ok(FORM_FIELDS),
      'POST /formStyle/getList': () =>
        ok([
          { labelName: '税号', fieldName: 'taxNo', width: 160 },
          { labelName: '等级', fieldName: 'grade', width: 120 },
        ]),
      'PUT /dataorg/bdDataorg/edit': () => ok(null, '修改成功!'),
    });
    expect(await screen.findByText('9131')).toBeTruthy();
    expect(screen.getAllByText('税号').length).toBeGreaterThan(0);
    const search = within(screen.getByTestId('resource-search'));
    fireEvent.change(search.getByPlaceholderText('请输入税号'), { target: { value: '913' } });
    fireEvent.click(button(/查\s*询/));
    await waitFor(() => expect(lastList().get('taxNo')).toBe('*913*'));

    fireEvent.click(within(screen.getByText('华东机构').closest('tr')!).getByText('编辑'));
    const form = within(await screen.findByTestId('resource-form'));
    expect(form.getByPlaceholderText<HTMLInputElement>('请输入等级').disabled).toBe(true);
    fireEvent.change(form.getByPlaceholderText('请输入税号'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('resource-form-submit'));
    expect(await screen.findByText('请输入税号')).toBeTruthy();
    expect(server.calls('PUT /dataorg/bdDataorg/edit')).toHaveLength(0);
    fireEvent.change(form.getByPlaceholderText('请输入税号'), { target: { value: '9132' } });
    fireEvent.click(screen.getByTestId('resource-form-submit'));
    await waitFor(() => expect(server.calls('PUT /dataorg/bdDataorg/edit')).toHaveLength(1));
    const edit = server.calls('PUT /dataorg/bdDataorg/edit')[0]!.body as Record<string, unknown>;
    expect(edit).toMatchObject({ id: 'o1', code: 'HD01', name: '华东机构' });
    // Own fields at the top level, configurable ones (read-only 等级 left out) under extendValues.
    expect(Object.keys(edit)).not.toContain('taxNo');
    expect(edit.extendValues).toEqual({ taxNo: '9132', founded: null });
    expect(server.requests.filter((r) => r.url.pathname.includes('/extendField/') && r.method === 'POST')).toHaveLength(
      0,
    );
  });

  it('an add sends its values with the record; the server refusing one shows on its field and the drawer stays open', async () => {
    const { server } = setup(dataorgResource, {
      'GET /dataorg/bdDataorg/list': () => page(ORGS),
      'GET /extendField/getList': () => ok(FORM_FIELDS),
      'POST /formStyle/getList': () => ok([]),
      'POST /dataorg/bdDataorg/add': () =>
        fail(400, '成立日期的格式应为 YYYY-MM-DD', 400, { errors: { founded: '成立日期的格式应为 YYYY-MM-DD' } }),
    });
    await screen.findByText('华东机构');
    fireEvent.click(button(/新\s*增/));
    const form = within(await screen.findByTestId('resource-form'));
    fireEvent.change(form.getByPlaceholderText('请输入编码'), { target: { value: 'HB01' } });
    fireEvent.change(form.getByPlaceholderText('请输入名称'), { target: { value: '华北机构' } });
    fireEvent.change(form.getByPlaceholderText('请输入税号'), { target: { value: 'B1' } });
    fireEvent.click(screen.getByTestId('resource-form-submit'));
    await waitFor(() => expect(server.calls('POST /dataorg/bdDataorg/add')).toHaveLength(1));
    expect(server.calls('POST /dataorg/bdDataorg/add')[0]!.body).toEqual({
      code: 'HB01',
      name: '华北机构',
      description: null,
      extendValues: { taxNo: 'B1', founded: null },
    });
    expect(await form.findByText('成立日期的格式应为 YYYY-MM-DD')).toBeTruthy();
    expect(screen.getByTestId('resource-form')).toBeTruthy();
  });
});
