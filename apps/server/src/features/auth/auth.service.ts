import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SERVER_MESSAGES, type Role, serverMessage, tourOnSignIn } from '@roadcount/domain';
import { HttpError } from '../../infra/errors.ts';
import type { TokenService } from '../../infra/auth/tokens.ts';
import type { Mailer } from '../../infra/mail/mailer.ts';
import { mailBody, mailLocale, mailText } from '../../infra/mail/mailText.ts';
import type { users } from '../../infra/db/schema.ts';
import { hashPassword, UNKNOWN_USER_HASH, verifyPassword } from '../../infra/auth/passwords.ts';
import { assertAcceptablePassword } from './passwordPolicy.ts';
import type {
  PasswordTokenPurpose,
  PasswordTokensRepository,
} from './passwordTokens.repository.ts';
import type { RefreshTokensRepository } from './refreshTokens.repository.ts';

export const REFRESH_TOKEN_TTL_MS = 14 * 24 * 3600 * 1000;
export const RESET_TOKEN_TTL_MS = 3600 * 1000;
export const INVITE_TOKEN_TTL_MS = 7 * 24 * 3600 * 1000;
export const INVALID_CREDENTIALS = SERVER_MESSAGES.invalidCredentials;
const INVALID_REFRESH = 'Token is invalid or expired';
export const INVALID_RESET_LINK = 'This link is invalid or has expired. Please ask for a new one.';
export const RESET_REQUESTED = 'If an account uses this email, a reset link has been sent to it.';

export interface TokenPair {
  access: string;
  refresh: string;
}

type UserRow = typeof users.$inferSelect;

