import { InputNumber, type InputNumberProps } from 'antd';
import { useLanguage } from '../lib/i18n.ts';
import { isNumberText, parseNumberInput } from '../lib/numbers.ts';

type NumberInputProps<T extends number | string> = InputNumberProps<T> & {
  /**
   * Hand text that is not a number ('abc') to the form as typed, so the field's own rule answers with the spec's
   * "invalid" message (bonus leave: 'Leave hour is invalid'). Without it antd keeps the last number silently, and the
   * rule went on judging that number ('1.555' then 'abc' still read 'Invalid duration…').
   */
  keepInvalidText?: boolean;
};

/**
 * antd's InputNumber in the reader's language (issue 25): Vietnamese shows a decimal comma, and both languages accept
 * either separator as typed ('4,5' and '4.5' are four and a half). Use it for every number a user types.
 */
export function NumberInput<T extends number | string = number>({ keepInvalidText, onInput, ...props }: NumberInputProps<T>) {
  const language = useLanguage();
  const handInvalidText = (text: string) => {
    onInput?.(text);
    if (keepInvalidText && text.trim() !== '' && !isNumberText(text)) props.onChange?.(text as unknown as T);
  };
  return (
    <InputNumber<T>
      decimalSeparator={language === 'vi' ? ',' : undefined}
      parser={(text) => parseNumberInput(text) as unknown as T}
      onInput={handInvalidText}
      {...props}
    />
  );
}
