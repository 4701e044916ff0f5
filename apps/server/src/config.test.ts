import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has defaults that make `npm start` work', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemo).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('reads SEED_DEMO=false and treats empty variables as unset', () => {
    const config = loadConfig({ SEED_DEMO: 'false', DATABASE_URL: '' });
    expect(config.seedDemo).toBe(false);
    expect(config.databaseUrl).toBeUndefined();
  });

  it('names every invalid variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x/y' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x/y' });
    } catch (error) {
      expect((error as Error).message).toContain('PORT');
      expect((error as Error).message).toContain('DATABASE_URL');
    }
  });

  it('reads a platform admin given whole, and names what is wrong with one given in part', () => {
    expect(loadConfig({}).platformAdmin).toBeUndefined();
    expect(
      loadConfig({
        PLATFORM_ADMIN_USERNAME: 'staff.ana',
        PLATFORM_ADMIN_EMAIL: 'Ana@Example.test',
        PLATFORM_ADMIN_PASSWORD: 'copper-kettle-93',
      }).platformAdmin,
    ).toEqual({ username: 'staff.ana', email: 'ana@example.test', password: 'copper-kettle-93' });
    expect(() => loadConfig({ PLATFORM_ADMIN_EMAIL: 'ana@example.test' })).toThrow(
      /PLATFORM_ADMIN_USERNAME: set the three PLATFORM_ADMIN_ variables together[\s\S]*PLATFORM_ADMIN_PASSWORD: set the three/,
    );
    const admin = {
      PLATFORM_ADMIN_USERNAME: 'staff.ana',
      PLATFORM_ADMIN_EMAIL: 'ana@example.test',
    };
    expect(() => loadConfig({ ...admin, PLATFORM_ADMIN_PASSWORD: 'password1' })).toThrow(
      'PLATFORM_ADMIN_PASSWORD: This password is one of the most common',
    );
    expect(() => loadConfig({ ...admin, PLATFORM_ADMIN_PASSWORD: 'k7#q' })).toThrow(
      'PLATFORM_ADMIN_PASSWORD: Use at least 8 characters',
    );
    expect(() =>
      loadConfig({
        ...admin,
        PLATFORM_ADMIN_EMAIL: 'not-an-email',
        PLATFORM_ADMIN_PASSWORD: 'copper-kettle-93',
      }),
    ).toThrow('PLATFORM_ADMIN_EMAIL');
  });

  it("runs the demo's realtime feed only with the demo and its counts seeded", () => {
    expect(loadConfig({}).demoRealtime).toBe(true);
    expect(loadConfig({ DEMO_REALTIME: 'false' }).demoRealtime).toBe(false);
    expect(loadConfig({ SEED_DEMO: 'false' }).demoRealtime).toBe(false);
    expect(loadConfig({ SEED_DEMO_SURVEYS: 'false' }).demoRealtime).toBe(false);
  });

  it('reads the task kinds a worker takes and its lease, refusing an unknown kind', () => {
    expect(loadConfig({}).workerTasks).toBeUndefined();
    expect(loadConfig({}).taskLeaseMs).toBe(300_000);
    const config = loadConfig({
      WORKER_TASKS: 'custom_report, generate_site_reports',
      TASK_LEASE_SECONDS: '15',
    });
    expect(config.workerTasks).toEqual(['custom_report', 'generate_site_reports']);
    expect(config.taskLeaseMs).toBe(15_000);
    expect(() => loadConfig({ WORKER_TASKS: 'custom_report,make_coffee' })).toThrow(/WORKER_TASKS/);
  });

  it('trusts no proxy unless TRUST_PROXY says which', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'any;host' })).toThrow(/TRUST_PROXY/);
  });
});
