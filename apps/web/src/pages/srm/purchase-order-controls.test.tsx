import { afterEach, describe, expect, it, vi } from 'vitest';
import { Form } from 'antd';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { purchaseOrderLines, purchaseOrderResource } from '@procura/shared';
import { createSessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { persistedSession } from '../../lib/session-persistence';
import { LinesEditor } from '../../resources/workflow-lines';
import { fakeServer, ok } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { purchaseOrderOverrides } from './purchase-order-overrides';

const controls = purchaseOrderOverrides[purchaseOrderResource.key]!.formControls!;
const contract = { id: 'c1', code: 'CT-1', title: '钢材框架协议', supplierId: 's1' };
const contractLine = {
  id: 'cl1',
  lineNo: 1,
  materialId: 'm1',
  materialName: '冷轧钢板',
  spec: '1.0mm',
  unit: 'TON',
  qty: '500',
  unitPrice: '4200',
  taxRate: '13',
};

function renderOrderForm() {
  persistedSession.setToken('tok');
  const server = fakeServer({
    'GET /srm/contract/list': () => ok({ records: [contract], total: 1 }),
    'GET /srm/contract/queryById': () => ok({ ...contract, lines: [contractLine] }),
    'GET /srm/material/list': () => ok({ records: [{ id: 'm1', code: 'M-001', name: '冷轧钢板' }], total: 1 }),
    'GET /supplier/list': () => ok({ records: [{ id: 's1', name: '华东钢铁' }], total: 1 }),
  });
  vi.stubGlobal('fetch', server.fetch);
  let form: ReturnType<typeof Form.useForm>[0] | undefined;
  function OrderForm() {
    const [f] = Form.useForm();
    form = f;
    return (
      <Form form={f} initialValues={{ supplierId: 's1', lines: [{}] }}>
        <Form.Item name="supplierId" label="供应商">
          {controls.supplierId!(purchaseOrderResource.fields.supplierId, false)}
        </Form.Item>
        <Form.Item name="contractId" label="合同">
          {controls.contractId!(purchaseOrderResource.fields.contractId, false)}
        </Form.Item>
        <LinesEditor name="lines" set={purchaseOrderLines} controls={controls} />
      </Form>
    );
  }
  renderWithProviders(<OrderForm />, { store: createSessionStore(http) });
  return { server, form: () => form! };
}

const openSelect = (testId: string) => fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
const option = (text: string) => screen.findByText(text, { selector: '.ant-select-item-option-content' });

/** 采购订单's form: pickers for 合同, 合同行 and 物料 instead of id boxes (CON-4, CON-5). */
describe('purchase order form pickers', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("CON-4/CON-5: the supplier's active contracts, then that contract's lines, filling material, unit and price", async () => {
    const { server, form } = renderOrderForm();
    // Before a contract is chosen the contract line cannot be picked.
    const lineSelect = await screen.findByTestId('contract-line-select-0');
    expect(within(lineSelect).getByRole('combobox').hasAttribute('disabled')).toBe(true);
    openSelect('contract-select');
    fireEvent.click(await option('CT-1 钢材框架协议'));
    await waitFor(() => expect(form().getFieldValue('contractId')).toBe('c1'));
    const asked = server.calls('GET /srm/contract/list')[0]!.url.searchParams;
    expect([asked.get('status'), asked.get('supplierId')]).toEqual(['ACTIVE', 's1']);
    await waitFor(() =>
      expect(within(screen.getByTestId('contract-line-select-0')).getByRole('combobox').hasAttribute('disabled')).toBe(
        false,
      ),
    );
    openSelect('contract-line-select-0');
    fireEvent.click(await option('第1行 冷轧钢板 1.0mm ¥4200'));
    await waitFor(() =>
      expect(form().getFieldValue(['lines', 0])).toMatchObject({
        contractLineId: 'cl1',
        materialId: 'm1',
        unit: 'TON',
        unitPrice: '4200',
        taxRate: '13',
      }),
    );
    // The material cell is a picker showing code and name, not an id box.
    const material = within(screen.getByTestId('lines-editor-lines')).getAllByTestId('material-select')[0]!;
    await waitFor(() => expect(material.textContent).toContain('M-001 冷轧钢板'));
  });
});
