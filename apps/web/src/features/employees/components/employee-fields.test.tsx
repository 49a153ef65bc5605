import { renderToStaticMarkup } from 'react-dom/server';
import { Form, Row } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { setNumberLanguage } from '../../../lib/numbers.ts';
import { useEmployeeFields } from './employee-fields.tsx';

function LeaveFields() {
  const { number } = useEmployeeFields();
  return (
    <Row>
      {number('total_annual_leave', true)}
      {number('remain_annual_leave')}
    </Row>
  );
}

const render = () =>
  renderToStaticMarkup(
    <Form initialValues={{ total_annual_leave: 16.5, remain_annual_leave: 4.5 }}>
      <LeaveFields />
    </Form>,
  );

/** The `<input>` tag of a test id. */
const inputOf = (html: string, testId: string) => html.match(new RegExp(`<input[^>]*data-testid="${testId}"[^>]*>`))?.[0] ?? '';

afterEach(async () => {
  await setLanguage('en');
  setNumberLanguage('en');
});

describe('the employee form’s numbers in the reader’s language (issue 25)', () => {
  it('are number inputs: Vietnamese writes a decimal comma', async () => {
    await setLanguage('vi');
    setNumberLanguage('vi');
    const html = render();
    const remain = inputOf(html, 'employee-field-remain_annual_leave');
    expect(remain).toContain('ant-input-number-input');
    expect(remain).toContain('value="4,5"');
    expect(inputOf(html, 'employee-field-total_annual_leave')).toContain('value="16,5"');
  });

  it('English writes the decimal point', () => {
    expect(inputOf(render(), 'employee-field-remain_annual_leave')).toContain('value="4.5"');
  });
});
