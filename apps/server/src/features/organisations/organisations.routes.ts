import {
  createOrganisationSchema,
  organisationAnswer,
  organisationsAnswer,
} from '@roadcount/domain';
import type { Router } from '../../infra/http/route.ts';
import { organisationUpdateSchema, type OrganisationsService } from './organisations.service.ts';

export function registerOrganisationsRoutes(router: Router, service: OrganisationsService): void {
  router.define({
    method: 'get',
    path: '/core/api/config/organisations/',
    summary: 'Organisations you can see: all for platform admins, else your own',
    tag: 'organisations',
    auth: true,
    permission: 'organisation.read',
    responses: { 200: 'organisations with settings', 401: 'no session' },
    answer: organisationsAnswer,
    handler: ({ viewer }) => service.list(viewer),
  });

  router.define({
    method: 'post',
    path: '/core/api/config/organisations/',
    summary: 'Create an organisation with its subscription level (platform admins)',
    tag: 'organisations',
    auth: true,
    permission: 'organisations.create',
    body: createOrganisationSchema,
    status: 201,
    responses: { 201: 'created', 400: 'invalid or name taken', 403: 'not a platform admin' },
    answer: organisationAnswer,
    auditAction: 'create_organisation',
    auditedOrganisation: (_params, answer) => (answer as { id: string }).id,
    handler: ({ viewer, body }) => service.create(viewer, body),
  });

  router.define({
    method: 'get',
    path: '/core/api/config/organisations/:id',
    summary: "An organisation's settings",
    tag: 'organisations',
    auth: true,
    permission: 'organisation.read',
    responses: { 200: 'organisation', 403: 'not yours' },
    answer: organisationAnswer,
    handler: ({ viewer, params }) => service.get(viewer, params.id ?? ''),
  });

  router.define({
    method: 'patch',
    path: '/core/api/config/organisations/:id',
    summary: "Change an organisation's settings (org admins); name and limits (platform admins)",
    tag: 'organisations',
    auth: true,
    permission: 'organisation.updateSettings',
    body: organisationUpdateSchema,
    responses: { 200: 'updated organisation', 400: 'invalid value', 403: 'not allowed' },
    answer: organisationAnswer,
    auditAction: 'update_organisation',
    auditedOrganisation: (params) => params.id,
    handler: ({ viewer, params, body }) => service.update(viewer, params.id ?? '', body),
  });
}
