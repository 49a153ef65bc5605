import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from './query-client.ts';
import { clearSession, setSession } from './session.ts';

const cached = () => queryClient.getQueryData(['user-detail', 'staff']);

afterEach(() => clearSession());

describe('the query cache follows the session', () => {
  it('empties on a sign-in, so no answer of the previous user shows to the next', () => {
    setSession({ access_token: 'first', userName: 'staff' });
    queryClient.setQueryData(['user-detail', 'staff'], { name: 'Son Staff' });
    setSession({ access_token: 'second', userName: 'gl' });
    expect(cached()).toBeUndefined();
  });

  it('empties when the session ends (sign-out, a 401, another tab)', () => {
    setSession({ access_token: 'first', userName: 'staff' });
    queryClient.setQueryData(['user-detail', 'staff'], { name: 'Son Staff' });
    clearSession();
    expect(cached()).toBeUndefined();
  });

  it('keeps its answers while the session stays', () => {
    setSession({ access_token: 'first', userName: 'staff' });
    queryClient.setQueryData(['user-detail', 'staff'], { name: 'Son Staff' });
    setSession({ access_token: 'first', userName: 'staff' });
    expect(cached()).toEqual({ name: 'Son Staff' });
  });
});
