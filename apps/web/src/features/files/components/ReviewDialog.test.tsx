import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_ID, fakeServer, json, on, renderWithApp, signInAs } from '@/test/fakeServer.tsx';
import type { TrafficDataFile } from '../api/filesApi.ts';
import { ReviewDialog } from './ReviewDialog.tsx';

function fileWith(status: string): TrafficDataFile {
  return {
    id: '11111111-2222-4333-8444-555555555555',
    file_name: 'tubes.csv',
    uploaded_on: '2026-11-20T09:00:00Z',
    start_data_datetime: null,
    end_data_datetime: null,
    review_status: status,
    logs: {
      saved_vehicles: 20,
      data_qc_tests: { sufficient_hours: { passed: false, value: 5.5, threshold: 24 } },
      processing_error: null,
      duplicate_of: null,
    },
    site: null,
  };
}

const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

describe('the data quality review', () => {
  it('shows each failed test with its threshold and value, and lets an admin decide only while it waits', () => {
    signInAs(ADMIN_ID, 'org_admin');
    fakeServer();
    const { unmount } = renderWithApp(
      <ReviewDialog file={fileWith('WFR')} canReview onClose={() => undefined} />,
    );
    expect(screen.getByText('Insufficient survey duration')).toBeTruthy();
    expect(screen.getByText('24')).toBeTruthy();
    expect(screen.getByText('5.5')).toBeTruthy();
    expect(button('Accept').disabled).toBe(false);
    expect(button('Reject').disabled).toBe(false);
    unmount();
    renderWithApp(<ReviewDialog file={fileWith('ACC')} canReview onClose={() => undefined} />);
    expect(button('Accept').disabled).toBe(true);
    expect(button('Reject').disabled).toBe(true);
  });

  it('names both schemes when a file’s class scheme differs from its site’s', () => {
    signInAs(ADMIN_ID, 'org_admin');
    fakeServer();
    const file = fileWith('WFR');
    file.logs.data_qc_tests = {
      class_scheme_mismatch: {
        passed: false,
        value: 4,
        threshold: 0,
        reason: "The file's class scheme differs from the site's",
        file_scheme: 'Austroads (ARX)',
        site_scheme: 'FHWA 13 (14 bicycle, 15 unclassified)',
      },
    };
    renderWithApp(<ReviewDialog file={file} canReview onClose={() => undefined} />);
    expect(
      screen.getByText(
        'Class scheme differs: the file counts in Austroads (ARX), the site in FHWA 13 (14 bicycle, 15 unclassified), and no mapping between them exists',
      ),
    ).toBeTruthy();
  });

  it('lets a viewer request approval instead, once', async () => {
    signInAs(ADMIN_ID, 'org_user');
    fakeServer(
      on('POST', '/gql/v1/graphql/', () => json({ data: { requestQualityApproval: true } })),
    );
    renderWithApp(
      <ReviewDialog
        file={fileWith('WFR')}
        canReview={false}
        canRequest
        onClose={() => undefined}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    fireEvent.click(button('Request approval'));
    expect(
      await screen.findByText('The organisation’s admins have been asked to review this file.'),
    ).toBeTruthy();
    expect(button('Request approval').disabled).toBe(true);
  });
});
