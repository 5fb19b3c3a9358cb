import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { defineResource, sampleWorkflow } from '@procura/shared';
import { button, page, setup } from './resource-page-harness';
import { fail, ok, type FakeHandler } from '../test/fake-server';

/** A document with one line set: what the generic form's line editor is given (issue 17). */
const doc = defineResource({
  key: 'testLineDoc',
  table: 'test_line_doc',
  path: '/test/lineDoc',
  label: '测试单',
  permission: 'testLineDoc',
  capabilities: { import: false },
  fields: {
    title: { label: '标题', type: 'string', required: true, max: 50 },
    status: { label: '状态', type: 'string', readOnly: true },
  },
  workflow: {
    def: sampleWorkflow,
    status: 'status',
    editable: ['DRAFT'],
    lines: {
      lines: {
        label: '明细',
        table: 'test_line',
        parentColumn: 'doc_id',
        orderColumn: 'line_no',
        fields: {
          item: { label: '品名', type: 'string', required: true, max: 50 },
          qty: { label: '数量', type: 'decimal', required: true },
          amount: { label: '金额', type: 'decimal', readOnly: true },
        },
      },
    },
  },
});

const routes = (add: FakeHandler) => ({
  'GET /test/lineDoc/list': () => page([]),
  'GET /test/lineDoc/statusCount': () => ok({}),
  'POST /test/lineDoc/add': add,
});

async function openForm() {
  fireEvent.click(await waitFor(() => button(/新\s*增/)));
  return within(await screen.findByTestId('lines-editor-lines'));
}

describe('the draft form edits a document’s lines', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('adds and deletes rows, sends the remaining lines, and shows the server’s cell error beside its cell', async () => {
    const { server } = setup(
      doc,
      routes(() => fail(400, '数量超过可订数量', 400, { errors: { 'lines[0].qty': '数量超过可订数量' } })),
    );
    const editor = await openForm();
    fireEvent.click(editor.getByTestId('lines-lines-add'));
    fireEvent.click(editor.getByTestId('lines-lines-add'));
    const items = editor.getAllByPlaceholderText('请输入品名');
    const qtys = editor.getAllByPlaceholderText('请输入数量');
    expect(items).toHaveLength(2);
    // A read-only (server-computed) line field is not a column to type in.
    expect(editor.queryByPlaceholderText('请输入金额')).toBeNull();
    fireEvent.change(items[0]!, { target: { value: '螺栓' } });
    fireEvent.change(qtys[0]!, { target: { value: '2' } });
    fireEvent.change(items[1]!, { target: { value: '螺母' } });
    fireEvent.change(qtys[1]!, { target: { value: '3.5' } });
    fireEvent.click(editor.getByTestId('lines-lines-delete-0'));
    await waitFor(() => expect(editor.getAllByPlaceholderText('请输入品名')).toHaveLength(1));
    fireEvent.change(within(screen.getByTestId('resource-form')).getByPlaceholderText('请输入标题'), {
      target: { value: '五金' },
    });
    fireEvent.click(screen.getByTestId('resource-form-submit'));
    expect(await editor.findByText('数量超过可订数量')).toBeTruthy();
    expect(server.calls('POST /test/lineDoc/add')[0]!.body).toEqual({
      title: '五金',
      lines: [{ item: '螺母', qty: '3.5' }],
    });
    // The message sits in the row's qty cell.
    const cell = editor.getByText('数量超过可订数量').closest('td')!;
    expect(within(cell).getByPlaceholderText('请输入数量')).toBeTruthy();
  });

  it('checks each cell with the shared schema before sending; a set-level message shows under the table', async () => {
    const { server } = setup(
      doc,
      routes(() => fail(400, '请至少填写1行明细', 400, { errors: { lines: '请至少填写1行明细' } })),
    );
    const editor = await openForm();
    fireEvent.click(editor.getByTestId('lines-lines-add'));
    fireEvent.change(within(screen.getByTestId('resource-form')).getByPlaceholderText('请输入标题'), {
      target: { value: '五金' },
    });
    fireEvent.click(screen.getByTestId('resource-form-submit'));
    expect(await editor.findByText('请输入品名')).toBeTruthy();
    expect(editor.getByText('请输入数量')).toBeTruthy();
    expect(server.calls('POST /test/lineDoc/add')).toHaveLength(0);
    fireEvent.click(editor.getByTestId('lines-lines-delete-0'));
    fireEvent.click(screen.getByTestId('resource-form-submit'));
    expect((await editor.findByTestId('lines-lines-error')).textContent).toBe('请至少填写1行明细');
    expect(server.calls('POST /test/lineDoc/add')[0]!.body).toEqual({ title: '五金', lines: [] });
  });

  it('the detail shows each line set as a table, and an edit starts from the draft’s lines', async () => {
    const record = {
      id: 'd1',
      title: '五金',
      status: 'DRAFT',
      lines: [
        { id: 'l1', item: '螺栓', qty: '2', amount: '20.00' },
        { id: 'l2', item: '螺母', qty: '3.5', amount: '7.00' },
      ],
    };
    const { server } = setup(doc, {
      'GET /test/lineDoc/list': () => page([record]),
      'GET /test/lineDoc/statusCount': () => ok({}),
      'GET /test/lineDoc/queryById': () => ok(record),
      'GET /test/lineDoc/logs': () => ok([]),
      'PUT /test/lineDoc/edit': () => ok(null, '修改成功!'),
    });
    await screen.findByText('五金');
    fireEvent.click(within(screen.getByText('五金').closest('tr')!).getByText('详情'));
    const table = within(await screen.findByTestId('lines-lines'));
    expect(table.getByText('螺母')).toBeTruthy();
    expect(table.getByText('20.00')).toBeTruthy();
    fireEvent.click(document.querySelector<HTMLElement>('.ant-drawer-close')!);
    fireEvent.click(within(screen.getByText('五金').closest('tr')!).getByText('编辑'));
    const editor = within(await screen.findByTestId('lines-editor-lines'));
    expect(editor.getAllByPlaceholderText<HTMLInputElement>('请输入品名').map((i) => i.value)).toEqual([
      '螺栓',
      '螺母',
    ]);
    fireEvent.click(editor.getByTestId('lines-lines-delete-0'));
    fireEvent.click(screen.getByTestId('resource-form-submit'));
    await screen.findByText('修改成功!');
    expect(server.calls('PUT /test/lineDoc/edit')[0]!.body).toMatchObject({
      id: 'd1',
      lines: [{ item: '螺母', qty: '3.5' }],
    });
  });
});
