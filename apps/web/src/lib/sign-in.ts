import { apiGet, apiSend } from './api-client.ts';
import { encryptForServer } from './rsa.ts';
import { setSession, type Session } from './session.ts';

/**
 * Signs in: encrypts both fields with the server's public key (RULES.md §2) and stores the session. Apart from
 * lib/auth.ts (TanStack Query and the app's hooks) because the login page loads before the app: its chunk holds
 * this, the HTTP client and the session store only (bench:bundle). The query cache empties itself on the new
 * session (query-client.ts).
 */
export async function login(username: string, password: string): Promise<Session> {
  const { publicKey } = await apiGet<{ publicKey: string }>('/auth/public-key');
  const [encUser, encPassword] = await Promise.all([encryptForServer(publicKey, username), encryptForServer(publicKey, password)]);
  const data = await apiSend<{ access_token: string; userName: string }>('POST', '/login', { username: encUser, password: encPassword });
  const session = { access_token: data.access_token, userName: data.userName };
  setSession(session);
  return session;
}
