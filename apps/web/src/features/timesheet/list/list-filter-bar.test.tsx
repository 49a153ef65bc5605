import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ListFilterBar } from './list-filter-bar.tsx';
import { EMPTY_FILTER, type ListFilterValues } from './list-state.ts';

function render(value: ListFilterValues): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  return renderToString(
    <QueryClientProvider client={client}>
      <ListFilterBar value={value} employeeLabels={{}} onSearch={() => {}} onNote={() => {}} />
    </QueryClientProvider>,
  );
}

/** The More filters line: its attributes, and whether it is folded away. */
const moreFields = (html: string) => /<div id="[^"]*"( hidden="")? data-testid="ts-filter-more-fields"/.exec(html);

describe('the list filter on one line (issue 26 §12)', () => {
  it('shows division, department, staff and the buttons; the other filters are folded behind More filters', () => {
    const html = render(EMPTY_FILTER);
    for (const id of ['ts-filter-divisions', 'ts-filter-departments', 'ts-filter-employees', 'filter-search', 'filter-reload', 'ts-note-button', 'ts-filter-more']) {
      expect(html).toContain(`data-testid="${id}"`);
    }
    expect(html).toMatch(/aria-expanded="false"[^>]*data-testid="ts-filter-more"/);
    expect(html).toContain('More filters');
    // Mounted but hidden, so their values still go with Search.
    expect(moreFields(html)?.[1]).toBe(' hidden=""');
    expect(html).toContain('data-testid="ts-filter-abnormal"');
  });

  it('opens the other filters by itself when the remembered filter uses them', () => {
    const html = render({ ...EMPTY_FILTER, roles: ['STAFF'], abnormalOnly: true });
    expect(moreFields(html)?.[1]).toBeUndefined();
    expect(html).toMatch(/aria-expanded="true"[^>]*data-testid="ts-filter-more"/);
    expect(html).toContain('Fewer filters');
  });
});
