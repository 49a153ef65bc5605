import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT, type WebhookEventType } from '@tms/contracts/webhook-events';
import type { WebhookDeliveryStatus } from '@tms/contracts/webhooks';
import type { StatusTone } from '../../components/status-info.ts';
import type { WebhooksT } from './i18n/index.ts';

/** The areas the form groups event checkboxes by: the part of the type before the dot. */
export const WEBHOOK_EVENT_AREAS = ['request', 'timesheet', 'punches', 'employee', 'leave_balance'] as const;
export type WebhookEventArea = (typeof WEBHOOK_EVENT_AREAS)[number];

export const areaOf = (type: string) => type.slice(0, type.indexOf('.')) as WebhookEventArea;

/** Each area with its event types, in the contracts' order. */
export function eventGroups(): { area: WebhookEventArea; types: WebhookEventType[] }[] {
  return WEBHOOK_EVENT_AREAS.map((area) => ({ area, types: WEBHOOK_EVENT_TYPES.filter((type) => areaOf(type) === area) }));
}

type EventKey = Parameters<WebhooksT>[0] & `events.${string}`;

/** An event type by name ('Request approved'); an unknown one as its code. */
export function eventLabel(type: string, t: WebhooksT): string {
  const known = (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type) || type === WEBHOOK_TEST_EVENT;
  return known ? t(`events.${type.replace('.', '_')}` as EventKey) : type;
}

/** The events of an endpoint by name, joined; all of them as "All events (12)" would hide which, so each is named. */
export function eventsText(types: readonly string[], t: WebhooksT): string {
  return types.map((type) => eventLabel(type, t)).join(', ');
}

export const DELIVERY_TONES: Record<WebhookDeliveryStatus, StatusTone> = { pending: 'gold', sending: 'blue', delivered: 'green', failed: 'red' };
