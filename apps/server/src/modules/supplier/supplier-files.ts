import { defineDocumentFiles, listsFile } from '../files/document-files.js';

// every account of a supplier reads its company's business licence and certificate files,
// whichever of its accounts uploaded them; the buyer side reads them by the tenant rule.
export const supplierProfileFiles = defineDocumentFiles('SUPPLIER_PROFILE', {
  readableBy: async (db, user, path) => {
    if (!user.supplierId) return false;
    const licence = await db
      .selectFrom('supplier')
      .select('id')
      .where('id', '=', user.supplierId)
      .where(listsFile('businessLicenseFile', path))
      .executeTakeFirst();
    if (licence) return true;
    const certificate = await db
      .selectFrom('supplierQualification')
      .select('id')
      .where('supplierId', '=', user.supplierId)
      .where(listsFile('files', path))
      .executeTakeFirst();
    return !!certificate;
  },
});
