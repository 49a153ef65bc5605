import { InputNumber, type InputNumberProps } from 'antd';
import { useLanguage } from '../lib/i18n.ts';
import { parseNumberInput } from '../lib/numbers.ts';

/**
 * antd's InputNumber in the reader's language (issue 25): Vietnamese shows a decimal comma, and both languages accept
 * either separator as typed ('4,5' and '4.5' are four and a half). Use it for every number a user types.
 */
export function NumberInput<T extends number | string = number>(props: InputNumberProps<T>) {
  const language = useLanguage();
  return <InputNumber<T> decimalSeparator={language === 'vi' ? ',' : undefined} parser={(text) => parseNumberInput(text) as unknown as T} {...props} />;
}
