import { z } from 'zod';
import { isIsoDateText } from './api.ts';
import type { Actor } from './roles.ts';
import { envelope, historyEntrySchema, idParamSchema, idSchema, pagedEnvelope, pagingShape, safeText } from './schemas.ts';

/**
 * Self check-in (issue 28): staff check in from their own phone or browser at a check-in place (geofence or office
 * network), anywhere with the position recorded, or at a kiosk with their staff ID and PIN or a rotating QR code.
 * The server decides every rule (docs/self-check-in.md); an accepted punch is an ordinary punch of the product's own
 * attendance-check system (TMS) and reaches the timesheet through the ordinary intake.
 * JSON fields are snake_case, as the punch API's.
 */
export const SELF_CHECK_IN_PATH = '/tms/self-check-in';
export const SELF_CHECK_IN_TODAY_PATH = `${SELF_CHECK_IN_PATH}/today`;
export const SELF_CHECK_IN_PUNCHES_PATH = `${SELF_CHECK_IN_PATH}/punches`;
export const SELF_CHECK_IN_PIN_PATH = `${SELF_CHECK_IN_PATH}/pin`;
export const SELF_CHECK_IN_QR_PATH = `${SELF_CHECK_IN_PATH}/qr`;
export const CHECK_IN_PLACES_PATH = '/tms/check-in-places';
export const KIOSKS_PATH = '/tms/kiosks';
export const KIOSK_DEVICE_PATH = '/tms/kiosk';
export const KIOSK_INFO_PATH = `${KIOSK_DEVICE_PATH}/info`;
export const KIOSK_PUNCHES_PATH = `${KIOSK_DEVICE_PATH}/punches`;
export const CHECK_IN_ATTEMPTS_PATH = '/tms/check-in-attempts';
export const CHECK_IN_ATTEMPTS_EXPORT_PATH = `${CHECK_IN_ATTEMPTS_PATH}/export`;
export const CHECK_IN_ATTEMPTS_EXPORT_FILE = 'Check_In_Attempts.xlsx';
/** The Vietnamese headers of the attempts export, by column key (the English ones sit beside the keys on the server). */
export const CHECK_IN_ATTEMPT_EXPORT_HEADERS_VI: Readonly<Record<string, string>> = {
  received: 'Thời điểm nhận',
  outcome: 'Kết quả',
  reason: 'Lý do',
  message: 'Thông báo',
  staff_id: 'Mã nhân viên',
  name: 'Họ tên',
  source: 'Nguồn',
  place: 'Địa điểm',
  distance: 'Khoảng cách (m)',
  latitude: 'Vĩ độ',
  longitude: 'Kinh độ',
  accuracy: 'Độ chính xác (m)',
  punched_at: 'Thời điểm chấm công',
  device_time: 'Giờ trên thiết bị',
  network: 'Địa chỉ mạng',
  kiosk: 'Kiosk',
  user_agent: 'Trình duyệt',
};

export const CHECK_IN_PAGE = '/check-in';
export const KIOSK_PAGE = '/kiosk';

/** The kiosk's token travels in this header (the kiosk has no user session). */
export const KIOSK_TOKEN_HEADER = 'x-kiosk-token';

/** Who manages places (Admin, HR), kiosks (Admin), and reads the attempts (HR, HRM, Admin). */
export const CHECK_IN_PLACE_MANAGERS = ['ADMIN', 'HR'] as const satisfies readonly Actor[];
/** Who may read the places (list, history): their managers, and HRM, who reads the attempts filtered by place. */
export const CHECK_IN_PLACE_READERS = ['ADMIN', 'HR', 'HRM'] as const satisfies readonly Actor[];
export const KIOSK_MANAGERS = ['ADMIN'] as const satisfies readonly Actor[];
export const CHECK_IN_ATTEMPT_READERS = ['HR', 'HRM', 'ADMIN'] as const satisfies readonly Actor[];

/** The policy field (staff and department policies): who may self check in, and where. */
export const SELF_CHECK_IN_MODES = ['OFF', 'LISTED_PLACES', 'ANY_PLACE', 'ANYWHERE'] as const;
export type SelfCheckInMode = (typeof SELF_CHECK_IN_MODES)[number];
export const SELF_CHECK_IN_MODE_LABELS: Record<SelfCheckInMode, string> = {
  OFF: 'Off',
  LISTED_PLACES: 'At the listed places',
  ANY_PLACE: 'At any check-in place',
  ANYWHERE: 'Anywhere (location recorded)',
};

