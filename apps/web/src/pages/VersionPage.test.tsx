import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VersionPage } from './VersionPage.tsx';

describe('Latest updates', () => {
  it("shows the project's CHANGELOG.md: its first release and the changes since", () => {
    render(<VersionPage />);
    // CHANGELOG.md: "## [0.1.0] - 2026-11-24", whose Added section lists the map.
    const first = screen.getByRole('region', { name: '0.1.0' });
    expect(within(first).getByText('24 November 2026')).toBeTruthy();
    expect(within(first).getByRole('heading', { name: 'Added' })).toBeTruthy();
    // Releases come newest first, as the file lists them.
    const names = screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'));
    expect(names.indexOf('0.1.0')).toBe(names.length - 1);
  });
});
