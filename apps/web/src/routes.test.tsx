import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { NAVIGATION } from '@/lib/navigation.tsx';
import { routes } from './routes.tsx';

describe('routes', () => {
  it('serves a screen for every entry of the navigation, none of them "not found"', () => {
    const entries = NAVIGATION.filter((entry) => !entry.section);
    expect(entries.length).toBeGreaterThan(10);
    for (const entry of entries) {
      const matched = matchRoutes(routes, entry.path) ?? [];
      const last = matched.at(-1)?.route.path;
      expect(last, entry.path).toBeDefined();
      expect(last, entry.path).not.toBe('*');
    }
  });
});
