import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT } from '@tms/contracts/webhook-events';
import { webhookUrlProblem, WEBHOOK_MESSAGES as M } from '@tms/contracts/webhooks';
import { i18next } from '../../lib/i18n.ts';
import { webhooksTexts } from './i18n/index.ts';
import { eventGroups, eventLabel, eventsText } from './webhook-display.ts';

const tIn = (language: 'en' | 'vi') => i18next.getFixedT(language, webhooksTexts.namespace) as unknown as typeof webhooksTexts.t;

describe('webhook event names', () => {
  it('groups every event type under one area, in the contracts order', () => {
    const grouped = eventGroups().flatMap((g) => g.types);
    expect(grouped).toHaveLength(WEBHOOK_EVENT_TYPES.length);
    expect(new Set(grouped)).toEqual(new Set(WEBHOOK_EVENT_TYPES));
    expect(eventGroups().every((g) => g.types.length > 0)).toBe(true);
  });

  it('names every event in English and Vietnamese, never as its code', () => {
    for (const language of ['en', 'vi'] as const) {
      const t = tIn(language);
      const names = [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT].map((type) => eventLabel(type, t));
      names.forEach((name, i) => expect(name, `${language} ${i}`).not.toMatch(/^(events\.|[a-z_]+\.[a-z_]+$)/));
      expect(new Set(names).size).toBe(names.length);
    }
    expect(eventLabel('request.approved', tIn('en'))).toBe('Request approved');
    expect(eventLabel('request.approved', tIn('vi'))).toBe('Yêu cầu được phê duyệt');
    expect(eventsText(['employee.created', 'leave_balance.changed'], tIn('en'))).toBe('Employee created, Leave balance changed');
    // A type this screen does not know yet is shown as its code.
    expect(eventLabel('payroll.closed', tIn('en'))).toBe('payroll.closed');
  });

  it('checks a URL as the server does', () => {
    expect(webhookUrlProblem('https://hooks.example.com/tms')).toBeNull();
    expect(webhookUrlProblem('http://localhost:3000/x')).toBeNull();
    expect(webhookUrlProblem('http://[::1]:3000/x')).toBeNull();
    expect(webhookUrlProblem('http://hooks.example.com/tms')).toBe(M.urlNotHttps);
    expect(webhookUrlProblem('hooks.example.com')).toBe(M.urlInvalid);
    expect(webhookUrlProblem('https://a:b@hooks.example.com')).toBe(M.urlCredentials);
  });
});
