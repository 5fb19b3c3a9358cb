import type { MenuSeed } from '../manifest.js';

/** The module's menus and buttons with their permission codes, and the roles that hold them (base data). */
export const auctionMenus: MenuSeed[] = [
  {
    key: 'auction',
    name: '竞价管理',
    url: '/srm/auction',
    component: 'srm/AuctionList',
    menuType: 0,
    perms: 'srm:auction:list',
    icon: 'FileTextOutlined',
    sortNo: 15,
    keepAlive: true,
    roles: ['admin', 'buyer'],
  },
  // Live reverse auctions (domain §12): buyers create, run (start/pause/resume/close) and void bids; suppliers bid with srm:sourcing:supplier.
  ...(
    [
      ['list', '查看竞价'],
      ['add', '新建竞价单'],
      ['run', '开始、暂停、恢复、结束竞价'],
      ['void', '作废报价'],
    ] as [string, string][]
  ).map(([action, name], i): MenuSeed => ({
    key: `auction.${action}`,
    parent: 'auction',
    name,
    menuType: 2,
    perms: `srm:auction:${action}`,
    sortNo: 30 + i,
    roles: ['admin', 'buyer'],
  })),
  {
    key: 'myAuction',
    name: '我的竞价',
    url: '/srm/my-auction',
    component: 'srm/MyAuction',
    menuType: 0,
    perms: 'srm:sourcing:supplier',
    icon: 'FileTextOutlined',
    sortNo: 27,
    keepAlive: true,
    roles: ['supplier'],
  },
];
