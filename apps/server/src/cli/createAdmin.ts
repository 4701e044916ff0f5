// `npm run create-admin -- <username> <email>`: creates a platform admin (role admin, no
// organisation) and prints a single-use link, valid seven days, to choose the password.
import { randomBytes } from 'node:crypto';
import { emailSchema, usernameSchema } from '@roadcount/domain';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../infra/db/database.ts';
import { hashToken, INVITE_TOKEN_TTL_MS } from '../features/auth/auth.service.ts';
import { hashPassword } from '../infra/auth/passwords.ts';
import { createPasswordTokensRepository } from '../features/auth/passwordTokens.repository.ts';
import { createUsersRepository } from '../features/users/users.repository.ts';

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
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  const users = createUsersRepository(database.db);
  if ((await users.findByLogin(username.data)) || (await users.findByEmail(email.data))) {
    console.error(
      `A user with the username '${username.data}' or the email '${email.data}' already exists.`,
    );
    process.exitCode = 1;
  } else {
    const user = await users.insert({
      organisationId: null,
      username: username.data,
      email: email.data,
      firstName: '',
      lastName: '',
      role: 'admin',
      passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
    });
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
