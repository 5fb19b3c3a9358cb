import { defineDocumentFiles, listsFile } from '../files/document-files.js';
import { CHANGE_DOC_TYPE } from './change-service.js';

// a supplier's users read the evidence of its own change requests, also what a buyer
// filed on its behalf (initiatedBy BUYER); the buyer side reads them by the tenant rule.
export const changeRequestFiles = defineDocumentFiles(CHANGE_DOC_TYPE, {
  readableBy: async (db, user, path) =>
    !!user.supplierId &&
    !!(await db
      .selectFrom('supplierChangeRequest')
      .select('id')
      .where('supplierId', '=', user.supplierId)
      .where(listsFile('files', path))
      .executeTakeFirst()),
});
