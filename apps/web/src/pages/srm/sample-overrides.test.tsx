import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { sampleRequestResource, supplierMaterialResource } from '@procura/shared';
import { codes, page, queryButton, setup } from '../../resources/resource-page-harness';
import { ok } from '../../test/fake-server';

/** 样品管理 / 送样申请 (domain §7): row commands by state and permission, and the forms of 寄出 (SMP-1) and 拒绝. */
const row = (status: string, code: string, extra: Record<string, unknown> = {}) => ({
  id: `id-${code}`,
  code,
  supplierId: 's1',
  supplierName: '华东精密机械有限公司',
  materialName: `样品${code}`,
  purpose: 'ADMISSION',
  qty: '5',
  unit: 'PCS',
  requiredBy: '2026-11-30',
  status,
  status_dictText: status,
  overdue: 0,
  createTime: '2026-11-23 09:00:00',
  ...extra,
});
const SUPPLIER = codes('sampleRequest', ['list', 'export', 'confirm', 'refuse', 'ship']);
const BUYER = codes('sampleRequest', [
  'list',
  'add',
  'edit',
  'delete',
  'deleteBatch',
  'export',
  'send',
  'cancel',
  'receive',
  'test',
  'close',
]);
const SHIP_METHODS = ok([
  { value: 'EXPRESS', text: '快递', title: '快递', label: '快递' },
  { value: 'HAND', text: '专人送达', title: '专人送达', label: '专人送达' },
]);

function open(records: unknown[], auth = SUPPLIER) {
  return setup(
    sampleRequestResource,
    {
      'GET /srm/sampleRequest/list': () => page(records),
      'GET /sys/dict/getDictItems/srm_sample_ship_method': () => SHIP_METHODS,
      'POST /srm/sampleRequest/ship': () => ok(null, '样品已寄出'),
      'POST /srm/sampleRequest/refuse': () => ok(null, '已拒绝送样'),
    },
    auth,
  );
}
const rowOf = async (code: string) => within((await screen.findByText(code)).closest('tr')!);

describe('送样申请 for a supplier', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers 确认送样 and 拒绝 on a sent request, 寄出 on a confirmed one, and nothing a buyer does', async () => {
    open([row('SENT', 'SMP-1'), row('CONFIRMED', 'SMP-2')]);
    const sent = await rowOf('SMP-1');
    expect(sent.queryByText('确认送样')).toBeTruthy();
    expect(sent.queryByText('拒绝')).toBeTruthy();
    expect(sent.queryByText('寄出')).toBeNull();
    const confirmed = await rowOf('SMP-2');
    expect(confirmed.queryByText('寄出')).toBeTruthy();
    for (const label of ['发送', '签收', '录入结果', '编辑', '删除']) expect(confirmed.queryByText(label)).toBeNull();
    expect(queryButton(/新\s*增/)).toBeNull();
  });

  it('calls only what a supplier may read: no supplier, material or category picker in its filters', async () => {
    const { server } = open([row('SENT', 'SMP-1')]);
    await rowOf('SMP-1');
    const paths = server.requests.map((r) => r.url.pathname);
    for (const buyerOnly of ['/supplier/list', '/srm/material/list', '/srm/materialCategory/tree'])
      expect(paths.filter((p) => p.endsWith(buyerOnly))).toEqual([]);
    expect(screen.queryByTestId('supplier-select')).toBeNull();
  });

  it('a buyer keeps the supplier picker among the filters', async () => {
    open([row('SENT', 'SMP-1')], BUYER.concat(codes('supplier', ['list'])));
    await rowOf('SMP-1');
    expect(within(screen.getByTestId('resource-search')).queryByTestId('supplier-select')).toBeTruthy();
  });

  it('SMP-1: 寄出 needs the tracking number before anything is sent, then posts carrier and number', async () => {
    const { server } = open([row('CONFIRMED', 'SMP-2')]);
    fireEvent.click((await rowOf('SMP-2')).getByText('寄出'));
    fireEvent.change(await screen.findByTestId('sample-ship-carrier'), { target: { value: '顺丰速运' } });
    fireEvent.click(screen.getByTestId('sample-ship-submit'));
    expect(await screen.findByText('请填写运单号')).toBeTruthy();
    expect(server.calls('POST /srm/sampleRequest/ship')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('sample-ship-tracking'), { target: { value: 'SF1234567890' } });
    fireEvent.click(screen.getByTestId('sample-ship-submit'));
    await waitFor(() => expect(server.calls('POST /srm/sampleRequest/ship')).toHaveLength(1));
    expect(server.calls('POST /srm/sampleRequest/ship')[0]!.body).toEqual({
      id: 'id-SMP-2',
      shipMethod: 'EXPRESS',
      carrier: '顺丰速运',
      trackingNo: 'SF1234567890',
    });
  });

  it('拒绝 needs a reason', async () => {
    const { server } = open([row('SENT', 'SMP-1')]);
    fireEvent.click((await rowOf('SMP-1')).getByText('拒绝'));
    fireEvent.click(await screen.findByTestId('sample-refuse-submit'));
    expect(await screen.findByText('请填写拒绝原因')).toBeTruthy();
    expect(server.calls('POST /srm/sampleRequest/refuse')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('sample-refuse-reason'), { target: { value: '该型号已停产' } });
    fireEvent.click(screen.getByTestId('sample-refuse-submit'));
    await waitFor(() =>
      expect(server.calls('POST /srm/sampleRequest/refuse')[0]?.body).toEqual({
        id: 'id-SMP-1',
        reason: '该型号已停产',
      }),
    );
  });
});

