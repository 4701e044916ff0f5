import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Profile } from '@/lib/profile.ts';
import {
  ADMIN_ID,
  fakeServer,
  json,
  on,
  orgAdminProfile,
  renderWithApp,
  signInAs,
} from '@/test/fakeServer.tsx';
import { FeedbackButton } from './FeedbackButton.tsx';
import { FeedbackDialog } from './FeedbackDialog.tsx';
import { SupportDialogsProvider } from './SupportDialogs.tsx';

const profile = orgAdminProfile() as unknown as Profile;

describe('the feedback dialog', () => {
  it('sends only more than 5 characters, and shows SPEC’s failure text with the address', async () => {
    signInAs(ADMIN_ID, 'org_admin');
    const sent = fakeServer(
      on('POST', '/bill/feedback', () =>
        json({ status: 502, message: 'Sorry, there is something wrong.' }, 502),
      ),
      on('GET', '/bill/contact', () => json({ email: 'help-desk@county.example' })),
    );
    renderWithApp(<FeedbackDialog open profile={profile} onClose={() => undefined} />);
    const send = screen.getByRole('button', { name: 'Send' });
    fireEvent.change(screen.getByLabelText('Your feedback'), { target: { value: '12345' } });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Your feedback'), { target: { value: '123456' } });
    expect((send as HTMLButtonElement).disabled).toBe(false);

    const files = [new File(['a'], 'quarterly-traffic-report.pdf'), new File(['b'], 'photo.jpg')];
    fireEvent.change(screen.getByLabelText('Attach files'), { target: { files } });
    // 'quarterly-traffic-report' is cut to its first 10 characters: 'quarterly-'.
    expect(screen.getByText('quarterly-.pdf')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo.jpg' }));
    expect(screen.queryByText('photo.jpg')).toBeNull();

    fireEvent.click(send);
    expect(
      await screen.findByText(
        /Sorry, there is something wrong\. Please try again or contact support/,
      ),
    ).toBeTruthy();
    expect(await screen.findByText('help-desk@county.example')).toBeTruthy();
    expect(sent.filter((request) => request.url === '/bill/feedback')).toHaveLength(1);
  });

  it('has no feedback button for the demo account', async () => {
    signInAs(ADMIN_ID, 'org_admin');
    const sent = fakeServer(
      on('GET', `/core/api/config/users/${ADMIN_ID}`, () =>
        json({ ...orgAdminProfile(), is_demo: true }),
      ),
    );
    renderWithApp(
      <SupportDialogsProvider>
        <FeedbackButton />
      </SupportDialogsProvider>,
    );
    await waitFor(() => expect(sent.length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Send feedback' })).toBeNull();
  });

  it('offers the feedback button to everyone else', async () => {
    signInAs(ADMIN_ID, 'org_admin');
    fakeServer(on('GET', `/core/api/config/users/${ADMIN_ID}`, () => json(orgAdminProfile())));
    renderWithApp(
      <SupportDialogsProvider>
        <FeedbackButton />
      </SupportDialogsProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByRole('dialog', { name: 'Send feedback' })).toBeTruthy();
  });
});
