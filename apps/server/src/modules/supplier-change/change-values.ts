import {
  CHANGE_FIELD_KEYS,
  CHANGE_FIELDS,
  CHANGE_SECTION_LABELS,
  CONTACT_FIELD_KEYS,
  CONTACT_FIELDS,
  type ChangeContact,
  type ChangeField,
  type ChangeFormValues,
  type ChangeValue,
  type ContactField,
} from '@procura/shared';
import { badRequest, notFound } from '../../core/errors.js';
import type { Db } from '../../db/database.js';

/** The profile as a change request sees it, plus what approval needs to apply against it. */
export type Current = ChangeFormValues & {
  contacts: (ChangeContact & { id: string })[];
  version: number;
  bankId: string | null;
};

/** The controlled values as they stand now (read through the caller's transaction). */
export async function currentValues(db: Db, supplierId: string): Promise<Current> {
  const s = await db
    .selectFrom('supplier')
    .select(['name', 'uscc', 'legalPerson', 'version'])
    .where('id', '=', supplierId)
    .executeTakeFirst();
  if (!s) throw notFound('供应商不存在');
  const bank = await db
    .selectFrom('supplierBankAccount')
    .select(['id', 'bankName', 'accountName', 'accountNo'])
    .where('supplierId', '=', supplierId)
    .where('isPrimary', '=', 1)
    .executeTakeFirst();
  const contacts = await db
    .selectFrom('supplierContact')
    .select(['id', 'name', 'mobile', 'email', 'role', 'isPrimary'])
    .where('supplierId', '=', supplierId)
    .orderBy('isPrimary', 'desc')
    .orderBy('createTime')
    .orderBy('id')
    .execute();
  return {
    name: s.name,
    uscc: s.uscc ?? '',
    legalPerson: s.legalPerson ?? '',
    bankName: bank?.bankName ?? '',
    bankAccountName: bank?.accountName ?? '',
    bankAccountNo: bank?.accountNo ?? '',
    contacts: contacts.map((c) => ({
      id: c.id,
      name: c.name,
      mobile: c.mobile,
      email: c.email ?? '',
      role: c.role as ChangeContact['role'],
      isPrimary: c.isPrimary === 1,
    })),
    version: s.version,
    bankId: bank?.id ?? null,
  };
}

/** A contact field as stored in a change (the primary flag as 1/0). */
const contactText = (c: Partial<ChangeContact>, f: ContactField): string =>
  f === 'isPrimary' ? (c.isPrimary ? '1' : '0') : String(c[f] ?? '');

function contactChanges(current: Current['contacts'], wanted: readonly ChangeContact[]): ChangeValue[] {
  const out: ChangeValue[] = [];
  const byId = new Map(current.map((c) => [c.id, c]));
  let added = 0;
  for (const c of wanted) {
    if (c.id) {
      const old = byId.get(c.id);
      // Only this supplier's contacts can be edited; a stale form names one that is gone.
      if (!old) throw badRequest('联系人不存在，请刷新后重试', { contacts: '联系人不存在，请刷新后重试' });
      for (const f of CONTACT_FIELD_KEYS) {
        if (contactText(old, f) !== contactText(c, f))
          out.push({
            section: 'CONTACT',
            field: `contact.${f}`,
            label: `联系人「${old.name}」${CONTACT_FIELDS[f]}`,
            oldValue: contactText(old, f),
            newValue: contactText(c, f),
            entityId: c.id,
            op: 'UPDATE',
          });
      }
    } else {
      added += 1;
      for (const f of CONTACT_FIELD_KEYS) {
        if (contactText(c, f) !== '')
          out.push({
            section: 'CONTACT',
            field: `contact.${f}`,
            label: `新增联系人「${c.name}」${CONTACT_FIELDS[f]}`,
            oldValue: '',
            newValue: contactText(c, f),
            entityId: `new:${added}`,
            op: 'ADD',
          });
      }
    }
  }
  const kept = new Set(wanted.map((c) => c.id).filter(Boolean));
  for (const old of current.filter((c) => !kept.has(c.id))) {
    for (const f of CONTACT_FIELD_KEYS) {
      if (contactText(old, f) !== '')
        out.push({
          section: 'CONTACT',
          field: `contact.${f}`,
          label: `删除联系人「${old.name}」${CONTACT_FIELDS[f]}`,
          oldValue: contactText(old, f),
          newValue: '',
          entityId: old.id,
          op: 'REMOVE',
        });
    }
  }
  return out;
}

