import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { createSessionStore } from './auth-store';
import { clientFor, fakeServer } from '../test/fake-server';
import { renderWithProviders } from '../test/render';
import {
  createUnsavedRegistry,
  installBeforeUnloadPrompt,
  LEAVE_CONFIRM_MESSAGE,
  unsavedRegistry,
  useUnsavedChanges,
} from './unsaved-changes';

const location = () => screen.getByTestId('location').textContent;

function Editor() {
  const [text, setText] = useState('');
  const release = useUnsavedChanges(text !== '');
  return (
    <>
      <input aria-label="text" value={text} onChange={(e) => setText(e.target.value)} />
      <button type="button" onClick={release}>
        saved
      </button>
    </>
  );
}

describe('unsaved changes registry', () => {
  it('tracks dirty pages by path and forgets them when released or discarded', () => {
    const registry = createUnsavedRegistry();
    const a = Symbol('a');
    const b = Symbol('b');
    expect(registry.isDirty()).toBe(false);
    registry.mark(a, '/isystem/user/');
    registry.mark(b, '/srm/supplier/list');
    expect(registry.isDirty('/isystem/user')).toBe(true);
    expect(registry.isDirty('/dashboard/workbench')).toBe(false);
    registry.release(a);
    expect(registry.isDirty('/isystem/user')).toBe(false);
    registry.discard('/srm/supplier/list');
    expect(registry.isDirty()).toBe(false);
  });

  it('makes the browser ask before unloading only while something is dirty', () => {
    const registry = createUnsavedRegistry();
    const target = new EventTarget();
    const remove = installBeforeUnloadPrompt(target as unknown as Window, registry);
    const fire = () => {
      const event = new Event('beforeunload', { cancelable: true }) as BeforeUnloadEvent;
      target.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(fire()).toBe(false);
    registry.mark(Symbol('x'), '/a');
    expect(fire()).toBe(true);
    remove();
    expect(fire()).toBe(false);
  });
});

describe('useUnsavedChanges', () => {
  afterEach(() => unsavedRegistry.clear());
  const store = () => createSessionStore(clientFor(fakeServer({})));

  it('asks before an in-app navigation away from a dirty page; cancel stays, OK leaves', async () => {
    const { router } = renderWithProviders(<Editor />, { route: '/edit', store: store() });
    const blockerState = () => [...router.state.blockers.values()][0]?.state;
    fireEvent.change(screen.getByLabelText('text'), { target: { value: 'draft' } });
    await waitFor(() => expect(unsavedRegistry.isDirty('/edit')).toBe(true));

    act(() => void router.navigate('/elsewhere'));
    expect(await screen.findByText(LEAVE_CONFIRM_MESSAGE)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(blockerState()).toBe('unblocked'));
    expect(location()).toBe('/edit');

    act(() => void router.navigate('/elsewhere'));
    // Held again (the cancelled dialog may linger hidden while it animates out).
    await waitFor(() => expect(blockerState()).toBe('blocked'));
    expect(location()).toBe('/edit');
    const ok = screen.getAllByRole('button', { name: /确\s*定/ });
    fireEvent.click(ok[ok.length - 1]!);
    await waitFor(() => expect(location()).toBe('/elsewhere'));
    expect(unsavedRegistry.isDirty()).toBe(false);
  });

  it('lets a navigation through without asking once the data was saved (release)', async () => {
    const { router } = renderWithProviders(<Editor />, { route: '/edit', store: store() });
    fireEvent.change(screen.getByLabelText('text'), { target: { value: 'draft' } });
    await waitFor(() => expect(unsavedRegistry.isDirty('/edit')).toBe(true));
    fireEvent.click(screen.getByText('saved'));
    act(() => void router.navigate('/elsewhere'));
    await waitFor(() => expect(location()).toBe('/elsewhere'));
    expect(screen.queryByText(LEAVE_CONFIRM_MESSAGE)).toBeNull();
  });

  it('does not ask for a clean page or a change of query only', async () => {
    const { router } = renderWithProviders(<Editor />, { route: '/edit', store: store() });
    act(() => void router.navigate('/edit?tab=2'));
    await waitFor(() => expect(location()).toBe('/edit?tab=2'));
    act(() => void router.navigate('/elsewhere'));
    await waitFor(() => expect(location()).toBe('/elsewhere'));
  });
});
