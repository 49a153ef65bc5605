import { Tag } from 'antd';
import type { PunchEvidence } from '@tms/contracts/self-check-in';
import type { DayEntry } from '@tms/contracts/timesheet-grid';
import { punchSourceTexts } from './i18n/index.ts';

type Known = 'device' | 'iclock' | 'import' | 'web' | 'kiosk';
const KNOWN: readonly string[] = ['device', 'iclock', 'import', 'web', 'kiosk'];
const COLOR: Record<Known, string | undefined> = { device: undefined, iclock: undefined, import: 'purple', web: 'blue', kiosk: 'cyan' };

/** The text of a punch's evidence for a plain-text place (a hover card): "Web · HQ, 40 m · Sent late". */
export function punchSourceText(e: Omit<Partial<PunchEvidence>, 'source'> & { source?: string | null }, t = punchSourceTexts.t): string {
  if (!e.source) return '';
  const parts = [KNOWN.includes(e.source) ? t(`punch.source.${e.source as Known}`) : e.source];
  if ((e.source === 'web' || e.source === 'kiosk') && e.place_name) parts.push(e.distance_m != null ? t('punch.distance', { place: e.place_name, distance: e.distance_m }) : e.place_name);
  if (e.sent_late) parts.push(t('punch.sentLate'));
  return parts.join(' · ');
}

/**
 * A punch's source as a tag (issue 28 §4: device, import, web, kiosk) and, for web and kiosk punches, the place and
 * distance; a punch sent late is marked.
 */
export function PunchSource({ evidence }: { evidence: Omit<Partial<PunchEvidence>, 'source'> & { source?: string | null } }) {
  const { t } = punchSourceTexts.useT();
  const source = evidence.source;
  if (!source) return null;
  const known = KNOWN.includes(source) ? (source as Known) : null;
  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4, alignItems: 'center' }} data-testid="punch-source">
      <Tag color={known ? COLOR[known] : undefined}>{known ? t(`punch.source.${known}`) : source}</Tag>
      {(source === 'web' || source === 'kiosk') && evidence.place_name ? (
        <span>{evidence.distance_m != null ? t('punch.distance', { place: evidence.place_name, distance: evidence.distance_m }) : evidence.place_name}</span>
      ) : null}
      {evidence.sent_late ? <Tag color="orange">{t('punch.sentLate')}</Tag> : null}
    </span>
  );
}

type Evidence = Omit<Partial<PunchEvidence>, 'source'> & { source?: string | null };
/** Issue 28 §4: the first-in and last-out punches' evidence, present when they are self punches (check_in_self / check_out_self). */
export function evidenceRows(entry: DayEntry, t: typeof punchSourceTexts.t = punchSourceTexts.t): { label: string; value: string | string[]; warn?: boolean }[] {
  const e = entry as DayEntry & { check_in_self?: Evidence | null; check_out_self?: Evidence | null };
  const lines = [
    e.check_in_self?.source ? t('punch.checkIn', { text: punchSourceText(e.check_in_self, t) }) : null,
    e.check_out_self?.source ? t('punch.checkOut', { text: punchSourceText(e.check_out_self, t) }) : null,
  ].filter((l): l is string => l !== null);
  return lines.length > 0 ? [{ label: t('punch.label'), value: lines, warn: Boolean(e.check_in_self?.sent_late || e.check_out_self?.sent_late) }] : [];
}

