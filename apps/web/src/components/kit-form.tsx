import type { KeyboardEvent, ReactNode } from 'react';
import { Form, type FormProps } from 'antd';
import { enterOnlyConfirmsField, type KeyTarget } from './form-enter.ts';

/**
 * antd's Form for every form of the product: Enter in a date picker or a select confirms that field and never
 * submits the form (form-enter.ts). Same props as antd's Form.
 */
export function KitForm<Values = unknown>({ onKeyDown, children, ...props }: Omit<FormProps<Values>, 'children'> & { children?: ReactNode }) {
  const keyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (enterOnlyConfirmsField(event.key, event.target as KeyTarget)) event.preventDefault();
    onKeyDown?.(event);
  };
  return (
    <Form<Values> {...props} onKeyDown={keyDown}>
      {children}
    </Form>
  );
}
