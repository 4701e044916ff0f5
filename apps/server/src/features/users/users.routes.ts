import { z } from 'zod';
import { createUserSchema, emailSchema } from '@roadcount/domain';
import type { Router } from '../../infra/http/route.ts';
import type { UsersService } from './users.service.ts';
import { groupsAnswer, profileAnswer, userSummaryAnswer, usersListAnswer } from '@roadcount/domain';

const userIdBody = z.object({ user_id: z.uuid() });
const listQuery = z.object({ organisation_id: z.uuid().optional() });
const updateOwnBody = z.object({
  email: emailSchema.optional(),
  password: z.string().max(1024).optional(),
  first_name: z.string().trim().max(150).optional(),
  last_name: z.string().trim().max(150).optional(),
  locale: z.string().max(10).optional(),
});

export function registerUsersRoutes(router: Router, service: UsersService): void {
  router.define({
    method: 'get',
    path: '/core/api/config/users/:id',
    summary: "A user's profile: yourself, or a user of an organisation you administer",
    tag: 'users',
    auth: true,
    permission: 'profile.read',
    responses: { 200: 'profile', 401: 'no session', 403: 'not yours to see' },
    answer: profileAnswer,
    handler: ({ viewer, params }) => service.profile(viewer, params.id ?? ''),
  });

  router.define({
    method: 'patch',
    path: '/core/api/config/users/me/',
    summary: 'Update your own profile: names, locale, and email (with your current password)',
    tag: 'users',
    auth: true,
    permission: 'profile.update',
    body: updateOwnBody,
    responses: { 200: 'updated user', 400: 'invalid input', 401: 'no session' },
    answer: userSummaryAnswer,
    handler: ({ viewer, body }) => service.updateOwn(viewer, body),
  });

  router.define({
    method: 'get',
    path: '/core/api/config/users/',
    summary: 'Users of your organisation (platform admins: of any, with organisation_id)',
    tag: 'users',
    auth: true,
    permission: 'users.list',
    query: listQuery,
    responses: {
      200: 'users with the active count and limit',
      401: 'no session',
      403: 'not an admin of it',
    },
    answer: usersListAnswer,
    handler: ({ viewer, query }) => service.list(viewer, query.organisation_id),
  });

  router.define({
    method: 'post',
    path: '/core/api/config/create_user/',
    summary: 'Create a user, who is emailed a link to choose a password',
    tag: 'users',
    auth: true,
    permission: 'users.create',
    auditAction: 'create_user',
    body: createUserSchema,
    status: 201,
    responses: {
      201: 'created user',
      400: 'invalid or taken',
      403: 'not allowed',
      409: 'active-user limit reached',
    },
    answer: userSummaryAnswer,
    handler: ({ viewer, body }) => service.create(viewer, body),
  });

  router.define({
    method: 'post',
    path: '/core/api/config/delete_user/',
    summary: 'Delete a user of your organisation; their sessions end',
    tag: 'users',
    auth: true,
    permission: 'users.delete',
    auditAction: 'delete_user',
    body: userIdBody,
    responses: { 204: 'deleted', 403: 'not allowed' },
    handler: ({ viewer, body }) => service.delete(viewer, body.user_id),
  });

  router.define({
    method: 'post',
    path: '/core/api/config/reset_and_resend_password/',
    summary: "Reset a user's password and email them a link to choose a new one",
    tag: 'users',
    auth: true,
    permission: 'users.resetPassword',
    auditAction: 'reset_user_password',
    body: userIdBody,
    responses: { 204: 'reset and sent', 403: 'not allowed' },
    handler: ({ viewer, body }) => service.resetAndResend(viewer, body.user_id),
  });

  router.define({
    method: 'get',
    path: '/core/api/config/groups/',
    summary: 'The groups (roles) you may give users',
    tag: 'users',
    auth: true,
    permission: 'groups.list',
    responses: { 200: 'groups with labels', 403: 'not an admin' },
    answer: groupsAnswer,
    handler: ({ viewer }) => Promise.resolve(service.groups(viewer)),
  });
}
