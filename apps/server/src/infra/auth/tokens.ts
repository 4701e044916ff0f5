import { randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { isRole, type Role } from '@roadcount/domain';
import type { Database } from '../db/database.ts';
import { createServerSettingsRepository } from './serverSettings.repository.ts';

export interface AccessClaims {
  user_id: string;
  group: Role;
  /**
   * The demo account's visitor (issue 38): one sign-in of the shared demo account, which keeps
   * what that visitor asks for (reports, notifications read) apart from every other visitor's.
   */
  demo_session?: string;
}

export interface TokenService {
  signAccess: (claims: AccessClaims) => Promise<string>;
  /** The claims of a valid access token, or null for anything else (expired, tampered, alg none). */
  verifyAccess: (token: string) => Promise<(AccessClaims & { expiresAtMs: number }) | null>;
  /** A link token that lets its holder download one file for a few minutes. */
  signDownload: (fileId: string, userId: string, demoSession?: string) => Promise<string>;
  /** The file and user (and demo visitor, for the demo account) of a valid download token, or null. */
  verifyDownload: (
    token: string,
  ) => Promise<{ fileId: string; userId: string; demoSession?: string } | null>;
  /** Issue 26: a staff member's read-only view of one organisation, for a working day. */
  signOrganisationView: (userId: string, organisationId: string) => Promise<string>;
  /** The staff member and organisation of a valid view token, or null. */
  verifyOrganisationView: (
    token: string,
  ) => Promise<{ userId: string; organisationId: string } | null>;
}

const DOWNLOAD_TTL = '5m';
const ORGANISATION_VIEW_TTL = '12h';

const ALGORITHM = 'HS256';
const ISSUER = 'roadcount';

export function createTokenService(secret: string, accessTtlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async signAccess(claims) {
      return new SignJWT({
        group: claims.group,
        user_id: claims.user_id,
        type: 'access',
        ...(claims.demo_session ? { demo_session: claims.demo_session } : {}),
      })
        .setProtectedHeader({ alg: ALGORITHM })
        .setSubject(claims.user_id)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${accessTtlSeconds}s`)
        .sign(key);
    },
    async verifyAccess(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
        });
        if (payload.type !== 'access' || typeof payload.user_id !== 'string') return null;
        if (!isRole(payload.group)) return null;
        return {
          user_id: payload.user_id,
          group: payload.group,
          ...(typeof payload.demo_session === 'string'
            ? { demo_session: payload.demo_session }
            : {}),
          expiresAtMs: (payload.exp ?? Number.POSITIVE_INFINITY) * 1000,
        };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
    async signDownload(fileId, userId, demoSession) {
      return new SignJWT({
        type: 'download',
        file_id: fileId,
        ...(demoSession ? { demo_session: demoSession } : {}),
      })
        .setProtectedHeader({ alg: ALGORITHM })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(DOWNLOAD_TTL)
        .sign(key);
    },
    async verifyDownload(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
        });
        if (payload.type !== 'download' || typeof payload.file_id !== 'string' || !payload.sub)
          return null;
        return {
          fileId: payload.file_id,
          userId: payload.sub,
          ...(typeof payload.demo_session === 'string'
            ? { demoSession: payload.demo_session }
            : {}),
        };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
    async signOrganisationView(userId, organisationId) {
      return new SignJWT({ type: 'organisation_view', organisation_id: organisationId })
        .setProtectedHeader({ alg: ALGORITHM })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(ORGANISATION_VIEW_TTL)
        .sign(key);
    },
    async verifyOrganisationView(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
        });
        if (
          payload.type !== 'organisation_view' ||
          typeof payload.organisation_id !== 'string' ||
          !payload.sub
        )
          return null;
        return { userId: payload.sub, organisationId: payload.organisation_id };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}

/** JWT_SECRET when set; else one generated on first start and kept in the database. */
export async function resolveSigningSecret(
  db: Database,
  configured: string | undefined,
): Promise<string> {
  if (configured) return configured;
  const settings = createServerSettingsRepository(db);
  await settings.keepFirst('jwt_secret', randomBytes(48).toString('base64url'));
  const stored = await settings.read('jwt_secret');
  if (stored === undefined) throw new Error('could not store the token signing secret');
  return stored;
}

/** The token of an `Authorization: Bearer ...` value, or null. */
export function bearerToken(header: unknown): string | null {
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}
