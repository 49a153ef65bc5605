import { useEffect, useState } from 'react';

/**
 * The server's time, ticking: the offset between the server's answer and this device's clock when it arrived, added
 * to the device's clock every second (the phone's own clock is never shown as the time).
 */
export function serverOffsetMs(serverTime: string, receivedAtDeviceMs: number): number {
  const server = Date.parse(serverTime);
  return Number.isFinite(server) ? server - receivedAtDeviceMs : 0;
}

export function useServerNow(serverTime: string | undefined, receivedAt: number): Date | null {
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setTick(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);
  if (!serverTime) return null;
  return new Date(tick + serverOffsetMs(serverTime, receivedAt));
}

/** HH:mm[:ss] of an instant in the company's time zone (the browser's when unknown). */
export function formatClock(instant: Date | string, timeZone: string | undefined, seconds = false): string {
  if (typeof instant === 'string' && /^\d{1,2}:\d{2}(:\d{2})?$/.test(instant)) return seconds ? instant : instant.slice(0, 5);
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return String(instant);
  try {
    return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', ...(seconds ? { second: '2-digit' } : {}), hour12: false, timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', ...(seconds ? { second: '2-digit' } : {}), hour12: false }).format(date);
  }
}
