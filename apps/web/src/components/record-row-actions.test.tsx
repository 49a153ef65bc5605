import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RecordRowActions } from './record-row-actions.tsx';

/** Issue 26 §11: a row's History, Edit and Remove buttons touched. */
describe('RecordRowActions', () => {
  it('keeps a gap between the buttons of a row', () => {
    const noop = () => undefined;
    const html = renderToStaticMarkup(<RecordRowActions row={{ id: 1, canEdit: true, canRemove: true }} onHistory={noop} onEdit={noop} onRemove={noop} />);
    const space = html.match(/<div class="ant-space[^"]*"/)?.[0] ?? '';
    expect(space).toContain('ant-space-gap-col-small');
    expect(html.match(/<button/g)).toHaveLength(3);
  });
});
