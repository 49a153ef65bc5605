import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { Form } from 'antd';
import { OvertimeDescriptionField, OvertimeTitleField } from './overtime-text-fields.tsx';

/** Issue 26: the description counter read '0 / 1001' (the input allowed one character past the spec's 1000). */
describe('overtime title and description fields', () => {
  const html = renderToString(
    <Form>
      <OvertimeTitleField testId="t" />
      <OvertimeDescriptionField testId="d" />
    </Form>,
  );

  it('count up to the spec limits: title 200, description 1000 (spec 001 §5.6)', () => {
    expect(html).toContain('0 / 1000');
    expect(html).toContain('0 / 200');
    expect(html).not.toContain('1001');
    expect(html).not.toContain('201');
  });

  it('stop the input at the limits', () => {
    expect(html).toMatch(/<textarea[^>]*maxLength="1000"/i);
    expect(html).toMatch(/<input[^>]*maxLength="200"/i);
  });
});
