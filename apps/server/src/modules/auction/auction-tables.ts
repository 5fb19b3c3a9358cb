/** Live reverse auctions (migration 0045, domain §12.2). */
export type AuctionLotStateTable = {
  lotId: string;
  eventId: string;
  tenantId: number;
  status: string;
  currentEndAt: string;
  extensionsUsed: number;
  /** bigint: pg returns it as a string. */
  totalExtensionMs: number | string;
  lastSeq: number;
  bestPrice: string | null;
  bestSupplierId: string | null;
  pausedAt: string | null;
  pauseReason: string | null;
  /** AUC-17: Σ latest price record × quantity of the lot's materials, recorded at close; null when one has none. */
  previousPrice: string | null;
  updateTime: string;
};

export type AuctionBidTable = {
  id: string;
  lotId: string;
  seq: number;
  supplierId: string;
  price: string;
  lines: string | null;
  receivedAt: string;
  status: string;
  clientRequestId: string;
  rankAfter: number | null;
  extendedEndAt: string | null;
  userId: string;
  voidedBy: string | null;
  voidReason: string | null;
  voidedAt: string | null;
};

export type AuctionAttemptLogTable = {
  id: string;
  lotId: string;
  supplierId: string;
  userId: string;
  price: string | null;
  clientRequestId: string | null;
  reason: string;
  message: string;
  attemptedAt: string;
};

export type AuctionTables = {
  auctionLotState: AuctionLotStateTable;
  auctionBid: AuctionBidTable;
  auctionAttemptLog: AuctionAttemptLogTable;
};
