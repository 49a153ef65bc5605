import { renderToStaticMarkup } from 'react-dom/server';
import { Form } from 'antd';
import { describe, expect, it } from 'vitest';
import { FilterActions } from './filter-bar.tsx';

/**
 * A list refreshing in the background (after an approval, on focus) made antd's loading Search button swallow the
 * click, so a search typed meanwhile was silently lost (seen in the journeys under load). The button shows that the
 * list is busy and still submits.
 */
describe('FilterActions', () => {
  const render = (loading: boolean) =>
    renderToStaticMarkup(
      <Form>
        <FilterActions loading={loading} onReload={() => undefined} />
      </Form>,
    );

  it('keeps Search clickable while the list loads, with a spinner and aria-busy', () => {
    const html = render(true);
    const button = html.match(/<button[^>]*data-testid="filter-search"[^>]*>/)?.[0] ?? '';
    expect(button).not.toBe('');
    expect(button).not.toContain('ant-btn-loading');
    expect(button).not.toContain('disabled');
    expect(button).toContain('aria-busy="true"');
    expect(html).toContain('anticon-loading');
  });

  it('shows the search icon when idle', () => {
    const html = render(false);
    expect(html).toContain('anticon-search');
    expect(html).not.toContain('aria-busy');
  });
});
