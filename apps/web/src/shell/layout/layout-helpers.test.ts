import { describe, expect, it } from 'vitest';
import { headerVisibleAfterScroll } from './use-auto-hide-header';
import { deviceFor } from './use-device';

describe('layout classes', () => {
  it('is desktop from 1088 px, mobile below, small below 768 px', () => {
    expect(deviceFor(1440)).toBe('desktop');
    expect(deviceFor(1088)).toBe('desktop');
    expect(deviceFor(1087)).toBe('mobile');
    expect(deviceFor(1000)).toBe('mobile');
    expect(deviceFor(768)).toBe('mobile');
    expect(deviceFor(767)).toBe('small');
    expect(deviceFor(375)).toBe('small');
  });
});

describe('auto-hiding header', () => {
  it('hides when scrolling down past 100 px and shows again when scrolling up or near the top', () => {
    expect(headerVisibleAfterScroll(0, 80, true)).toBe(true);
    expect(headerVisibleAfterScroll(80, 150, true)).toBe(false);
    expect(headerVisibleAfterScroll(150, 140, false)).toBe(true);
    expect(headerVisibleAfterScroll(150, 150, false)).toBe(false);
    expect(headerVisibleAfterScroll(400, 50, false)).toBe(true);
  });
});
