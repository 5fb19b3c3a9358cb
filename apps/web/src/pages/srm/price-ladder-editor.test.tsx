import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ladderProblem, ladderText, PriceLadderEditor } from './price-ladder-editor';

function Harness({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <PriceLadderEditor value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('阶梯价 row editor (MAT-5)', () => {
  it('adds and removes breaks as rows of from-quantity and price, keeping the server text', () => {
    render(<Harness initial="" />);
    expect(screen.getByText('未设置阶梯价，按单价计价')).toBeTruthy();
    fireEvent.click(screen.getByTestId('price-ladder-add'));
    // The first break starts at 0 and cannot be moved.
    expect(screen.getByLabelText<HTMLInputElement>('第1档起订量').value).toBe('0');
    expect(screen.getByLabelText<HTMLInputElement>('第1档起订量').disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('第1档单价'), { target: { value: '10.50' } });
    fireEvent.click(screen.getByTestId('price-ladder-add'));
    fireEvent.change(screen.getByLabelText('第2档起订量'), { target: { value: '100' } });
    fireEvent.change(screen.getByLabelText('第2档单价'), { target: { value: '9.80' } });
    expect(JSON.parse(screen.getByTestId('value').textContent!)).toEqual([
      { fromQty: '0', unitPrice: '10.50' },
      { fromQty: '100', unitPrice: '9.80' },
    ]);
    fireEvent.click(screen.getByLabelText('删除第2档'));
    expect(JSON.parse(screen.getByTestId('value').textContent!)).toEqual([{ fromQty: '0', unitPrice: '10.50' }]);
    fireEvent.click(screen.getByLabelText('删除第1档'));
    expect(screen.getByTestId('value').textContent).toBe('');
  });

  it('checks ascending quantities, a first break at 0 and numbers, in Chinese', () => {
    const ladder = (...rows: [string, string][]) =>
      JSON.stringify(rows.map(([fromQty, unitPrice]) => ({ fromQty, unitPrice })));
    expect(ladderProblem('')).toBeNull();
    expect(ladderProblem(ladder(['0', '10'], ['100', '9']))).toBeNull();
    expect(ladderProblem(ladder(['0', '10'], ['100', '9'], ['100', '8']))).toBe('第3档：阶梯价的起订量必须严格递增');
    expect(ladderProblem(ladder(['0', '10'], ['50', '9'], ['20', '8']))).toBe('第3档：阶梯价的起订量必须严格递增');
    expect(ladderProblem(ladder(['5', '10']))).toBe('第一档阶梯价的起订量必须为 0');
    expect(ladderProblem(ladder(['0', '']))).toBe('第1档：起订量和单价必须是不小于0的数字');
    expect(ladderText(ladder(['0', '10.50'], ['100', '9.80']))).toBe('≥0：10.50；≥100：9.80');
  });
});
