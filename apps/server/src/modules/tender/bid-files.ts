import { defineDocumentFiles } from '../files/document-files.js';

/**
 * The attachments of sealed tender bids (issue 16 finding 5, X-11, TND-5). A file attached to a
 * bid is marked with its tender; it stays sealed until a bid of that tender listing it has its
 * technical envelope opened (the opening writes the file ids into `technicalFiles`). A file only
 * a superseded or withdrawn version held is never opened. Readers after opening are those of
 * the plain rule, so this type grants nobody anything.
 */
export const tenderBidFiles = defineDocumentFiles('TENDER_BID', {
  readableBy: async () => false,
  stillSealed: async (db, file) =>
    !(await db
      .selectFrom('tenderBid')
      .select('responseId')
      .where('eventId', '=', file.sealedEventId)
      .where('technicalOpenedAt', 'is not', null)
      // The opened list is a JSON array of ids (32 hex or 19 digits: no LIKE wildcards).
      .where('technicalFiles', 'like', `%"${file.id}"%`)
      .executeTakeFirst()),
});