/** The field-by-field differences between the wanted values and the current profile. */
export function diffValues(
  current: Current,
  wanted: Record<ChangeField, string> & { contacts?: readonly ChangeContact[] | undefined },
): ChangeValue[] {
  const fields: ChangeValue[] = CHANGE_FIELD_KEYS.filter((f) => wanted[f] !== current[f]).map((f) => ({
    section: CHANGE_FIELDS[f].section,
    field: f,
    label: CHANGE_FIELDS[f].label,
    oldValue: current[f],
    newValue: wanted[f],
  }));
  return wanted.contacts ? [...fields, ...contactChanges(current.contacts, wanted.contacts)] : fields;
}

/** The CONTACT changes grouped per contact, in the order they were asked. */
export function contactOps(
  changes: readonly ChangeValue[],
): { entityId: string; op: 'ADD' | 'UPDATE' | 'REMOVE'; values: Partial<Record<ContactField, string>> }[] {
  const groups = new Map<
    string,
    { entityId: string; op: 'ADD' | 'UPDATE' | 'REMOVE'; values: Partial<Record<ContactField, string>> }
  >();
  for (const c of changes) {
    if (c.section !== 'CONTACT' || !c.entityId || !c.op) continue;
    const g = groups.get(c.entityId) ?? { entityId: c.entityId, op: c.op, values: {} };
    g.values[c.field.slice('contact.'.length) as ContactField] = c.newValue;
    groups.set(c.entityId, g);
  }
  return [...groups.values()];
}

/** What a draft wants: the current profile with the draft's changes laid over it (the edit form starts there). */
export function wantedValues(current: Current, changes: readonly ChangeValue[]): ChangeFormValues {
  const out: ChangeFormValues = {
    ...Object.fromEntries(CHANGE_FIELD_KEYS.map((f) => [f, current[f]])),
    contacts: current.contacts.map((c) => ({ ...c })),
  } as ChangeFormValues;
  for (const c of changes) if (c.field in CHANGE_FIELDS) out[c.field as ChangeField] = c.newValue;
  for (const g of contactOps(changes)) {
    if (g.op === 'REMOVE') out.contacts = out.contacts.filter((c) => c.id !== g.entityId);
    const fields = {
      ...g.values,
      ...(g.values.isPrimary !== undefined ? { isPrimary: g.values.isPrimary === '1' } : {}),
    } as Partial<ChangeContact>;
    if (g.op === 'UPDATE') out.contacts = out.contacts.map((c) => (c.id === g.entityId ? { ...c, ...fields } : c));
    if (g.op === 'ADD')
      out.contacts.push({ name: '', mobile: '', email: '', role: 'BUSINESS', isPrimary: false, ...fields });
  }
  return out;
}

/** The stored changes of a request (a JSON array of ChangeValue); anything else reads as none. */
export function parseChanges(json: string): ChangeValue[] {
  return parseList(json) as ChangeValue[];
}

function parseList(json: string): unknown[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

/**
 * A request as the generic list and detail show it (the decorate hook): the sections and the
 * changed values as data (never as stored JSON), no submission time while a draft, and when it
 * was last saved.
 */
export function toRow(r: Record<string, unknown>): Record<string, unknown> {
  const sections = parseList(String(r.sections ?? '[]')).map(String);
  return {
    ...r,
    sections,
    sectionsText: sections.map((x) => CHANGE_SECTION_LABELS[x] ?? x).join('、'),
    changes: parseChanges(String(r.changes ?? '[]')),
    submittedAt: r.status === 'DRAFT' ? null : (r.submittedAt ?? null),
    updatedAt: r.updateTime ?? r.submittedAt ?? null,
  };
}
