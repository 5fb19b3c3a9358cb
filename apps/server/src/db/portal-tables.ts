import type { AuditColumns } from './audit-columns.js';

/** Tables of the public portal: purchase and result announcements, news, sign-ups, page configuration. */

/** 采购公告 on the portal (domain §23): draft, published, closed, withdrawn. Times stored in UTC. */
export type PortalPurchaseAnnouncementTable = AuditColumns & {
  id: string;
  type: string;
  title: string;
  code: string | null;
  purchasingEntity: string | null;
  purchaseProduct: string | null;
  purchaseMethod: string | null;
  purchaseType: string | null;
  signupStart: string | null;
  signupDeadline: string | null;
  responseDeadline: string | null;
  plannedStart: string | null;
  content: string | null;
  contact: string | null;
  status: string;
  withdrawReason: string | null;
  publishTime: string | null;
  sourcingEventId: string | null;
  tenantId: number;
};

/** 结果公告: `supplierList` is a JSON array of `{title, name}`. */
export type PortalResultAnnouncementTable = AuditColumns & {
  id: string;
  type: string;
  title: string;
  content: string | null;
  projectName: string | null;
  bidCode: string | null;
  company: string | null;
  supplierList: string | null;
  status: string;
  publishTime: string | null;
  announcementId: string | null;
  sourcingEventId: string | null;
  tenantId: number;
};

export type PortalNewsTable = AuditColumns & {
  id: string;
  title: string;
  content: string | null;
  type: string;
  newsDate: string;
  status: string;
};

/** A supplier's sign-up through the portal (SRC-4), once per announcement and supplier. */
export type PortalSignupTable = {
  id: string;
  announcementId: string;
  sourcingEventId: string | null;
  supplierId: string;
  userId: string;
  status: string;
  createTime: string;
};

/** The saved page configuration of a portal template (`se`, `pro`), JSON. */
export type PortalConfigTable = {
  template: string;
  config: string;
  updateBy: string | null;
  updateTime: string | null;
};

/** Site-wide portal settings (migration 0071), e.g. `enabledTemplate`. */
export type PortalSettingTable = {
  settingKey: string;
  settingValue: string;
  updateBy: string | null;
  updateTime: string | null;
};

export type PortalTables = {
  portalPurchaseAnnouncement: PortalPurchaseAnnouncementTable;
  portalResultAnnouncement: PortalResultAnnouncementTable;
  portalNews: PortalNewsTable;
  portalSignup: PortalSignupTable;
  portalConfig: PortalConfigTable;
  portalSetting: PortalSettingTable;
};
