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

export async function apiGet(appUrl: string, token: string, path: string): Promise<unknown> {
  const response = await fetch(`${appUrl}${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`${path} failed: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A GraphQL call as the web client makes it; answers the data. */
export async function apiGraphql<T>(
  appUrl: string,
  token: string,
  query: string,
  variables: unknown = {},
): Promise<T> {
  const response = await fetch(`${appUrl}/gql/v1/graphql/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const answer = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (!answer.data)
    throw new Error(`GraphQL failed: ${answer.errors?.[0]?.message ?? response.status}`);
  return answer.data;
}

/** Uploads a counter file as a user would and waits until it is processed; answers its site id. */
export async function apiUploadAndProcess(
  appUrl: string,
  token: string,
  fileName: string,
  content: string,
): Promise<string> {
  const form = new FormData();
  form.append('file-0', new Blob([content]), fileName);
  const response = await fetch(`${appUrl}/api/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`upload failed: ${response.status}`);
  const id = ((await response.json()) as { files: { id: string }[] }).files[0]?.id;
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const { getTrafficDataFile: file } = await apiGraphql<{
      getTrafficDataFile: { review_status: string; site: { id: string } | null };
    }>(
      appUrl,
      token,
      'query($id: ID!) { getTrafficDataFile(id: $id) { review_status site { id } } }',
      {
        id,
      },
    );
    if (file.review_status !== 'LOAD' && file.site) return file.site.id;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${fileName} was not processed in time`);
}

/**
 * Asks for a report as the Insights screen does, follows its task until it is made (refused if
 * it fails, or is not made within `maxPolls` looks half a second apart) and answers its file.
 */
export async function apiReport(
  appUrl: string,
  token: string,
  input: Record<string, unknown>,
  maxPolls = 480,
): Promise<Buffer> {
  const { requestReport } = await apiGraphql<{ requestReport: { id: string } }>(
    appUrl,
    token,
    'mutation($input: ReportRequestInput!) { requestReport(input: $input) { id } }',
    { input },
  );
  const variables = { id: requestReport.id };
  for (let polls = 0; ; polls += 1) {
    const { report } = await apiGraphql<{ report: { state: string; message: string } }>(
      appUrl,
      token,
      'query($id: ID!) { report(id: $id) { state message } }',
      variables,
    );
    if (report.state === 'CM') break;
    if (report.state === 'ER' || polls >= maxPolls)
      throw new Error(`report ${String(input.type)}: ${report.state} ${report.message}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const { reportDownload } = await apiGraphql<{ reportDownload: { url: string } }>(
    appUrl,
    token,
    'query($id: ID!) { reportDownload(id: $id) { url } }',
    variables,
  );
  return Buffer.from(await (await fetch(`${appUrl}${reportDownload.url}`)).arrayBuffer());
}
