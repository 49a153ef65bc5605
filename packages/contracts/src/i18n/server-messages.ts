/**
 * The registry of every text the server sends (issue 25): each has a stable key and, when it is built from values, a
 * template with named parameters. The English texts stay the contract; the key and parameters travel beside them so
 * the web can show the Vietnamese of server-messages.vi.ts. docs/i18n-server-messages.md tells how to add a message.
 */
import type { Language } from '../language.ts';
import { fillTemplate, templateParams, type MessageParams, type MessageRef } from '../message-format.ts';
import { FUNCTION_SPECS, SERVER_MESSAGE_TABLES, type FunctionSpec, type MessageEntry } from './server-message-tables.ts';
import { SERVER_MESSAGE_LABELS_VI, SERVER_MESSAGES_VI } from './server-messages.vi.ts';

export type { MessageParams, MessageRef } from '../message-format.ts';

type MessageFunction = (...args: unknown[]) => string;

export type ServerMessage = {
  key: string;
  /** The English text, with `{{name}}` where a parameter goes. */
  template: string;
  params: string[];
  /** The table's function, for a message built from values. */
  build?: MessageFunction;
  /** Arguments for `build` that the round-trip test may use (stated where the function formats its argument). */
  sample?: readonly unknown[];
};

// Control characters never occur in a message, so a marker in the function's output is where that argument went.
const marker = (name: string) => `\u0001${name}\u0002`;

function templateOf(key: string, build: MessageFunction, spec: FunctionSpec): ServerMessage {
  if (!Array.isArray(spec)) {
    const stated = spec as Exclude<FunctionSpec, readonly string[]>;
    if (templateParams(stated.template).length !== stated.template.split('{{').length - 1) throw new Error(`Server message ${key}: a parameter appears twice`);
    return { key, template: stated.template, params: templateParams(stated.template), build, sample: stated.sample };
  }
  let template = build(...spec.map(marker));
  for (const name of spec) {
    if (template.split(marker(name)).length !== 2) throw new Error(`Server message ${key}: parameter ${name} must appear once; state its template in FUNCTION_SPECS`);
    template = template.replace(marker(name), `{{${name}}}`);
  }
  if (template.includes('\u0001')) throw new Error(`Server message ${key}: its function formats an argument; state its template in FUNCTION_SPECS`);
  return { key, template, params: [...spec], build };
}

function* entriesOf(prefix: string, table: { readonly [name: string]: MessageEntry }): Generator<[string, MessageEntry]> {
  for (const [name, entry] of Object.entries(table)) {
    if (typeof entry === 'object') yield* entriesOf(`${prefix}.${name}`, entry);
    else yield [`${prefix}.${name}`, entry];
  }
}

function buildRegistry(): Map<string, ServerMessage> {
  const all = Object.entries(SERVER_MESSAGE_TABLES).flatMap(([namespace, table]) => [...entriesOf(namespace, table)]);
  const keys = new Set(all.map(([key]) => key));
  for (const key of Object.keys(FUNCTION_SPECS)) if (!keys.has(key)) throw new Error(`FUNCTION_SPECS names ${key}, which no table has`);
  // A table that spreads another holds the same function: the spec given for either serves both.
  const specOfFunction = new Map<MessageEntry, FunctionSpec>();
  for (const [key, entry] of all) if (FUNCTION_SPECS[key]) specOfFunction.set(entry, FUNCTION_SPECS[key]);
  const registry = new Map<string, ServerMessage>();
  for (const [key, entry] of all) {
    if (typeof entry === 'string') {
      registry.set(key, { key, template: entry, params: [] });
      continue;
    }
    const spec = FUNCTION_SPECS[key] ?? specOfFunction.get(entry);
    if (!spec) throw new Error(`Server message ${key} is a function: give its parameter names in FUNCTION_SPECS`);
    registry.set(key, templateOf(key, entry as MessageFunction, spec));
  }
  return registry;
}

type Matcher = { key: string; literals: string[]; params: string[]; literal: number };