describe('送样申请 test report for the supplier (X-11)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('X-11: the detail lists the report files; a click downloads the file with the session token', async () => {
    const report = 'supplier/20261124/0123456789abcdef0123456789abcdef.pdf';
    const tested = row('TESTED', 'SMP-5', { testResult: 'PASS', testReport: '尺寸合格', testReportFiles: report });
    const { server } = setup(
      sampleRequestResource,
      {
        'GET /srm/sampleRequest/list': () => page([tested]),
        'GET /srm/sampleRequest/queryById': () => ok(tested),
        [`GET /sys/common/static/${report}`]: () => ({ body: '%PDF-1.4' }),
      },
      SUPPLIER,
    );
    const createObjectURL = vi.fn(() => 'blob:report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    fireEvent.click((await rowOf('SMP-5')).getByText('详情'));
    const files = await screen.findByTestId('sample-report-files');
    fireEvent.click(within(files).getByText('0123456789abcdef0123456789abcdef.pdf'));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const [call] = server.calls(`GET /sys/common/static/${report}`);
    expect(call!.headers['X-Access-Token']).toBe('tok');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });
});

describe('样品管理 for a buyer', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("marks a sent request past its date as overdue (SMP-4) and offers the buyer's commands only", async () => {
    open([row('SENT', 'SMP-3', { overdue: 1, requiredBy: '2026-11-01' }), row('SHIPPED', 'SMP-4')], BUYER);
    const late = await rowOf('SMP-3');
    expect(late.getByText('逾期')).toBeTruthy();
    expect(late.queryByText('取消')).toBeTruthy();
    expect(late.queryByText('确认送样')).toBeNull();
    const shipped = await rowOf('SMP-4');
    expect(shipped.queryByText('逾期')).toBeNull();
    expect(shipped.queryByText('签收')).toBeTruthy();
  });
});

describe('货源清单 (§3 SupplierMaterial, X-3, X-5)', () => {
  afterEach(() => vi.unstubAllGlobals());
  const source = (status: string, partNo: string) => ({
    id: `id-${partNo}`,
    supplierId: 's1',
    supplierName: '华东精密机械有限公司',
    materialId: 'm1',
    materialCode: 'MAT-20260101-0001',
    materialName: '冷轧钢板',
    supplierPartNo: partNo,
    status,
    status_dictText: status,
    createTime: '2026-11-23 09:00:00',
  });
  const openSources = (auth: ReturnType<typeof codes>) =>
    setup(
      supplierMaterialResource,
      {
        'GET /srm/supplierMaterial/list': () => page([source('ACTIVE', 'P-1'), source('BLOCKED', 'P-2')]),
        'POST /srm/supplierMaterial/block': () => ok(null, '货源已冻结'),
      },
      auth,
    );

  it('X-5: a supplier reads its rows with names, and gets no command, edit or 新增', async () => {
    openSources(codes('supplierMaterial', ['list', 'export']));
    const active = await rowOf('P-1');
    expect(active.getByText('华东精密机械有限公司')).toBeTruthy();
    expect(active.getByText('MAT-20260101-0001 冷轧钢板')).toBeTruthy();
    for (const label of ['冻结', '编辑', '删除']) expect(active.queryByText(label)).toBeNull();
    expect((await rowOf('P-2')).queryByText('解冻')).toBeNull();
    expect(queryButton(/新\s*增/)).toBeNull();
  });

  it("a supplier's 货源清单 never calls the buyer-only supplier or material lists", async () => {
    const { server } = openSources(codes('supplierMaterial', ['list', 'export']));
    await rowOf('P-1');
    const paths = server.requests.map((r) => r.url.pathname);
    expect(paths.filter((p) => p.endsWith('/supplier/list') || p.endsWith('/srm/material/list'))).toEqual([]);
  });

  it('X-3: a buyer blocks an active row with a reason; 解冻 is offered on a blocked one', async () => {
    const { server } = openSources(codes('supplierMaterial', ['list', 'add', 'edit', 'delete', 'export', 'status']));
    expect((await rowOf('P-2')).queryByText('冻结')).toBeNull();
    expect((await rowOf('P-2')).getByText('解冻')).toBeTruthy();
    fireEvent.click((await rowOf('P-1')).getByText('冻结'));
    fireEvent.click(await screen.findByTestId('source-block-submit'));
    expect(await screen.findByText('请填写冻结原因')).toBeTruthy();
    expect(server.calls('POST /srm/supplierMaterial/block')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('source-block-reason'), { target: { value: '来料质量问题' } });
    fireEvent.click(screen.getByTestId('source-block-submit'));
    await waitFor(() =>
      expect(server.calls('POST /srm/supplierMaterial/block')[0]?.body).toEqual({
        id: 'id-P-1',
        reason: '来料质量问题',
      }),
    );
  });
});
