import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../infra/db/database.ts';
import { hashPassword } from '../../infra/auth/passwords.ts';
import { createDemoRepository } from './demo.repository.ts';

export const DEMO_ORGANISATION_NAME = 'Demo Roads Authority';

/** The demo organisation's users as seeded (passwords aside), which a demo reset puts back. */
export const DEMO_USERS = [
  {
    username: 'admin',
    email: 'admin@demo.roadcount.local',
    firstName: 'Demo',
    lastName: 'Administrator',
    role: 'org_admin',
  },
  {
    username: 'demo',
    email: 'demo@demo.roadcount.local',
    firstName: 'Demo',
    lastName: 'Viewer',
    role: 'org_user',
    isDemo: true,
  },
] as const;

function generatedPassword(): string {
  return randomBytes(12).toString('base64url');
}

/**
 * On first start (no organisation yet) creates the demo organisation with its org_admin `admin`
 * and the demo account `demo`. Passwords come from the configuration or are generated and
 * logged once; they are never logged again.
 */
export async function seedDemo(
  db: Database,
  log: FastifyBaseLogger,
  passwords: { admin?: string | undefined; demo?: string | undefined },
): Promise<boolean> {
  const demo = createDemoRepository(db);
  if ((await demo.organisationCount()) > 0) return false;

  const adminPassword = passwords.admin ?? generatedPassword();
  const demoPassword = passwords.demo ?? generatedPassword();
  await demo.createOrganisationWithUsers(
    { name: DEMO_ORGANISATION_NAME, preferences: { locale: 'en-GB' } },
    [
      { ...DEMO_USERS[0], passwordHash: await hashPassword(adminPassword) },
      { ...DEMO_USERS[1], passwordHash: await hashPassword(demoPassword) },
    ],
  );
  const shown = (value: string, configured: string | undefined) =>
    configured ? '(from configuration)' : value;
  log.info(
    `Demo organisation created. Sign in as 'demo' with password ${shown(demoPassword, passwords.demo)}` +
      ` or as 'admin' with password ${shown(adminPassword, passwords.admin)}. This is shown only once.`,
  );
  return true;
}
