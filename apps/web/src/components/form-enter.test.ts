import { describe, expect, it } from 'vitest';
import { enterOnlyConfirmsField, type KeyTarget } from './form-enter.ts';

/** A key target inside elements with these class names (closest() as the DOM answers it). */
const inside = (...classes: string[]): KeyTarget => ({
  closest: (selector: string) => (selector.split(',').some((s) => classes.includes(s.trim().replace(/^\./, ''))) ? {} : null),
});

/** Issue 26 §5: Enter in the employee form's date field saved the 40-field form half filled. */
describe('enterOnlyConfirmsField', () => {
  it('Enter in a date picker or a select never submits the form', () => {
    expect(enterOnlyConfirmsField('Enter', inside('ant-picker'))).toBe(true);
    expect(enterOnlyConfirmsField('Enter', inside('ant-select'))).toBe(true);
  });

  it('Enter in a text field and other keys in a picker keep their usual behaviour', () => {
    expect(enterOnlyConfirmsField('Enter', inside('ant-input'))).toBe(false);
    expect(enterOnlyConfirmsField('Tab', inside('ant-picker'))).toBe(false);
    expect(enterOnlyConfirmsField('Enter', null)).toBe(false);
    expect(enterOnlyConfirmsField('Enter', {})).toBe(false);
  });
});
