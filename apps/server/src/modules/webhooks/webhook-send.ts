import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_ANSWER_EXCERPT_BYTES } from '@tms/contracts/webhooks';
import { WEBHOOK_HEADERS } from '@tms/contracts/webhook-events';
import { guardedLookup, isRefusedHost, RefusedAddressError } from './webhook-address.ts';

/**
 * One HTTP POST of a delivery (issue 30 §3): signed, through the SSRF guard's lookup, no redirect followed (node's
 * http never follows one; a 3xx is answered as a failure by the caller), cut off after `timeoutMs` in all (connect,
 * answer and body), keeping the first 1 KB of the answer.
 */

export const WEBHOOK_USER_AGENT = 'TMS-Webhooks/1.0';
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: what X-TMS-Signature carries. */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

export type SendInput = {
  url: string;
  secret: string;
  body: string;
  eventType: string;
  eventId: string;
  deliveryId: number;
  timeoutMs?: number;
  /** The signature's time (default now). */
  unixSeconds?: number;
};

export type SendResult = { status: number | null; body: string | null; error: string | null; durationMs: number };

/** Posts and resolves with the answer or the error text; never rejects. */
export function sendWebhook(input: SendInput): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    return Promise.resolve({ status: null, body: null, error: `Invalid URL: ${input.url}`, durationMs: 0 });
  }
  if (isRefusedHost(url.hostname)) return Promise.resolve({ status: null, body: null, error: new RefusedAddressError(url.hostname).message, durationMs: 0 });
  const client = url.protocol === 'https:' ? https : url.protocol === 'http:' ? http : null;
  if (!client) return Promise.resolve({ status: null, body: null, error: `Unsupported protocol ${url.protocol}`, durationMs: 0 });

  const t = input.unixSeconds ?? Math.floor(Date.now() / 1000);
  const headers = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(input.body)),
    'user-agent': WEBHOOK_USER_AGENT,
    [WEBHOOK_HEADERS.signature]: signatureHeader(input.secret, input.body, t),
    [WEBHOOK_HEADERS.event]: input.eventType,
    [WEBHOOK_HEADERS.eventId]: input.eventId,
    [WEBHOOK_HEADERS.delivery]: String(input.deliveryId),
  };

  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const done = (result: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: elapsed() });
    };
    // A fresh agent-less request: no keep-alive socket is reused past the guard.
    const request = client.request(url, { method: 'POST', headers, lookup: guardedLookup, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      // PostgreSQL text cannot hold NUL: a binary answer is kept with it replaced.
      const finish = () => done({ status: response.statusCode ?? null, body: Buffer.concat(chunks).toString('utf8').replace(/\0/g, '\uFFFD'), error: null });
      response.on('data', (chunk: Buffer) => {
        if (kept >= WEBHOOK_ANSWER_EXCERPT_BYTES) return;
        const part = chunk.subarray(0, WEBHOOK_ANSWER_EXCERPT_BYTES - kept);
        chunks.push(part);
        kept += part.length;
        // Enough read: the rest of a large answer is not waited for.
        if (kept >= WEBHOOK_ANSWER_EXCERPT_BYTES) {
          finish();
          response.destroy();
        }
      });
      response.on('end', finish);
      response.on('error', finish);
      response.on('close', finish);
    });
    const timer = setTimeout(() => {
      done({ status: null, body: null, error: `Timed out after ${input.timeoutMs ?? WEBHOOK_TIMEOUT_MS} ms` });
      request.destroy();
    }, input.timeoutMs ?? WEBHOOK_TIMEOUT_MS);
    request.on('error', (err: Error) => done({ status: null, body: null, error: (err.message || err.name).slice(0, 1000) }));
    request.end(input.body);
  });
}
