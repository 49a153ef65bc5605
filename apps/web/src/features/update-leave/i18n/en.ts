import { UPDATE_LEAVE_MESSAGES as M, UPDATE_LEAVE_TEXTS as T } from '@tms/contracts/update-leave';

/** Update Leave (English, the source; spec 002 §2 /update-leave): the contracts' texts verbatim. */
export const en = {
  title: T.title,
  intro: T.intro,
  staff: 'Staff',
  allStaff: T.allStaff,
  chosenStaff: T.chosenStaff,
  staffPlaceholder: T.staffPlaceholder,
  run: T.run,
  confirmAllTitle: T.confirmAllTitle,
  confirmAll: T.confirmAll,
  queued: T.queued,
  running: T.running,
  done: T.done,
  failed: M.failed,
  idle: M.idle,
  dismiss: T.dismiss,
  result: {
    employees: T.resultEmployees,
    granted: T.resultGranted,
    adjusted: T.resultAdjusted,
    removed: T.resultRemoved,
    conflicts: T.resultConflicts,
    expiredEntries: T.resultExpired,
    ms: T.resultTime,
  },
  /** A run's duration as people read it: 850 ms, 12.3 s, 2 min 05 s. */
  duration: {
    milliseconds: '{{value}} ms',
    seconds: '{{value}} s',
    minutes: '{{minutes}} min {{seconds}} s',
  },
};
