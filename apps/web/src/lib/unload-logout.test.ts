import { describe, expect, it, vi } from 'vitest';
import { installUnloadLogout, isRealClose } from './unload-logout';

describe('unload logout beacon', () => {
  it('counts an unload within 5 ms of beforeunload as a real close', () => {
    expect(isRealClose(100, 105)).toBe(true);
    expect(isRealClose(100, 106)).toBe(false);
    expect(isRealClose(null, 1)).toBe(false);
  });

  function setup(token: string | null) {
    let now = 1_000;
    const target = new EventTarget();
    const sendBeacon = vi.fn(() => true);
    const uninstall = installUnloadLogout({
      target: target as unknown as Window,
      now: () => now,
      token: () => token,
      url: () => '/jeecg-boot/sys/logoutV2',
      sendBeacon,
    });
    const fire = (type: string, at: number, persisted = false) => {
      now = at;
      const event = new Event(type);
      Object.defineProperty(event, 'persisted', { value: persisted });
      target.dispatchEvent(event);
    };
    return { fire, sendBeacon, uninstall };
  }

  it('posts the raw token to /sys/logoutV2 on a real close', () => {
    const { fire, sendBeacon } = setup('tok');
    fire('beforeunload', 2_000);
    fire('pagehide', 2_003);
    expect(sendBeacon).toHaveBeenCalledWith('/jeecg-boot/sys/logoutV2', 'tok');
  });

  it('sends nothing on a slow unload (reload), without a token, for a page kept in the back/forward cache, or once removed', () => {
    const slow = setup('tok');
    slow.fire('beforeunload', 2_000);
    slow.fire('pagehide', 2_050);
    expect(slow.sendBeacon).not.toHaveBeenCalled();

    const anonymous = setup(null);
    anonymous.fire('beforeunload', 2_000);
    anonymous.fire('pagehide', 2_001);
    expect(anonymous.sendBeacon).not.toHaveBeenCalled();

    // A page kept in the back/forward cache is not closed.
    const cached = setup('tok');
    cached.fire('beforeunload', 2_000);
    cached.fire('pagehide', 2_001, true);
    expect(cached.sendBeacon).not.toHaveBeenCalled();

    const removed = setup('tok');
    removed.uninstall();
    removed.fire('beforeunload', 2_000);
    removed.fire('pagehide', 2_001);
    expect(removed.sendBeacon).not.toHaveBeenCalled();
  });
});