/** Sources of a punch (punches.source). */
export const PUNCH_SOURCES = ['device', 'iclock', 'import', 'web', 'kiosk'] as const;
export type PunchSource = (typeof PUNCH_SOURCES)[number];
export const SELF_PUNCH_SOURCES = ['web', 'kiosk'] as const;
export type SelfPunchSource = (typeof SELF_PUNCH_SOURCES)[number];
/** How an accepted self punch was verified. */
export const SELF_PUNCH_METHODS = ['GPS', 'NETWORK', 'ANYWHERE', 'PIN', 'QR'] as const;
export type SelfPunchMethod = (typeof SELF_PUNCH_METHODS)[number];
export const SELF_PUNCH_ACTIONS = ['CHECK_IN', 'CHECK_OUT'] as const;
export type SelfPunchAction = (typeof SELF_PUNCH_ACTIONS)[number];

/** Attempts HR reviews: refusals, and late offline punches that were accepted. */
export const CHECK_IN_ATTEMPT_OUTCOMES = ['REFUSED', 'LATE'] as const;
export type CheckInAttemptOutcome = (typeof CHECK_IN_ATTEMPT_OUTCOMES)[number];
export const CHECK_IN_ATTEMPT_REASONS = [
  'NOT_ALLOWED',
  'NO_EMPLOYEE',
  'LOCATION_REQUIRED',
  'ACCURACY_TOO_POOR',
  'OUTSIDE_PLACE',
  'NO_PLACE_ALLOWED',
  'TOO_LATE',
  'CLOCK_INVALID',
  'RATE_LIMITED',
  'WRONG_PIN',
  'PIN_LOCKED',
  'QR_INVALID',
  'QR_EXPIRED',
  'SENT_LATE',
] as const;
export type CheckInAttemptReason = (typeof CHECK_IN_ATTEMPT_REASONS)[number];

/** Limits of the rules (docs/self-check-in.md). */
export const PLACE_RADIUS_MIN = 25;
export const PLACE_RADIUS_MAX = 5000;
export const PLACE_NAME_MAX = 200;
export const PLACE_ADDRESS_MAX = 500;
export const PLACE_NETWORK_RANGES_MAX = 50;
export const KIOSK_NAME_MAX = 200;
/** An offline punch is accepted up to 72 h after it was taken. */
export const OFFLINE_MAX_AGE_MS = 72 * 3_600_000;
/** A punch instant more than this before the server's time is 'sent late'. */
export const SENT_LATE_AFTER_MS = 2 * 60_000;
/** A punch instant more than this after the server's time is refused (the phone's clock is wrong). */
export const FUTURE_TOLERANCE_MS = 60_000;
/** At most one accepted punch per employee per minute. */
export const SELF_PUNCH_MIN_INTERVAL_MS = 60_000;
export const PIN_MAX_FAILURES = 5;
export const PIN_LOCK_MS = 15 * 60_000;
/** A QR code's window; the previous window is still accepted for this long after it ends (transit). */
export const QR_WINDOW_SEC = 30;
export const QR_GRACE_SEC = 5;
export const QR_PREFIX = 'TMSQR';
/** A kiosk shows who was checked in for this long, then clears. */
export const KIOSK_RESULT_MS = 3000;

