/**
 * The authors of history entries no person made (every change leaves an entry): the hourly switch of work schedules,
 * the recomputation of OT pay, and an approval flow deciding a step by itself. They are stored with the username
 * 'system' and these names, in English as stored; a screen shows them in the reader's language (`systemAuthorOf`
 * tells which one a stored author is). Zod-free: the server's writers (lib/history.ts systemHistoryAuthor) and the web's
 * history screens (components/history-format.ts) share it.
 */
export const SYSTEM_USERNAME = 'system';

export const SYSTEM_AUTHOR_NAMES = { scheduleSwitch: 'Schedule switch', otPay: 'OT pay' } as const;

/** The stored name of an approval flow's automatic decision: 'Approval flow "Short OT"'. */
export const approvalFlowAuthorName = (flowName: string) => `Approval flow "${flowName}"`;

export type SystemAuthor = { kind: keyof typeof SYSTEM_AUTHOR_NAMES } | { kind: 'approvalFlow'; flow: string };

/** Which system author a stored author is (null: a person, or a system name this version does not know). */
export function systemAuthorOf(author: { username: string | null; name: string | null }): SystemAuthor | null {
  if (author.username !== SYSTEM_USERNAME || author.name === null) return null;
  for (const [kind, name] of Object.entries(SYSTEM_AUTHOR_NAMES)) if (author.name === name) return { kind: kind as keyof typeof SYSTEM_AUTHOR_NAMES };
  const flow = /^Approval flow "(.*)"$/s.exec(author.name);
  return flow ? { kind: 'approvalFlow', flow: flow[1]! } : null;
}
