import { it } from 'vitest';
import { createOrg, createUser, graphql, signIn, startTestServer, uploadSmallSurvey } from './testServer.ts';
it('close', async () => {
  for (const variant of ['plain', 'worker', 'query']) {
    const server = await startTestServer({ ANALYSIS_THREADS: '1' }, { worker: variant !== 'plain' });
    if (variant === 'query') {
      const organisation = await createOrg(server);
      const admin = await createUser(server, { organisationId: organisation.id, role: 'org_admin' });
      const token = (await signIn(server, admin.username)).access;
      const site = await uploadSmallSurvey(server, token, { seed: 1, name: 'X', latitude: 51, longitude: 0 });
      await graphql(server, `query ($siteId: ID!) { siteDetail(siteId: $siteId) { summary } }`, { token, variables: { siteId: site.siteId } });
    }
    const t = Date.now();
    await server.close();
    console.log(variant, 'close took', Date.now() - t);
  }
}, 300_000);
