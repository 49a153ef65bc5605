import { en } from './i18n/en.ts';
import { delegationTexts } from './i18n/index.ts';

type MessageKey = keyof typeof en.messages;

/**
 * A DELEGATION_MESSAGES text (as the wizard's rules answer it) in the reader's language; a text the catalogue does
 * not hold stays as it is. `t`: a component's, else the language at call time.
 */
export function messageText(text: string, t: typeof delegationTexts.t = delegationTexts.t): string {
  const key = (Object.keys(en.messages) as MessageKey[]).find((k) => en.messages[k] === text);
  return key ? t(`messages.${key}`) : text;
}
