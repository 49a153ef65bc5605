/**
 * The flexible overtime create/edit modal (spec 001 §3 Flexible create payload, §5.6). FOUNDATION STUB: the
 * flexible-overtime helper builds it; the list page opens it from Add New (flexible users) and the detail page from Edit.
 */
export function FlexibleOvertimeModal(_props: { open: boolean; editId?: number | null; onClose: () => void; onSaved: () => void }) {
  return null;
}
