/**
 * The fixed overtime create/edit modal (spec 001 §5.6). FOUNDATION STUB: the fixed-overtime helper builds it; the
 * list page opens it from Add New (fixed users) and from a row's Edit. `onSaved` reloads the list.
 */
export function FixedOvertimeModal(_props: { open: boolean; editId?: number | null; onClose: () => void; onSaved: () => void }) {
  return null;
}
