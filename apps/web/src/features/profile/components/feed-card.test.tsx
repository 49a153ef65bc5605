import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CalendarFeed } from '@tms/contracts/calendar-feeds';
import { FeedCard } from './feed-card.tsx';

/** Issue 30 §2: a scope's feed card on My profile (the address shown once, the buttons by state). */
function render(feed: CalendarFeed | undefined, url: string | null = null): string {
  const client = new QueryClient();
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <FeedCard scope="MINE" feed={feed} url={url} onCreated={() => undefined} />
    </QueryClientProvider>,
  );
}

describe('FeedCard', () => {
  it('offers Create, and no Revoke, while no feed exists', () => {
    const html = render({ scope: 'MINE', active: false, createdAt: null, lastFetchedAt: null });
    expect(html).toContain('data-testid="calendar-feed-create-MINE"');
    expect(html).toContain('Create feed');
    expect(html).not.toContain('calendar-feed-revoke-MINE');
    expect(html).toContain('No feed yet');
    expect(html).not.toContain('calendar-feed-address-MINE');
  });

  it('shows a live feed with its dates, Re-create and Revoke', () => {
    const html = render({ scope: 'MINE', active: true, createdAt: '05/11/2026 10:00:00', lastFetchedAt: '06/11/2026 08:15:00' });
    expect(html).toContain('Created 05/11/2026');
    expect(html).toContain('06/11/2026 08:15:00');
    expect(html).toContain('Re-create');
    expect(html).toContain('data-testid="calendar-feed-revoke-MINE"');
  });

  it('shows a new address once, read-only, with Copy and how to subscribe', () => {
    const url = 'https://tms.example/api/calendar/abc.ics';
    const html = render({ scope: 'MINE', active: true, createdAt: '05/11/2026 10:00:00', lastFetchedAt: null }, url);
    const input = html.match(/<input[^>]*data-testid="calendar-feed-address-MINE"[^>]*>/)?.[0] ?? '';
    expect(input).toContain(`value="${url}"`);
    expect(input.toLowerCase()).toContain('readonly');
    expect(html).toContain('data-testid="calendar-feed-copy-MINE"');
    expect(html).toContain('From URL');
    expect(html).toContain('Subscribe from web');
  });
});
