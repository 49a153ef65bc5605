import { REQUEST_TYPE_NAMES } from '@tms/contracts/requests';
import { SPECIAL_EXPLANATION_MESSAGES as M } from '@tms/contracts/special-explanation';

/** Special Explanation (English, the source; spec 001 §2.7, §5.3): the spec's texts verbatim from the contracts. */
export const en = {
  title: 'Special Explanation',
  create: 'Create',
  import: 'Import to Excel',
  empty: 'No special explanation',
  importDialog: {
    title: M.importTitle,
    attach: 'Attach File',
    template: 'Download template',
  },
  columns: {
    staff: 'Staff',
    date: 'Date',
    type: 'Type',
    time: 'Time (hours)',
    description: 'Description',
    createdBy: 'Created By',
    action: 'Action',
    edit: 'Edit',
    locked: 'In an approved timesheet',
  },
  form: {
    createTitle: M.createTitle,
    editTitle: M.editTitle,
    request: 'Request',
    requestPlaceholder: 'Choose request',
    reason: 'Reason',
    reasonPlaceholder: 'Choose reason',
    noReason: 'No reason',
    staff: 'Staff',
    date: 'Date',
    time: 'Time (hours)',
    description: 'Description',
  },
  /** The request types a special explanation may name, by code (REQUEST_TYPE_NAMES). */
  requestTypes: {
    EXPLANATION_REQUEST: REQUEST_TYPE_NAMES.EXPLANATION_REQUEST,
    LEAVE_REQUEST: REQUEST_TYPE_NAMES.LEAVE_REQUEST,
  },
  /** The form's checks, the same texts as the server's. */
  messages: {
    requestRequired: M.requestRequired,
    reasonRequired: M.reasonRequired,
    staffRequired: M.staffRequired,
    dateRequired: M.dateRequired,
    timeRequired: M.timeRequired,
    timeRange: M.timeRange,
    timeDecimals: M.timeDecimals,
    descriptionTooLong: M.descriptionTooLong,
  },
};
