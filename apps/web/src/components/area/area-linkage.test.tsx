import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { areaChildren, areaPath, areaText, areaTree, loadAreas } from './area-data';
import { AreaLinkage } from './area-linkage';

describe('area data (china-area-data, GB/T 2260)', () => {
  it('holds every province with its cities and districts', async () => {
    const map = await loadAreas();
    const provinces = areaChildren(map);
    expect(provinces.length).toBeGreaterThanOrEqual(31);
    expect(provinces.map((p) => p.label)).toEqual(expect.arrayContaining(['北京市', '广东省', '新疆维吾尔自治区']));
    expect(areaPath(map, '440305')).toEqual(['440000', '440300', '440305']);
    expect(areaText(map, '440305')).toBe('广东省/深圳市/南山区');
    expect(areaPath(map, '999999')).toEqual([]);
    expect(areaPath(map, '')).toEqual([]);
    const guangdong = areaTree(map).find((p) => p.value === '440000')!;
    expect(guangdong.children!.find((c) => c.value === '440300')!.children!.map((d) => d.label)).toContain('南山区');
  });
});

describe('AreaLinkage', () => {
  function Valued({ initial, type }: { initial: string; type: 'cascader' | 'select' }) {
    const [v, set] = useState(initial);
    return (
      <App>
        <AreaLinkage type={type} value={v} onChange={set} />
        <output data-testid="value">{v}</output>
      </App>
    );
  }

  it('select variant: a province, then its cities; another province clears the lower levels', async () => {
    render(<Valued initial="440305" type="select" />);
    const selects = () => within(screen.getByTestId('area-select')).getAllByRole('combobox');
    await waitFor(() => expect(screen.getByTestId('area-select').textContent).toContain('南山区'));
    expect(screen.getByTestId('area-select').textContent).toContain('广东省');
    fireEvent.mouseDown(selects()[0]!);
    fireEvent.click(await screen.findByText('河北省', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe('130000'));
    expect(screen.getByTestId('area-select').textContent).not.toContain('南山区');
    fireEvent.mouseDown(selects()[1]!);
    fireEvent.click(await screen.findByText('石家庄市', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe('130100'));
  });

  it('cascader variant shows the path of the stored code', async () => {
    render(<Valued initial="110101" type="cascader" />);
    await waitFor(() => expect(screen.getByTestId('area-cascader').textContent).toContain('东城区'));
    expect(screen.getByTestId('area-cascader').textContent).toContain('北京市');
  });
});
