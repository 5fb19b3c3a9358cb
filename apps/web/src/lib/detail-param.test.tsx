import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { detailHref, tabKeyOf, useDetailParam } from './detail-param';

describe('detail in the address (issue 19 #9)', () => {
  it('keeps the detail parameter out of the tab key and puts it back in the address', () => {
    expect(tabKeyOf('/srm/rfq', '?open=42')).toBe('/srm/rfq');
    expect(tabKeyOf('/srm/rfq', '?type=A&open=42')).toBe('/srm/rfq?type=A');
    expect(tabKeyOf('/srm/rfq', '?type=A')).toBe('/srm/rfq?type=A');
    expect(detailHref('/srm/rfq', '42')).toBe('/srm/rfq?open=42');
    expect(detailHref('/srm/rfq?type=A', '7')).toBe('/srm/rfq?type=A&open=7');
  });

  function Page() {
    const [id, show] = useDetailParam();
    return (
      <div>
        <span data-testid="shown">{id ?? 'none'}</span>
        <button onClick={() => show('42')}>open</button>
        <button onClick={() => show(null)}>close</button>
      </div>
    );
  }

  it('opens from the address, follows Back, and ignores other pages’ addresses', async () => {
    const router = createMemoryRouter(
      [
        { path: '/list', element: <Page /> },
        { path: '/other', element: <span>other</span> },
      ],
      { initialEntries: ['/list?open=9'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByTestId('shown').textContent).toBe('9');
    act(() => screen.getByText('close').click());
    expect(router.state.location.search).toBe('');
    expect(screen.getByTestId('shown').textContent).toBe('none');
    act(() => screen.getByText('open').click());
    expect(router.state.location.search).toBe('?open=42');
    expect(screen.getByTestId('shown').textContent).toBe('42');
    await act(() => router.navigate(-1));
    expect(screen.getByTestId('shown').textContent).toBe('none');
  });
});
