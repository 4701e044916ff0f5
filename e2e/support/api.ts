/** Calls the app's API as a script would, for setting up what a test needs. */
export async function apiSignIn(
  appUrl: string,
  username: string,
  password: string,
): Promise<string> {
  const response = await fetch(`${appUrl}/core/api/auth/token/obtain/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`sign-in as ${username} failed: ${response.status}`);
  return ((await response.json()) as { access: string }).access;
}

export async function apiPost(
  appUrl: string,
  token: string,
  path: string,
  body: unknown,
): Promise<unknown> {
  const response = await fetch(`${appUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} failed: ${response.status} ${await response.text()}`);
  return response.status === 204 ? undefined : response.json();
}
