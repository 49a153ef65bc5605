/**
 * The fixed overtime detail drawer (right, 35 %, "Overtime Detail"; spec 001 §2.4, §4.5). FOUNDATION STUB: the
 * fixed-overtime helper builds it; the list page opens it on a fixed row's click (`id` null = closed).
 */
export function FixedOvertimeDrawer(_props: { id: number | null; onClose: () => void; onChanged: () => void; onEdit: (id: number) => void }) {
  return null;
}