/** The stored users that sign-in and password links read and change; the app gives them. */
export interface AuthUsers {
  findById: (id: string) => Promise<UserRow | undefined>;
  findByLogin: (login: string) => Promise<UserRow | undefined>;
  findByEmail: (email: string) => Promise<UserRow | undefined>;
  recordLogin: (id: string) => Promise<void>;
  /** Merges keys into the user's stored preferences. */
  mergePreferences: (id: string, preference: Record<string, unknown>) => Promise<unknown>;
  update: (id: string, values: { passwordHash: string }) => Promise<UserRow>;
  /** Ends every session of the user. */
  revokeSessions: (userId: string) => Promise<void>;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function createAuthService(deps: {
  users: AuthUsers;
  refreshTokens: RefreshTokensRepository;
  passwordTokens: PasswordTokensRepository;
  tokens: TokenService;
  mailer: Mailer;
  publicUrl: string;
}) {
  async function issuePair(user: UserRow, familyId: string): Promise<TokenPair> {
    // The demo account's sign-in is its visitor's session: the family lives as long as it does.
    const access = await deps.tokens.signAccess({
      user_id: user.id,
      group: user.role as Role,
      ...(user.isDemo ? { demo_session: familyId } : {}),
    });
    const refresh = randomBytes(32).toString('base64url');
    await deps.refreshTokens.insert({
      userId: user.id,
      familyId,
      tokenHash: hashToken(refresh),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
    });
    return { access, refresh };
  }

  /** A single-use link to set a password, mailed to the user. */
  async function sendPasswordLink(user: UserRow, purpose: PasswordTokenPurpose): Promise<void> {
    await deps.passwordTokens.invalidateForUser(user.id);
    const token = randomBytes(32).toString('base64url');
    await deps.passwordTokens.insert({
      userId: user.id,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(
        Date.now() + (purpose === 'reset' ? RESET_TOKEN_TTL_MS : INVITE_TOKEN_TTL_MS),
      ),
    });
    const link = `${deps.publicUrl}/auth/password?token=${token}`;
    const locale = mailLocale(user.preferences);
    const paragraphs =
      purpose === 'reset'
        ? [
            mailText(locale, 'passwordReset.request', { username: user.username }),
            mailText(locale, 'passwordReset.link', { link }),
            mailText(locale, 'passwordReset.ignore'),
          ]
        : [
            mailText(locale, 'invite.created', { username: user.username }),
            mailText(locale, 'invite.link', { link }),
          ];
    await deps.mailer.send({
      to: user.email,
      subject: mailText(locale, purpose === 'reset' ? 'passwordReset.subject' : 'invite.subject'),
      text: mailBody(locale, user.firstName, paragraphs),
      link,
    });
  }

  return {
    sendPasswordLink,

    /** The account a login names, by its username or email; undefined when none has it. */
    accountOf(login: string): Promise<UserRow | undefined> {
      return deps.users.findByLogin(login);
    },

    /**
     * What the per-account sign-in limit counts on: the account the login names (its username
     * and its email share one count), or the text typed when no account has it.
     */
    signInLimitKey(login: string, account: UserRow | undefined): string {
      return account ? `user:${account.id}` : `login:${login.trim().toLowerCase()}`;
    },

    /**
     * Signs in the account `accountOf` found for the login, if the password is its own. Its
     * last login and its new session are written together: sign-in waits on one round trip to
     * the database after the password, not two.
     */
    async obtain(account: UserRow | undefined, password: string): Promise<TokenPair> {
      const valid = await verifyPassword(account?.passwordHash ?? UNKNOWN_USER_HASH, password);
      if (!account || !valid || !account.isActive) throw new HttpError(401, INVALID_CREDENTIALS);
      // Issue 37: a first sign-in (in this role) sets the flag that starts the guided tour.
      const tour = tourOnSignIn(account.preferences, {
        role: account.role as Role,
        firstSignIn: account.lastLogin === null,
        isDemo: account.isDemo,
      });
      const [pair] = await Promise.all([
        issuePair(account, randomUUID()),
        deps.users.recordLogin(account.id),
        tour ? deps.users.mergePreferences(account.id, tour) : undefined,
      ]);
      return pair;
    },

    /** Rotates the refresh token. Using a rotated one again revokes its whole family. */
    async refresh(refreshToken: string): Promise<TokenPair> {
      const stored = await deps.refreshTokens.findByHash(hashToken(refreshToken));
      if (!stored || stored.revokedAt || stored.expiresAt.getTime() <= Date.now()) {
        throw new HttpError(401, INVALID_REFRESH);
      }
      if (stored.usedAt || !(await deps.refreshTokens.markUsed(stored.id))) {
        await deps.refreshTokens.revokeFamily(stored.familyId);
        throw new HttpError(401, INVALID_REFRESH);
      }
      const user = await deps.users.findById(stored.userId);
      if (!user || !user.isActive) throw new HttpError(401, INVALID_REFRESH);
      return issuePair(user, stored.familyId);
    },

    /** Ends the session the refresh token belongs to. Unknown tokens are ignored. */
    async logout(refreshToken: string): Promise<void> {
      const stored = await deps.refreshTokens.findByHash(hashToken(refreshToken));
      if (stored) await deps.refreshTokens.revokeFamily(stored.familyId);
    },

    /** Answers the same whether or not the email belongs to an account. */
    async requestReset(email: string): Promise<void> {
      const user = await deps.users.findByEmail(email);
      if (user?.isActive) await sendPasswordLink(user, 'reset');
    },

    /** A refused password leaves the link usable: it is spent only by the password it sets. */
    async confirmReset(token: string, password: string): Promise<void> {
      const tokenHash = hashToken(token);
      const userId = await deps.passwordTokens.findUsable(tokenHash);
      const user = userId ? await deps.users.findById(userId) : undefined;
      if (!user || !user.isActive) throw new HttpError(400, INVALID_RESET_LINK);
      assertAcceptablePassword(password, { username: user.username, email: user.email });
      const passwordHash = await hashPassword(password);
      // Two submissions of one link race here: only the one that spends it sets the password.
      if ((await deps.passwordTokens.consume(tokenHash)) !== user.id)
        throw new HttpError(400, INVALID_RESET_LINK);
      await deps.users.update(user.id, { passwordHash });
      await deps.users.revokeSessions(user.id);
    },

    /** Changes the password after checking the current one; other sessions end, this one goes on. */
    async changePassword(
      user: UserRow,
      currentPassword: string,
      newPassword: string,
    ): Promise<TokenPair> {
      if (!(await verifyPassword(user.passwordHash, currentPassword))) {
        throw new HttpError(400, serverMessage('wrongCurrentPassword'));
      }
      assertAcceptablePassword(newPassword, { username: user.username, email: user.email });
      const updated = await deps.users.update(user.id, {
        passwordHash: await hashPassword(newPassword),
      });
      await deps.users.revokeSessions(user.id);
      return issuePair(updated, randomUUID());
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
