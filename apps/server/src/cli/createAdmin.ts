// `npm run create-admin -- <username> <email>`: creates a platform admin (role admin, no
// organisation) and prints a single-use link, valid seven days, to choose the password. On the
// embedded database it refuses while a server holds it (PGlite serves one process); on
// PostgreSQL the running servers see the new admin at once.
import { randomBytes } from 'node:crypto';
import { emailSchema, usernameSchema } from '@roadcount/domain';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../infra/db/database.ts';
import { DatabaseInUseError } from '../infra/db/embeddedLock.ts';
import { hashToken, INVITE_TOKEN_TTL_MS } from '../features/auth/auth.service.ts';
import { hashPassword } from '../infra/auth/passwords.ts';
import { createPasswordTokensRepository } from '../features/auth/passwordTokens.repository.ts';
import { createPlatformAdmin } from '../features/users/platformAdmin.ts';

const [usernameArgument, emailArgument] = process.argv.slice(2);
const username = usernameSchema.safeParse(usernameArgument);
const email = emailSchema.safeParse(emailArgument);
if (!username.success || !email.success) {
  console.error('Usage: npm run create-admin -- <username> <email>');
  if (!username.success) console.error(`username: ${username.error.issues[0]?.message}`);
  if (!email.success) console.error(`email: ${email.error.issues[0]?.message}`);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
}).catch((error: unknown) => {
  if (!(error instanceof DatabaseInUseError)) throw error;
  // The running server would never see a user written beside it: say so, make nothing.
  console.error(
    `No admin was created: the embedded database in ${error.directory} is in use by a running` +
      ` Roadcount server (process ${error.holder.pid}), and PGlite serves one process at a time.`,
  );
  console.error(
    'Stop the server, run this command again, then start the server; or set' +
      ' PLATFORM_ADMIN_USERNAME, PLATFORM_ADMIN_EMAIL and PLATFORM_ADMIN_PASSWORD and restart it' +
      ' (README, Configuration).',
  );
  process.exit(1);
});
try {
  await database.migrate();
  const user = await createPlatformAdmin(database.db, {
    username: username.data,
    email: email.data,
    passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
  });
  if (!user) {
    console.error(
      `A user with the username '${username.data}' or the email '${email.data}' already exists.`,
    );
    process.exitCode = 1;
  } else {
    const token = randomBytes(32).toString('base64url');
    await createPasswordTokensRepository(database.db).insert({
      userId: user.id,
      purpose: 'invite',
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + INVITE_TOKEN_TTL_MS),
    });
    console.log(
      `Platform admin '${user.username}' created. Choose the password here (once, within 7 days):`,
    );
    console.log(`${config.publicUrl}/auth/password?token=${token}`);
    console.log(
      process.env.PUBLIC_URL
        ? '(The address is PUBLIC_URL.)'
        : `(The address assumes the server runs on this machine on port ${config.port}; set PUBLIC_URL if users reach it elsewhere.)`,
    );
  }
} finally {
  await database.close();
}