export const SELF_CHECK_IN_MESSAGES = {
  noEmployee: 'Your account is not linked to an employee',
  notAllowed: 'Self check-in is not enabled for you. Ask HR to allow it in your policy.',
  locationRequired: 'Your location is needed to check in here. Allow location access and try again.',
  noPlaceAllowed: 'No active check-in place is allowed for you. Ask HR.',
  accuracyTooPoor: (accuracy: string, place: string, radius: string) =>
    `Your location is not accurate enough (±${accuracy} m) for ${place} (${radius} m). Move outdoors or connect to the office network.`,
  outsidePlace: (distance: string, place: string, radius: string) => `You are ${distance} m from ${place}; check-in is allowed within ${radius} m.`,
  tooLate: 'This punch was taken more than 72 hours ago and can no longer be sent.',
  clockInvalid: "The punch time is in the future; check the device's clock.",
  rateLimited: 'You checked in less than a minute ago.',
  sentLate: 'Sent late: the punch was taken offline',
  idempotencyKeyInvalid: 'idempotency_key must be a UUID',
  latitudeInvalid: 'Latitude must be between -90 and 90',
  longitudeInvalid: 'Longitude must be between -180 and 180',
  accuracyInvalid: 'Accuracy must be a number of metres, 0 or more',
  positionIncomplete: 'Latitude and longitude go together',
  takenAtInvalid: 'taken_at and device_now must be ISO 8601 instants with an offset or Z, sent together',
  pinInvalid: 'PIN must be 4 to 6 digits',
  pinSaved: 'Your PIN is saved',
  wrongPin: 'Staff ID or PIN is wrong.',
  pinLocked: (staffId: string, time: string) => `Too many wrong PINs for ${staffId}; try again after ${time}.`,
  kioskCredentialsRequired: 'Type your staff ID and PIN, or scan your QR code',
  qrInvalid: 'The QR code is not valid',
  qrExpired: 'The QR code has expired; show the new one',
  kioskTokenInvalid: 'This kiosk is not registered or has been revoked',
  checkedIn: 'Checked in',
  checkedOut: 'Checked out',
  // places
  placeNameRequired: 'Please input the place name',
  placeNameTooLong: `The place name must be at most ${PLACE_NAME_MAX} characters`,
  placeAddressTooLong: `The address must be at most ${PLACE_ADDRESS_MAX} characters`,
  placeRadiusInvalid: `Radius must be between ${PLACE_RADIUS_MIN} and 5,000 m`,
  networkRangeInvalid: (range: string) => `Not a network range (CIDR such as 203.0.113.0/24): ${range}`,
  networkRangesTooMany: `A place has at most ${PLACE_NETWORK_RANGES_MAX} network ranges`,
  placeNotFound: 'Check-in place not found',
  placeVersionRequired: 'version is required',
  placeCreated: 'Check-in place created',
  placeUpdated: 'Check-in place updated',
  // kiosks
  kioskNameRequired: 'Please input the kiosk name',
  kioskNameTooLong: `The kiosk name must be at most ${KIOSK_NAME_MAX} characters`,
  kioskPlaceRequired: 'Please choose the kiosk place',
  kioskPlaceInactive: 'The kiosk place is not an active check-in place',
  kioskNotFound: 'Kiosk not found',
  kioskAlreadyRevoked: 'The kiosk is already revoked',
  kioskCreated: 'Kiosk created: copy its token now, it is shown only once',
  kioskRevoked: 'Kiosk revoked',
  // policy field
  modeInvalid: `Self check-in must be one of ${SELF_CHECK_IN_MODES.join(', ')}`,
  placesRequired: 'Choose at least one check-in place for self check-in at the listed places',
  policyPlaceNotFound: 'A chosen check-in place does not exist or is inactive',
  // attempts
  outcomeInvalid: `Outcome must be one of ${CHECK_IN_ATTEMPT_OUTCOMES.join(', ')}`,
  reasonInvalid: 'Unknown reason',
  sourceInvalid: `Source must be one of ${SELF_PUNCH_SOURCES.join(', ')}`,
  dateInvalid: 'Dates are written YYYY-MM-DD',
  dateOrder: 'The end date must not be before the start date',
} as const;
const M = SELF_CHECK_IN_MESSAGES;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID.test(s);
/** 4–6 digits. */
export const isPin = (s: string) => /^\d{4,6}$/.test(s);

/** The great-circle distance in metres (haversine, mean Earth radius). */
export function distanceMetres(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(a)));
}

const finite = (message: string) => z.number({ error: message }).refine(Number.isFinite, message);
const instantText = safeText(M.takenAtInvalid).max(40, M.takenAtInvalid);

// ---- POST /tms/self-check-in/punches ----
export const selfPunchBodySchema = z
  .object({
    idempotency_key: safeText(M.idempotencyKeyInvalid).refine(isUuid, M.idempotencyKeyInvalid),
    latitude: finite(M.latitudeInvalid).min(-90, M.latitudeInvalid).max(90, M.latitudeInvalid).nullish(),
    longitude: finite(M.longitudeInvalid).min(-180, M.longitudeInvalid).max(180, M.longitudeInvalid).nullish(),
    accuracy_m: finite(M.accuracyInvalid).min(0, M.accuracyInvalid).max(1_000_000, M.accuracyInvalid).nullish(),
    /** Offline punches: the device clock at the punch and at sending (ISO 8601 with an offset or Z). */
    taken_at: instantText.nullish(),
    device_now: instantText.nullish(),
    offline: z.boolean().nullish(),
  })
  .superRefine((v, ctx) => {
    if ((v.latitude == null) !== (v.longitude == null)) ctx.addIssue({ code: 'custom', message: M.positionIncomplete });
    if ((v.taken_at == null) !== (v.device_now == null)) ctx.addIssue({ code: 'custom', message: M.takenAtInvalid });
  });
