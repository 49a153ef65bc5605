/**
 * The zod-free part of `lookups.ts` (paths, roles, limits, texts): the web's first load imports it from here and
 * does not fetch zod. `lookups.ts` re-exports all of it.
 */

// GET /api/tms/filters/location and GET /api/tms/filters/get-all-work-schedule-types (spec 001 §7.10): the values in
// use — employees' locations; active work schedules' types — as plain texts, sorted.
export const LOCATIONS_PATH = '/tms/filters/location';
export const WORK_SCHEDULE_TYPES_PATH = '/tms/filters/get-all-work-schedule-types';
