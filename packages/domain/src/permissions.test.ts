import { describe, expect, it } from 'vitest';
import { can } from './permissions.ts';

const orgA = { organisationId: 'org-a' };
const orgB = { organisationId: 'org-b' };

describe('can', () => {
  it('lets an org admin manage users of their own organisation only', () => {
    const admin = { role: 'org_admin' as const, organisationId: 'org-a' };
    expect(can(admin, 'users.create', orgA)).toBe(true);
    expect(can(admin, 'users.create', orgB)).toBe(false);
  });

  it('keeps viewers out of user management and settings', () => {
    const viewer = { role: 'org_user' as const, organisationId: 'org-a' };
    expect(can(viewer, 'users.list', orgA)).toBe(false);
    expect(can(viewer, 'organisation.updateSettings', orgA)).toBe(false);
    expect(can(viewer, 'organisation.read', orgA)).toBe(true);
    expect(can(viewer, 'exclusionFilters.manage', orgA)).toBe(true);
    expect(can(viewer, 'exclusionFilters.manage', orgB)).toBe(false);
    expect(can(viewer, 'badData.review', orgA)).toBe(false);
    expect(can({ ...viewer, role: 'org_admin' }, 'badData.review', orgA)).toBe(true);
  });

  it('lets platform admins reach any organisation', () => {
    const staff = { role: 'admin' as const, organisationId: null };
    expect(can(staff, 'users.delete', orgB)).toBe(true);
    expect(can(staff, 'organisations.create')).toBe(true);
  });

  it('refuses the demo account anything shared, whatever its role', () => {
    const demo = { role: 'org_admin' as const, organisationId: 'org-a', isDemo: true };
    expect(can(demo, 'users.create', orgA)).toBe(false);
    expect(can(demo, 'profile.read', orgA)).toBe(true);
    expect(can(demo, 'profile.update')).toBe(false);
    expect(can(demo, 'exclusionFilters.manage', orgA)).toBe(false);
    expect(can(demo, 'exclusionFilters.read', orgA)).toBe(true);
    expect(can(demo, 'badData.review', orgA)).toBe(false);
    expect(can(demo, 'profile.changeCredentials')).toBe(false);
    expect(can(demo, 'tasks.create', orgA)).toBe(false);
    expect(can(demo, 'notifications.send', orgA)).toBe(false);
    expect(can({ ...demo, role: 'org_user' }, 'files.requestApproval', orgA)).toBe(false);
    expect(can({ ...demo, isDemo: false }, 'profile.changeCredentials')).toBe(true);
  });

  it('lets a report or task be reached by its requester and the organisation’s admins only', () => {
    const report = { organisationId: 'org-a', ownerId: 'user-1' };
    const requester = { role: 'org_user' as const, organisationId: 'org-a', userId: 'user-1' };
    const colleague = { ...requester, userId: 'user-2' };
    const admin = { role: 'org_admin' as const, organisationId: 'org-a', userId: 'user-3' };
    const staff = { role: 'admin' as const, organisationId: null, userId: 'user-4' };
    expect(can(requester, 'reports.read', report)).toBe(true);
    expect(can(requester, 'reports.delete', report)).toBe(true);
    expect(can(colleague, 'reports.read', report)).toBe(false);
    expect(can(colleague, 'reports.delete', report)).toBe(false);
    expect(can(admin, 'reports.delete', report)).toBe(true);
    expect(can({ ...admin, organisationId: 'org-b' }, 'reports.read', report)).toBe(false);
    expect(can(staff, 'reports.read', report)).toBe(true);
    // The requester's account is gone: the organisation's admins still reach the report.
    expect(can(requester, 'reports.read', { ...report, ownerId: null })).toBe(false);
    expect(can(admin, 'reports.read', { ...report, ownerId: null })).toBe(true);
  });

  it('refuses a resource of no organisation to anyone but platform admins', () => {
    const admin = { role: 'org_admin' as const, organisationId: 'org-a' };
    expect(can(admin, 'users.delete', { organisationId: null })).toBe(false);
  });
});
