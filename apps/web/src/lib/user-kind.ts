import { IS_SHOW_MUST_COMPLETE } from '@procura/shared';
import type { UserInfo } from '@procura/shared';

/** Supplier user type in UserInfo.userType (1 is internal). */
export const SUPPLIER_USER_TYPE = 2;

/**
 * A user is a supplier by the user record (userType, supplierId, isShow 2) or, as the spec's
 * second reading says, when the supplier-info call returned a profile.
 */
export function isSupplierUser(userInfo: UserInfo | null, supplierProfile?: unknown): boolean {
  if (supplierProfile !== undefined && supplierProfile !== null) return true;
  if (!userInfo) return false;
  return (
    userInfo.userType === SUPPLIER_USER_TYPE ||
    Boolean(userInfo.supplierId) ||
    userInfo.isShow === IS_SHOW_MUST_COMPLETE
  );
}

export function userKindLabel(isSupplier: boolean): string {
  return isSupplier ? '供应商' : '内部用户';
}
