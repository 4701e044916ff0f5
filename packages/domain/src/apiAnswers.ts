import { z } from 'zod';
import { ROLES } from './roles.ts';
import { SUPPORT_KINDS } from './support.ts';
import { organisationSettingsSchema } from './validation.ts';

// What the REST routes answer, as zod schemas: the server checks each answer against its schema
// and documents it in the OpenAPI document, from which the web's types are generated.

export const tokenPairAnswer = z.object({ access: z.string(), refresh: z.string() });

export const detailAnswer = z.object({ detail: z.string() });

const role = z.enum(ROLES);

export const userSummaryAnswer = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role,
  group: role,
  organisation_id: z.string().nullable(),
  is_active: z.boolean(),
  is_demo: z.boolean(),
  last_login: z.string().nullable(),
  created_on: z.string(),
});

export const usersListAnswer = z.object({
  organisation: z.object({ id: z.string(), name: z.string(), max_active_users: z.number() }),
  active_users: z.number(),
  results: z.array(userSummaryAnswer),
});

export const groupsAnswer = z.array(z.object({ name: role, label: z.string() }));

const organisationPreferences = organisationSettingsSchema.loose();

export const profileAnswer = userSummaryAnswer.extend({
  userId: z.string(),
  is_admin: z.boolean(),
  is_org_admin: z.boolean(),
  authorised_organisations: z.array(z.object({ id: z.string(), name: z.string() })),
  profile: z.object({
    username: z.string(),
    email: z.string(),
    preferences: z.record(z.string(), z.unknown()),
  }),
  organisation: z
    .object({
      id: z.string(),
      name: z.string(),
      max_active_users: z.number(),
      max_sites: z.number(),
      preferences: organisationPreferences,
    })
    .nullable(),
});

export const organisationAnswer = z.object({
  id: z.string(),
  name: z.string(),
  max_active_users: z.number(),
  max_sites: z.number(),
  active_users: z.number().optional(),
  preferences: organisationPreferences,
  created_on: z.string(),
  /** Set when the change queued the reprocessing of summary statistics: its task, to follow. */
  reprocessing_task_id: z.string().optional(),
});

export const organisationsAnswer = z.array(organisationAnswer);

export const mapConfigAnswer = z.object({
  styleUrl: z.string().nullable(),
  tileUrl: z.string(),
  tileAttribution: z.string(),
  satelliteUrl: z.string(),
  satelliteAttribution: z.string(),
});

export const storedImageAnswer = z.object({
  id: z.string(),
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number(),
  uploaded_on: z.string(),
});

export const imagesAnswer = z.object({ images: z.array(storedImageAnswer) });

/** The TMG export's checks: each failure with its code, site and figures (GET /api/tmg/check). */
export const tmgCheckAnswer = z.object({
  passed: z.boolean(),
  sites: z.number(),
  failures: z.array(
    z.object({
      code: z.string(),
      site: z.string(),
      params: z.record(z.string(), z.union([z.string(), z.number()])),
      message: z.string(),
    }),
  ),
  /** What is left out without failing (classification records of a non-FHWA site). */
  notes: z.array(
    z.object({
      code: z.string(),
      site: z.string(),
      params: z.record(z.string(), z.union([z.string(), z.number()])),
      message: z.string(),
    }),
  ),
  records: z.object({
    station: z.number(),
    volume: z.number(),
    classification: z.number(),
    speed: z.number(),
  }),
});

/** The support team's address, shown in Help (GET /bill/contact). */
export const contactAnswer = z.object({ email: z.string() });

/** Feedback and subscription enquiries sent, newest first (GET /bill/support-messages). */
export const supportMessagesAnswer = z.array(
  z.object({
    id: z.string(),
    kind: z.enum(SUPPORT_KINDS),
    username: z.string(),
    email: z.string(),
    organisation_id: z.string().nullable(),
    organisation_name: z.string().nullable(),
    text: z.string(),
    created_on: z.string(),
    attachments: z.array(
      z.object({
        id: z.string(),
        file_name: z.string(),
        content_type: z.string(),
        size_bytes: z.number(),
      }),
    ),
  }),
);

/** Views and users per organisation and screen (GET /api/page-views/usage). */
export const pageViewUsageAnswer = z.array(
  z.object({
    organisation_id: z.string().nullable(),
    organisation_name: z.string().nullable(),
    screen: z.string(),
    views: z.number(),
    users: z.number(),
    last_viewed_at: z.string(),
  }),
);
