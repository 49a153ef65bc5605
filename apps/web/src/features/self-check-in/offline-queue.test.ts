import { describe, expect, it } from 'vitest';
import { createPunchQueue, isNetworkFailure, newIdempotencyKey, type KeyValueStore, type OfflinePunchBody } from './offline-queue.ts';
import { distanceMetres } from '@tms/contracts/self-check-in';
import { nearestPlace } from './geo.ts';

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

const offline = Object.assign(new Error('unreachable'), { status: 0 });
const refused = Object.assign(new Error('You are 900 m from HQ'), { status: 403 });

describe('offline punch queue (issue 28 §2)', () => {
  it('keeps a punch with its key, device time and position on the device', () => {
    const store = memoryStore();
    const queue = createPunchQueue(store, () => new Date('2026-03-02T01:00:00Z'));
    const punch = queue.add({ latitude: 10.77, longitude: 106.7, accuracy_m: 12 }, 'k-1');
    expect(punch).toEqual({ idempotency_key: 'k-1', taken_at: '2026-03-02T01:00:00.000Z', latitude: 10.77, longitude: 106.7, accuracy_m: 12 });
    // A new queue over the same storage (a page reload) still has it.
    expect(createPunchQueue(store).list()).toEqual([punch]);
  });

  it('sends with offline, taken_at and device_now, and removes a punch once answered', async () => {
    let clock = new Date('2026-03-02T01:00:00Z');
    const store = memoryStore();
    const queue = createPunchQueue(store, () => clock);
    queue.add({}, 'k-1');
    clock = new Date('2026-03-02T03:00:00Z');
    const sent: OfflinePunchBody[] = [];
    const outcomes = await queue.flush(async (body) => {
      sent.push(body);
      return { punch_id: 1 };
    });
    expect(sent).toEqual([{ idempotency_key: 'k-1', taken_at: '2026-03-02T01:00:00.000Z', offline: true, device_now: '2026-03-02T03:00:00.000Z' }]);
    expect(outcomes).toHaveLength(1);
    expect(queue.list()).toEqual([]);
    expect(store.data.size).toBe(0);
  });

  it('keeps the punches when the network still fails, and stops at the first failure', async () => {
    const queue = createPunchQueue(memoryStore());
    queue.add({}, 'a');
    queue.add({}, 'b');
    let calls = 0;
    const outcomes = await queue.flush(async () => {
      calls += 1;
      throw offline;
    });
    expect(calls).toBe(1);
    expect(outcomes).toEqual([]);
    expect(queue.list().map((p) => p.idempotency_key)).toEqual(['a', 'b']);
  });

  it('drops a refused punch (the server kept the attempt) and reports it', async () => {
    const queue = createPunchQueue(memoryStore());
    queue.add({}, 'a');
    const outcomes = await queue.flush(async () => {
      throw refused;
    });
    expect(outcomes).toEqual([{ punch: expect.objectContaining({ idempotency_key: 'a' }), ok: false, error: refused }]);
    expect(queue.list()).toEqual([]);
  });

  it('never sends a punch twice when flushes overlap (online event and page load together)', async () => {
    const queue = createPunchQueue(memoryStore());
    queue.add({}, 'a');
    const keys: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const send = async (body: OfflinePunchBody) => {
      keys.push(body.idempotency_key);
      await gate;
      return {};
    };
    const first = queue.flush(send);
    const second = queue.flush(send);
    release();
    await Promise.all([first, second]);
    await queue.flush(send);
    expect(keys).toEqual(['a']);
  });

  it('tells a network failure from a refusal', () => {
    expect(isNetworkFailure(offline)).toBe(true);
    expect(isNetworkFailure(refused)).toBe(false);
    expect(isNetworkFailure(null)).toBe(false);
  });

  it('makes v4 uuids', () => {
    expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('distance for display', () => {
  it('measures metres and picks the nearest place', () => {
    // 0.001° of latitude ≈ 111 m.
    expect(Math.round(distanceMetres(10, 106, 10.001, 106))).toBe(111);
    const places = [
      { id: 1, name: 'Far', latitude: 10.01, longitude: 106, radius_m: 100 },
      { id: 2, name: 'Near', latitude: 10.001, longitude: 106, radius_m: 100 },
    ];
    expect(nearestPlace(places, 10, 106)).toEqual({ place: places[1], distance_m: 111 });
    expect(nearestPlace([], 10, 106)).toBeNull();
  });
});
