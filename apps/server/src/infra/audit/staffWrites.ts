import type { Action } from '@roadcount/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { IResolvers } from 'mercurius';
import type { Viewer } from '../auth/viewer.ts';
import type { StaffAudit } from './staffAudit.repository.ts';

/** A write as the audit log records it: the operation, what it was given, what it answered. */
export interface StaffWrite {
  /** The GraphQL mutation's name in snake_case, or the REST route's audit name. */
  action: string;
  /** The REST route's permission; GraphQL mutations check theirs in their services. */
  permission?: Action | 'public' | 'signed-in';
  input: Record<string, unknown>;
  result: unknown;
}

/**
 * Writes that concern only the staff member's own session and profile (their password, their
 * preferences, their notifications read), or that their service records itself with more
 * detail (the staff tasks with the task queued, the organisation view with its token's audit
 * entry): every other write platform staff make is recorded here.
 */
const OWN_MUTATIONS: ReadonlySet<string> = new Set([
  'update_filterset',
  'update_user_preference',
  'mark_notifications_read',
]);
const RECORDED_BY_THEIR_SERVICE: ReadonlySet<string> = new Set([
  'start_staff_task',
  'record_organisation_view',
]);
const OWN_PERMISSIONS: ReadonlySet<string> = new Set([
  'public',
  'signed-in',
  'profile.read',
  'profile.update',
  'profile.changeCredentials',
]);

/** Keys whose values never go into the log, and how long a text kept there may be. */
const SECRET_KEY = /password|token|secret|key$/i;
const TEXT_LIMIT = 300;

/** The input as the log keeps it: secrets left out, long texts (a CSV of sites) cut short. */
function loggedValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string')
    return value.length > TEXT_LIMIT ? `${value.slice(0, TEXT_LIMIT)}…` : value;
  if (Array.isArray(value))
    return depth > 3
      ? `[${value.length} items]`
      : value.map((item) => loggedValue(item, depth + 1));
  if (value && typeof value === 'object') {
    if (depth > 3) return '{…}';
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        SECRET_KEY.test(key) ? '(not logged)' : loggedValue(item, depth + 1),
      ]),
    );
  }
  return value;
}

const ORGANISATION_KEYS = [
  'organisationId',
  'organisation_id',
  'orgId',
  'owner_organisation_id',
] as const;

/** The first text among `keys` of the places (objects, or a list's first item), if any. */
function firstText(places: unknown[], keys: readonly string[]): string | undefined {
  for (const place of places) {
    if (!place || typeof place !== 'object' || Array.isArray(place)) continue;
    for (const key of keys) {
      const raw = (place as Record<string, unknown>)[key];
      const value: unknown = Array.isArray(raw) ? raw[0] : raw;
      if (typeof value === 'string' && value !== '') return value;
    }
  }
  return undefined;
}

/**
 * The organisation the write is about: one its input or answer names, else the owner of the
 * site or file it names.
 */
async function organisationOf(audit: StaffAudit, write: StaffWrite): Promise<string | null> {
  const places = [write.input, ...Object.values(write.input), write.result];
  const named = firstText(places, ORGANISATION_KEYS);
  if (named) return named;
  const siteId = firstText(places, ['siteId', 'site_id', 'target_id']);
  const fileId = firstText(places, ['fileId', 'fileIds', 'ecoId', 'file_id']);
  if (!siteId && !fileId) return null;
  return audit.organisationOf({ siteId, fileId });
}

/** appendTrafficDataFileNote as append_traffic_data_file_note, as the log names actions. */
const snakeCase = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

export type RecordStaffWrite = (viewer: Viewer | null, write: StaffWrite) => Promise<void>;

/**
 * Issue 37: the one place a platform staff member's writes are recorded. The REST router and the
 * GraphQL mutations call it after each write that succeeded; it keeps those of platform staff
 * (role admin) but their own profile's, with the operation, its input and the organisation.
 */
export function createStaffWriteRecorder(
  audit: StaffAudit,
  log: FastifyBaseLogger,
): RecordStaffWrite {
  return async (viewer, write) => {
    if (viewer?.role !== 'admin') return;
    if (OWN_MUTATIONS.has(write.action) || RECORDED_BY_THEIR_SERVICE.has(write.action)) return;
    if (write.permission !== undefined && OWN_PERMISSIONS.has(write.permission)) return;
    try {
      await audit.record({
        userId: viewer.userId,
        username: viewer.row.username,
        action: write.action,
        organisationId: await organisationOf(audit, write),
        detail: { input: loggedValue(write.input) },
      });
    } catch (error) {
      // The write itself is done; a record that failed is said loudly rather than undoing it.
      log.error({ err: error, action: write.action }, 'a staff action could not be audited');
    }
  };
}

/**
 * The resolver sets with each Mutation field recording its successful writes through `record`
 * (GraphQL's side of the one place; the router is REST's).
 */
export function auditMutations<Context extends { viewer: Viewer | null }>(
  resolverSets: IResolvers<unknown, Context>[],
  record: RecordStaffWrite,
): IResolvers<unknown, Context>[] {
  return resolverSets.map((resolverSet) => {
    const mutations = resolverSet.Mutation as
      | Record<string, (...args: [unknown, Record<string, unknown>, Context, unknown]) => unknown>
      | undefined;
    if (!mutations) return resolverSet;
    return {
      ...resolverSet,
      Mutation: Object.fromEntries(
        Object.entries(mutations).map(([name, resolve]) => [
          name,
          typeof resolve !== 'function'
            ? resolve
            : async (
                root: unknown,
                args: Record<string, unknown>,
                context: Context,
                info: unknown,
              ) => {
                const result: unknown = await resolve(root, args, context, info);
                await record(context.viewer, { action: snakeCase(name), input: args, result });
                return result;
              },
        ]),
      ),
    };
  });
}
