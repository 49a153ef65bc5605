import { renderToStaticMarkup } from 'react-dom/server';
import { Form } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { parseNumberInput, setNumberLanguage } from '../../../lib/numbers.ts';
import { explanationMessage } from './policy-form.ts';
import { PolicyExplanationFields } from './policy-form-fields.tsx';

const render = (values: Record<string, unknown>) =>
  renderToStaticMarkup(
    <Form initialValues={values}>
      <PolicyExplanationFields />
    </Form>,
  );

/** The `<input>` tag of a test id. */
const inputOf = (html: string, testId: string) => html.match(new RegExp(`<input[^>]*data-testid="${testId}"[^>]*>`))?.[0] ?? '';

afterEach(async () => {
  await setLanguage('en');
  setNumberLanguage('en');
});

describe('the explanation fields take a number in the reader’s language (issue 25)', () => {
  it('are number inputs: Vietnamese shows the stored duration with a decimal comma', async () => {
    await setLanguage('vi');
    setNumberLanguage('vi');
    const html = render({ explanation_number: '3', refund_hours_per_explanation: '4.5', explanation_time_per_days: '2' });
    const input = inputOf(html, 'policy-form-refund_hours_per_explanation');
    expect(input).toContain('ant-input-number-input');
    expect(input).toContain('value="4,5"');
  });

  it('English shows the decimal point', () => {
    expect(inputOf(render({ refund_hours_per_explanation: '4.5' }), 'policy-form-refund_hours_per_explanation')).toContain('value="4.5"');
  });

  it('a duration typed with a comma is the duration the rules accept, and one decimal too many is still named', () => {
    expect(explanationMessage('refund_hours_per_explanation', parseNumberInput('4,5'))).toBeNull();
    expect(explanationMessage('refund_hours_per_explanation', parseNumberInput('4.5'))).toBeNull();
    expect(explanationMessage('refund_hours_per_explanation', parseNumberInput('1,25'))).toBe('Invalid duration (ex: 0.1, 0.2, 1, 1.1, ...) ');
  });
});
