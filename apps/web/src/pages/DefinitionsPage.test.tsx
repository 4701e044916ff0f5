import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import changelogText from '../../../../CHANGELOG.md?raw';
import { DefinitionsPage } from './DefinitionsPage.tsx';

describe('the Definitions changelog tab (issue 37)', () => {
  it('shows the newest entries, not only a sentence and a button', async () => {
    render(
      <MemoryRouter initialEntries={['/ui/definitions/changelog']}>
        <Routes>
          <Route path="/ui/definitions/:tab" element={<DefinitionsPage />} />
        </Routes>
      </MemoryRouter>,
    );
    const latest = await screen.findByRole('region', { name: 'Latest changes' });
    const items = within(latest).getAllByRole('listitem');
    expect(items).toHaveLength(8);
    // The first entry at the top of CHANGELOG.md (its first line, code marks dropped).
    const firstLine = /^- (.+)$/m.exec(changelogText)?.[1]?.replace(/`/g, '') ?? '';
    expect(items[0]?.textContent?.startsWith(firstLine)).toBe(true);
    expect(screen.getByRole('link', { name: 'Open Latest Updates' })).toBeTruthy();
  });
});
