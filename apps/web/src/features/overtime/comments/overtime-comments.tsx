/**
 * Comments of an overtime request, either kind (spec 001 §7.3 `PUT /tms/overtime-request/{requestId}/{receiver_id}/comment`;
 * §6 only the author edits or deletes one). FOUNDATION STUB: the fixed-overtime helper builds it; the fixed drawer and
 * the flexible detail page both show it.
 */
export function OvertimeComments(_props: { requestId: number; receiverEmployeeId?: number | null }) {
  return null;
}
