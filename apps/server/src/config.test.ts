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
