import { QR_PREFIX } from '@tms/contracts/self-check-in';

/**
 * The kiosk camera reads the same QR code many times a second while a phone is held up: a code is sent once, and
 * again only after `repeatAfterMs` (the person may punch again later with the same rotating code's successor, which
 * differs anyway). Answers whether `code`, read at `now`, is to be sent.
 */
export function createQrGate(repeatAfterMs = 5000): (code: string, now: number) => boolean {
  let last: { code: string; at: number } | null = null;
  return (code, now) => {
    if (last && last.code === code && now - last.at < repeatAfterMs) return false;
    last = { code, at: now };
    return true;
  };
}

/** A check-in page's rotating code ('TMSQR.…'); any other code the camera sees (a product label, a URL) is ignored. */
export function isCheckInQr(text: string): boolean {
  return text.startsWith(`${QR_PREFIX}.`);
}
