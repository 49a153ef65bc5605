import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { setLanguage } from '../lib/i18n.ts';
import { OrgUnitSelect } from './org-unit-select.tsx';

const render = () =>
  renderToString(<OrgUnitSelect value={[1]} options={[{ value: 1, label: 'Mobile Development' }]} loading={false} defaultPlaceholder="Department" />);

/**
 * A Select holding a value shows a clear button; antd's `allowClear` alone names it 'Clear' in English whatever the
 * language (the page walk, which opens pages with empty filters, never saw one).
 */
describe('the clear button of a Select', () => {
  it('is named in the reader’s language', async () => {
    expect(render()).toContain('aria-label="Clear"');
    await setLanguage('vi');
    try {
      const html = render();
      expect(html).toContain('aria-label="Xóa lựa chọn"');
      expect(html).not.toContain('aria-label="Clear"');
    } finally {
      await setLanguage('en');
    }
  });
});
