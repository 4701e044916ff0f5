import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../infra/db/database.ts';
import { hashPassword } from '../../infra/auth/passwords.ts';
import { createUsersRepository, type UserRow } from './users.repository.ts';

/**
 * Makes a platform admin (role admin, no organisation), unless a user already has the username
 * or the email: then answers undefined and changes nothing.
 */
export async function createPlatformAdmin(
  db: Database,
  admin: { username: string; email: string; passwordHash: string },
): Promise<UserRow | undefined> {
  const users = createUsersRepository(db);
  if ((await users.findByLogin(admin.username)) || (await users.findByEmail(admin.email)))
    return undefined;
  return users.insert({
    organisationId: null,
    username: admin.username,
    email: admin.email,
    firstName: '',
    lastName: '',
    role: 'admin',
    passwordHash: admin.passwordHash,
  });
}

/**
 * At start: the platform admin of the configuration (PLATFORM_ADMIN_*), made once; a later
 * start leaves the user as it is (its password may have been changed in the app since).
 */
export async function seedPlatformAdmin(
  db: Database,
  log: FastifyBaseLogger,
  admin: { username: string; email: string; password: string },
): Promise<boolean> {
  const made = await createPlatformAdmin(db, {
    username: admin.username,
    email: admin.email,
    passwordHash: await hashPassword(admin.password),
  });
  if (made)
    log.info(
      `Platform admin '${made.username}' created from PLATFORM_ADMIN_USERNAME, PLATFORM_ADMIN_EMAIL and PLATFORM_ADMIN_PASSWORD.`,
    );
  return made !== undefined;
}
