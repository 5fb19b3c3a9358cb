import type { RequisitionDetail } from './requisition-api';

type LineValues = {
  materialId?: string | null;
  description?: string;
  spec?: string;
  categoryId?: string | null;
  qty?: string;
  unit?: string;
  needByDate?: string;
  estimatedUnitPrice?: string;
  deliveryPlace?: string;
  remark?: string;
};
export type RequisitionValues = {
  title?: string;
  purchaseType?: string;
  urgency?: string;
  urgentReason?: string;
  reason?: string;
  deliveryPlace?: string;
  buyerId?: string | null;
  remark?: string;
  lines?: LineValues[];
};

/** Turns the server's `lines.0.qty` field keys into form paths. */
export function fieldPath(key: string): (string | number)[] {
  return key.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** The form's values for a requisition being edited: a line with a material keeps only its own description. */
export function editValuesOf(editing: RequisitionDetail): RequisitionValues {
  return {
    title: editing.title,
    purchaseType: editing.purchaseType,
    urgency: editing.urgency,
    urgentReason: editing.urgentReason ?? undefined,
    reason: editing.reason ?? undefined,
    deliveryPlace: editing.deliveryPlace ?? undefined,
    buyerId: editing.buyerId,
    remark: editing.remark ?? undefined,
    lines: editing.lines.map((l) => ({
      materialId: l.materialId,
      description: l.materialId ? (l.description ?? undefined) : (l.description ?? l.materialName ?? undefined),
      spec: l.spec ?? undefined,
      categoryId: l.categoryId,
      qty: l.qty,
      unit: l.unit,
      needByDate: l.needByDate,
      estimatedUnitPrice: l.estimatedUnitPrice ?? undefined,
      deliveryPlace: l.deliveryPlace ?? undefined,
      remark: l.remark ?? undefined,
    })),
  };
}