export type SelfPunchBody = z.infer<typeof selfPunchBodySchema>;

export const selfPunchResultSchema = z.object({
  punch_id: z.number().int(),
  /** ISO instant. */
  punched_at: z.string(),
  action: z.enum(SELF_PUNCH_ACTIONS),
  method: z.enum(SELF_PUNCH_METHODS),
  place_name: z.string().nullable(),
  distance_m: z.number().int().nullable(),
  sent_late: z.boolean(),
  replayed: z.boolean(),
});
export type SelfPunchResult = z.infer<typeof selfPunchResultSchema>;
export const selfPunchResponseSchema = envelope(selfPunchResultSchema);

// ---- GET /tms/self-check-in/today ----
export const selfPlaceSchema = z.object({ id: z.number().int(), name: z.string(), latitude: z.number(), longitude: z.number(), radius_m: z.number().int() });
export type SelfPlace = z.infer<typeof selfPlaceSchema>;
export const selfTodaySchema = z.object({
  /** ISO instant of the server's clock. */
  server_time: z.string(),
  /** The company's calendar day, YYYY-MM-DD. */
  date: z.string(),
  schedule: z.object({ name: z.string(), start: z.string().nullable(), end: z.string().nullable() }).nullable(),
  punches: z.array(z.object({ time: z.string(), source: z.string(), place_name: z.string().nullable(), sent_late: z.boolean() })),
  next_action: z.enum(SELF_PUNCH_ACTIONS),
  mode: z.enum(SELF_CHECK_IN_MODES),
  places: z.array(selfPlaceSchema),
  has_pin: z.boolean(),
});
export type SelfToday = z.infer<typeof selfTodaySchema>;
export const selfTodayResponseSchema = envelope(selfTodaySchema);

// ---- PUT /tms/self-check-in/pin, GET /tms/self-check-in/qr ----
export const selfPinBodySchema = z.object({ pin: safeText(M.pinInvalid).refine(isPin, M.pinInvalid) });
export type SelfPinBody = z.infer<typeof selfPinBodySchema>;
export const selfPinResponseSchema = envelope(z.null());
export const selfQrSchema = z.object({ code: z.string(), expires_at: z.string() });
export type SelfQr = z.infer<typeof selfQrSchema>;
export const selfQrResponseSchema = envelope(selfQrSchema);

// ---- Places ----
const placeFields = {
  name: safeText(M.placeNameRequired).trim().min(1, M.placeNameRequired).max(PLACE_NAME_MAX, M.placeNameTooLong),
  address: safeText().trim().max(PLACE_ADDRESS_MAX, M.placeAddressTooLong).nullish(),
  latitude: finite(M.latitudeInvalid).min(-90, M.latitudeInvalid).max(90, M.latitudeInvalid),
  longitude: finite(M.longitudeInvalid).min(-180, M.longitudeInvalid).max(180, M.longitudeInvalid),
  radius_m: z.number({ error: M.placeRadiusInvalid }).int(M.placeRadiusInvalid).min(PLACE_RADIUS_MIN, M.placeRadiusInvalid).max(PLACE_RADIUS_MAX, M.placeRadiusInvalid),
  /** CIDR texts; the server checks each (IPv4 or IPv6) and stores its normal form. */
  network_ranges: z.array(safeText().trim().max(64)).max(PLACE_NETWORK_RANGES_MAX, M.networkRangesTooMany).nullish(),
  active: z.boolean().nullish(),
};
export const placeCreateSchema = z.object(placeFields);
export type PlaceCreateBody = z.infer<typeof placeCreateSchema>;
export const placeUpdateSchema = z.object({ ...placeFields, version: z.number({ error: M.placeVersionRequired }).int(M.placeVersionRequired) });
export type PlaceUpdateBody = z.infer<typeof placeUpdateSchema>;
export const placeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  radius_m: z.number().int(),
  network_ranges: z.array(z.string()),
  active: z.boolean(),
  version: z.number().int(),
  updated_at: z.string(),
});
export type CheckInPlace = z.infer<typeof placeSchema>;
export const placeListQuerySchema = z.object({ active: z.enum(['true', 'false']).optional() });
export const placeListResponseSchema = envelope(z.array(placeSchema));
export const placeResponseSchema = envelope(placeSchema);
export const placeHistoryResponseSchema = envelope(z.array(historyEntrySchema));
export const idPathSchema = z.object({ id: idParamSchema() });

