import { describe, expect, it } from 'vitest';
import { createQrGate, isCheckInQr } from './qr-gate.ts';

describe('the kiosk camera gate', () => {
  it('sends a code once while it is held up, again after 5 s, and another code at once', () => {
    const gate = createQrGate(5000);
    expect(gate('TMSQR.7.100.a', 0)).toBe(true);
    expect(gate('TMSQR.7.100.a', 250)).toBe(false);
    expect(gate('TMSQR.7.100.a', 4999)).toBe(false);
    expect(gate('TMSQR.9.100.b', 5000)).toBe(true);
    expect(gate('TMSQR.9.100.b', 9999)).toBe(false);
    expect(gate('TMSQR.9.100.b', 10_000)).toBe(true);
  });

  it('reads only a check-in page’s code', () => {
    expect(isCheckInQr('TMSQR.7.1795000000.abc')).toBe(true);
    expect(isCheckInQr('https://example.com')).toBe(false);
    expect(isCheckInQr('TMSQRX')).toBe(false);
  });
});
