#!/usr/bin/env node
// Signs in to the TMS API the way the web app does and prints the access token, for scripts and integrations.
//   node scripts/api-sign-in.mjs [baseUrl] [username] [password]
//   TOKEN=$(node scripts/api-sign-in.mjs http://localhost:8080 hr 'Passw0rd!')
//   curl -H "Authorization: Bearer $TOKEN" http://localhost:8080/api/tms/user/detail?username=hr
// The login body never carries the password in clear: each field is the base64 of its RSA-OAEP (SHA-256)
// ciphertext under the server's public key (GET /api/auth/public-key). Other scripts import `signIn`.
import { constants, publicEncrypt } from 'node:crypto';
import { pathToFileURL } from 'node:url';

/** Signs in and answers the access token; throws an Error saying why when the server refuses. */
export async function signIn(baseUrl, username, password) {
  const keyAnswer = await fetch(`${baseUrl}/api/auth/public-key`).then((r) => r.json());
  const publicKey = keyAnswer.data.publicKey;
  const seal = (text) =>
    publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(text, 'utf8')).toString('base64');
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: seal(username), password: seal(password) }),
  });
  const body = await response.json();
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${body.errorMessage ?? body.message}`);
  return body.data.access_token;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [baseUrl = 'http://localhost:8080', username = process.env.TMS_USERNAME, password = process.env.TMS_PASSWORD] = process.argv.slice(2);
  if (!username || !password) {
    console.error('usage: node scripts/api-sign-in.mjs [baseUrl] username password (or TMS_USERNAME / TMS_PASSWORD)');
    process.exit(2);
  }
  try {
    console.log(await signIn(baseUrl, username, password));
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