// ---- Kiosks (Admin) ----
export const kioskCreateSchema = z.object({
  name: safeText(M.kioskNameRequired).trim().min(1, M.kioskNameRequired).max(KIOSK_NAME_MAX, M.kioskNameTooLong),
  place_id: idSchema(M.kioskPlaceRequired),
});
export type KioskCreateBody = z.infer<typeof kioskCreateSchema>;
export const kioskSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  place_id: z.number().int(),
  place_name: z.string(),
  active: z.boolean(),
  created_by: z.string().nullable(),
  /** Who added it by name (the username without an employee record); `created_by` stays the username. */
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
});
export type Kiosk = z.infer<typeof kioskSchema>;
export const kioskListResponseSchema = envelope(z.array(kioskSchema));
/** The token is in this answer only; the server keeps its sha256. */
export const kioskCreatedResponseSchema = envelope(kioskSchema.extend({ token: z.string() }));
export const kioskResponseSchema = envelope(kioskSchema);

// ---- Kiosk device (header X-Kiosk-Token) ----
export const kioskInfoResponseSchema = envelope(z.object({ place_name: z.string(), kiosk_name: z.string(), server_time: z.string() }));
export const kioskPunchBodySchema = z.object({
  idempotency_key: safeText(M.idempotencyKeyInvalid).refine(isUuid, M.idempotencyKeyInvalid),
  staff_id: safeText().trim().max(100).nullish(),
  pin: safeText().max(20).nullish(),
  qr_code: safeText().trim().max(200).nullish(),
});
export type KioskPunchBody = z.infer<typeof kioskPunchBodySchema>;
export const kioskPunchResultSchema = z.object({
  employee_name: z.string(),
  punched_at: z.string(),
  action: z.enum(SELF_PUNCH_ACTIONS),
  replayed: z.boolean(),
});
export type KioskPunchResult = z.infer<typeof kioskPunchResultSchema>;
export const kioskPunchResponseSchema = envelope(kioskPunchResultSchema);

// ---- Attempts (HR, HRM, Admin) ----
const isoDateFilter = safeText()
  .transform((s) => s.trim() || undefined)
  .refine((s) => s === undefined || isIsoDateText(s), M.dateInvalid)
  .optional();
export const checkInAttemptQuerySchema = z
  .object({
    ...pagingShape(),
    from: isoDateFilter,
    to: isoDateFilter,
    employee_id: idParamSchema().optional(),
    outcome: z.enum(CHECK_IN_ATTEMPT_OUTCOMES, { error: M.outcomeInvalid }).optional(),
    reason: z.enum(CHECK_IN_ATTEMPT_REASONS, { error: M.reasonInvalid }).optional(),
    source: z.enum(SELF_PUNCH_SOURCES, { error: M.sourceInvalid }).optional(),
    place_id: idParamSchema().optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, M.dateOrder);
export type CheckInAttemptQuery = z.infer<typeof checkInAttemptQuerySchema>;
export const checkInAttemptRowSchema = z.object({
  id: z.number().int(),
  received_at: z.string(),
  /** DD/MM/YYYY HH:mm:ss in the company time zone. */
  received_at_format: z.string(),
  outcome: z.enum(CHECK_IN_ATTEMPT_OUTCOMES),
  reason: z.string(),
  message: z.string(),
  employee: z.object({ id: z.number().int(), name: z.string(), user_name: z.string(), staff_id: z.string().nullable() }).nullable(),
  staff_id: z.string().nullable(),
  source: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  accuracy_m: z.number().nullable(),
  place_id: z.number().int().nullable(),
  place_name: z.string().nullable(),
  distance_m: z.number().int().nullable(),
  network_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  device_time: z.string().nullable(),
  punched_at: z.string().nullable(),
  kiosk_name: z.string().nullable(),
});
export type CheckInAttemptRow = z.infer<typeof checkInAttemptRowSchema>;
export const checkInAttemptListResponseSchema = pagedEnvelope(checkInAttemptRowSchema);

// ---- The punch reads of the Check In-Out drawer and the timesheet hover card gain these per punch ----
export const punchEvidenceShape = {
  source: z.string(),
  place_name: z.string().nullable(),
  distance_m: z.number().int().nullable(),
  sent_late: z.boolean(),
  /** True for an online self punch (taken at the server's clock). */
  taken_at_server: z.boolean(),
};
export type PunchEvidence = { source: string; place_name: string | null; distance_m: number | null; sent_late: boolean; taken_at_server: boolean };
