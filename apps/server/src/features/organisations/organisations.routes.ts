import { createOrganisationSchema } from '@roadcount/domain';
import { authorize } from '../../infra/auth/viewer.ts';
import type { Router } from '../../infra/http/route.ts';
import { organisationUpdateSchema, type OrganisationsService } from './organisations.service.ts';

export function registerOrganisationsRoutes(router: Router, service: OrganisationsService): void {
  router.define({
    method: 'get',
    path: '/core/api/config/organisations/',
    summary: 'Organisations you can see: all for platform admins, else your own',
    tag: 'organisations',
    auth: true,
    responses: { 200: 'organisations with settings', 401: 'no session' },
    handler: ({ viewer }) => service.list(authorize(viewer, 'organisation.read')),
  });

  router.define({
    method: 'post',
    path: '/core/api/config/organisations/',
    summary: 'Create an organisation with its subscription level (platform admins)',
    tag: 'organisations',
    auth: true,
    body: createOrganisationSchema,
    status: 201,
    responses: { 201: 'created', 400: 'invalid or name taken', 403: 'not a platform admin' },
    handler: ({ viewer, body }) => service.create(authorize(viewer, 'organisations.create'), body),
  });

  router.define({
    method: 'get',
    path: '/core/api/config/organisations/:id',
    summary: "An organisation's settings",
    tag: 'organisations',
    auth: true,
    responses: { 200: 'organisation', 403: 'not yours' },
    handler: ({ viewer, params }) =>
      service.get(authorize(viewer, 'organisation.read'), params.id ?? ''),
  });

  router.define({
    method: 'patch',
    path: '/core/api/config/organisations/:id',
    summary: "Change an organisation's settings (org admins); name and limits (platform admins)",
    tag: 'organisations',
    auth: true,
    body: organisationUpdateSchema,
    responses: { 200: 'updated organisation', 400: 'invalid value', 403: 'not allowed' },
    handler: ({ viewer, params, body }) =>
      service.update(authorize(viewer, 'organisation.updateSettings'), params.id ?? '', body),
  });
}