function matcherOf(message: ServerMessage): Matcher {
  const literals = message.template.split(/\{\{\w+\}\}/);
  return { key: message.key, literals, params: templateParams(message.template), literal: literals.join('').length };
}

/**
 * The parameters of `text` read with a template: its first and last literal pinned to the ends, each literal between
 * found at its first occurrence. Linear in the text, unlike a regex of several lazy groups, which a long text that
 * repeats the literals (a value echoed from an upload) could keep backtracking for seconds.
 */
function paramsOf(matcher: Matcher, text: string): MessageParams | null {
  const { literals, params } = matcher;
  const head = literals[0]!;
  const tail = literals[literals.length - 1]!;
  if (text.length < head.length + tail.length || !text.startsWith(head) || !text.endsWith(tail)) return null;
  const end = text.length - tail.length;
  const values: string[] = [];
  let at = head.length;
  for (const literal of literals.slice(1, -1)) {
    const found = text.indexOf(literal, at);
    if (found < 0 || found + literal.length > end) return null;
    values.push(text.slice(at, found));
    at = found + literal.length;
  }
  values.push(text.slice(at, end));
  return Object.fromEntries(params.map((name, i) => [name, values[i]!]));
}

type Index = { registry: Map<string, ServerMessage>; byText: Map<string, string>; matchers: Matcher[] };
let index: Index | null = null;

function getIndex(): Index {
  if (index) return index;
  const registry = buildRegistry();
  const byText = new Map<string, string>();
  const matchers: Matcher[] = [];
  for (const message of registry.values()) {
    if (message.params.length === 0) {
      if (!byText.has(message.template)) byText.set(message.template, message.key);
    } else {
      matchers.push(matcherOf(message));
    }
  }
  // The most specific template first: "Attendance Check ID must be at most {{max}} characters" before
  // "{{label}} must be at most {{max}} characters", which would also match it.
  matchers.sort((a, b) => b.literal - a.literal || a.params.length - b.params.length);
  index = { registry, byText, matchers };
  return index;
}

/** Every registered message, in table order. */
export function listServerMessages(): ServerMessage[] {
  return [...getIndex().registry.values()];
}

export function getServerMessage(key: string): ServerMessage | undefined {
  return getIndex().registry.get(key);
}

/**
 * The key and parameters of an English text the server sends; null for a text no table has (Fastify's own, zod's
 * defaults). Where two keys share one English text either may be answered: their Vietnamese is the same (tested).
 */
export function describeMessage(text: string): MessageRef | null {
  const { byText, matchers } = getIndex();
  const key = byText.get(text);
  if (key !== undefined) return { key, params: {} };
  for (const matcher of matchers) {
    const params = paramsOf(matcher, text);
    if (params) return { key: matcher.key, params };
  }
  return null;
}

/** The parameters of `text` read as the message `key` (null when it is not that message): for a caller that knows its key. */
export function matchMessage(key: string, text: string): MessageParams | null {
  const message = getIndex().registry.get(key);
  if (!message) return null;
  if (message.params.length === 0) return message.template === text ? {} : null;
  return paramsOf(matcherOf(message), text);
}

/** The text of a key in `language`; English where a Vietnamese text or a parameter is missing; the key if unknown. */
export function localizeMessage(key: string, params: Readonly<MessageParams>, language: Language): string {
  const message = getIndex().registry.get(key);
  if (!message) return key;
  const english = fillTemplate(message.template, params, 'en') ?? message.template;
  if (language === 'en') return english;
  const vietnamese = SERVER_MESSAGES_VI[key];
  return (vietnamese === undefined ? null : fillTemplate(vietnamese, params, language, SERVER_MESSAGE_LABELS_VI)) ?? english;
}

/** An English server text in `language`: a text no table has is returned unchanged. */
export function localizeText(text: string, language: Language): string {
  if (language === 'en') return text;
  const ref = describeMessage(text);
  return ref ? localizeMessage(ref.key, ref.params, language) : text;
}
