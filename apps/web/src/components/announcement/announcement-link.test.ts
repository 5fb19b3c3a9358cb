import { describe, expect, it } from 'vitest';
import { announcementLinkTarget } from './announcement-link';

describe('links inside an announcement', () => {
  it('lead to the purchase order list with the link id as bizId', () => {
    expect(announcementLinkTarget('/purchase/order/detail?bizId=PO-1', null)).toEqual({
      kind: 'route',
      to: '/purchase/order/list?bizId=PO-1',
    });
    expect(announcementLinkTarget('/anything?id=42', null)).toEqual({
      kind: 'route',
      to: '/purchase/order/list?bizId=42',
    });
    expect(announcementLinkTarget('https://erp.example.com/o?bizId=a b', null)).toEqual({
      kind: 'route',
      to: '/purchase/order/list?bizId=a+b',
    });
    // JeecgBoot put the id on the <a> element itself.
    expect(announcementLinkTarget(null, 'PO-7')).toEqual({ kind: 'route', to: '/purchase/order/list?bizId=PO-7' });
    expect(announcementLinkTarget('#', 'PO-8')).toEqual({ kind: 'route', to: '/purchase/order/list?bizId=PO-8' });
  });

  it('route other in-app paths and open web addresses outside', () => {
    expect(announcementLinkTarget('/srm/supplier/list', null)).toEqual({ kind: 'route', to: '/srm/supplier/list' });
    expect(announcementLinkTarget('https://www.example.com/help', null)).toEqual({
      kind: 'external',
      url: 'https://www.example.com/help',
    });
  });

  it('ignore links that go nowhere or off-site in disguise', () => {
    expect(announcementLinkTarget(null, null)).toBeNull();
    expect(announcementLinkTarget('#', '')).toBeNull();
    expect(announcementLinkTarget('//evil.example/x', null)).toBeNull();
    expect(announcementLinkTarget('mailto:a@b.c', null)).toBeNull();
  });
});
