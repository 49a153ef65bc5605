import { afterEach, describe, expect, it, vi } from 'vitest';
import { candidateLabel, fetchAssigneeCandidates } from './assignee-candidates.ts';

/** The approver pickers ask the server for the people the user may hand that item to (RULES.md §5), never a plain search. */
describe('fetchAssigneeCandidates', () => {
  const asked: string[] = [];
  const person = { id: 7, user_name: 'dl', name: 'Dung Division', department_name: null, employee_id: 4 };
  afterEach(() => {
    vi.unstubAllGlobals();
    asked.length = 0;
  });
  const answer = () =>
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      return new Response(JSON.stringify({ code: 200, message: 'Success', data: [person] }), { status: 200, headers: { 'content-type': 'application/json' } });
    });

  it('a request or an explanation: choose-delegator-to-delegate with its requestId; an overtime request: its candidates', async () => {
    answer();
    const signal = new AbortController().signal;
    expect(await fetchAssigneeCandidates({ requestId: 16 }, '', signal)).toEqual([person]);
    await fetchAssigneeCandidates({ requestId: 16 }, 'dun', signal);
    await fetchAssigneeCandidates({ overtimeId: 5 }, '', signal);
    expect(asked).toEqual([
      '/api/tms/delegate/choose-delegator-to-delegate?requestId=16',
      '/api/tms/delegate/choose-delegator-to-delegate?employee=dun&requestId=16',
      '/api/tms/overtime-request/5/assignee-candidates',
    ]);
    expect(candidateLabel(person)).toBe('Dung Division - dl');
  });
});
