/**
 * Fixed option lists of the filter area. The spec names the values (spec 002 §3 "Enumerations for employees") but no
 * lookup call serves them yet; the empty location is not a filter value.
 */
export const LOCATION_OPTIONS = ['CGLOBALDN', 'CGLOBALHCM', 'CGLOBALHN', 'JPN.KAN'].map((v) => ({ value: v, label: v }));
export const WORK_SCHEDULE_TYPE_OPTIONS = ['FLEXIBLE', 'HCM'].map((v) => ({ value: v, label: v }));
