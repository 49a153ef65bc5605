/**
 * Punches taken without a network (issue 28 §2 "Offline"): kept on this device in localStorage with their idempotency
 * key, the device's time at the punch and the position, shown as waiting, and sent when the network returns (the
 * `online` event and every page load). The server corrects the device clock with `device_now` and answers a replayed
 * key with the first punch, so a punch is never stored twice even if an answer is lost; here a flush in progress is
 * never started again and an item leaves the queue only on the server's answer.
 */
export type QueuedPunch = {
  idempotency_key: string;
  /** Device clock at the punch (ISO 8601). */
  taken_at: string;
  latitude?: number;
  longitude?: number;
  accuracy_m?: number;
};

export type OfflinePunchBody = QueuedPunch & { offline: true; device_now: string };

/** What the server said about one queued punch. */
export type FlushOutcome<A> = { punch: QueuedPunch; ok: true; answer: A } | { punch: QueuedPunch; ok: false; error: unknown };

export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const QUEUE_KEY = 'tms.check-in.queue';

/** True for a failure that means "no network": the fetch never reached the server (status 0) or the browser is off. */
export function isNetworkFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const status = (error as { status?: unknown }).status;
  return status === 0;
}

function safeParse(raw: string | null): QueuedPunch[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((p): p is QueuedPunch => typeof p === 'object' && p !== null && typeof (p as QueuedPunch).idempotency_key === 'string') : [];
  } catch {
    return [];
  }
}

export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Older browsers without randomUUID (a secure context has it): RFC 4122 v4 from getRandomValues.
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export function createPunchQueue(store: KeyValueStore, now: () => Date = () => new Date(), key = QUEUE_KEY) {
  const listeners = new Set<() => void>();
  let flushing: Promise<unknown> | null = null;
  let snapshot: QueuedPunch[] = safeParse(store.getItem(key));

  function write(items: QueuedPunch[]) {
    snapshot = items;
    if (items.length === 0) store.removeItem(key);
    else store.setItem(key, JSON.stringify(items));
    for (const l of listeners) l();
  }

  function reload() {
    snapshot = safeParse(store.getItem(key));
    return snapshot;
  }

  return {
    list(): readonly QueuedPunch[] {
      return snapshot;
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Stores a punch taken now on this device; answers it. */
    add(position: Pick<QueuedPunch, 'latitude' | 'longitude' | 'accuracy_m'> = {}, idempotencyKey = newIdempotencyKey()): QueuedPunch {
      const punch: QueuedPunch = { idempotency_key: idempotencyKey, taken_at: now().toISOString(), ...position };
      write([...reload().filter((p) => p.idempotency_key !== punch.idempotency_key), punch]);
      return punch;
    },
    /**
     * Sends the waiting punches oldest first. An answer (accepted, replayed or refused) removes the punch; a network
     * failure stops the flush and keeps it and the rest for the next try. A call while a flush runs joins that flush.
     */
    flush<A>(send: (body: OfflinePunchBody) => Promise<A>): Promise<FlushOutcome<A>[]> {
      if (flushing) return flushing as Promise<FlushOutcome<A>[]>;
      const run = (async () => {
        const outcomes: FlushOutcome<A>[] = [];
        for (const punch of [...reload()]) {
          try {
            const answer = await send({ ...punch, offline: true, device_now: now().toISOString() });
            outcomes.push({ punch, ok: true, answer });
          } catch (error) {
            if (isNetworkFailure(error)) break;
            outcomes.push({ punch, ok: false, error });
          }
          write(reload().filter((p) => p.idempotency_key !== punch.idempotency_key));
        }
        return outcomes;
      })();
      flushing = run;
      void run.finally(() => {
        flushing = null;
      });
      return run;
    },
  };
}

export type PunchQueue = ReturnType<typeof createPunchQueue>;

function browserStore(): KeyValueStore {
  try {
    if (typeof localStorage !== 'undefined') return localStorage;
  } catch {
    // storage disabled: fall through to memory
  }
  const memory = new Map<string, string>();
  return { getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => void memory.set(k, v), removeItem: (k) => void memory.delete(k) };
}

let shared: PunchQueue | null = null;
/** The device's one queue (the page and the `online` listener share it). */
export function punchQueue(): PunchQueue {
  shared ??= createPunchQueue(browserStore());
  return shared;
}
