import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { UploadBox } from './UploadBox.tsx';

const uploadFiles = vi.fn((..._args: unknown[]) => Promise.resolve([]));
vi.mock('../api/filesApi.ts', () => ({
  uploadFiles: (...args: unknown[]) => uploadFiles(...args),
}));

const counts = new File(['Time,Towpath\n'], 'towpath.csv', { type: 'text/csv' });

describe('the bike and pedestrian upload box (issue 37)', () => {
  it('sends the files as the counts chosen: bicycles, or pedestrians', () => {
    render(<UploadBox kind="bike" tasks={new Map()} />);
    const picker = screen.getByLabelText('Bike and pedestrian counts', { selector: 'input' });
    expect(screen.getByRole('radio', { name: 'Bicycles' })).toHaveProperty('checked', true);
    fireEvent.change(picker, { target: { files: [counts] } });
    expect(uploadFiles.mock.calls.at(-1)?.[1]).toBe('bike');

    fireEvent.click(screen.getByRole('radio', { name: 'Pedestrians' }));
    fireEvent.change(picker, { target: { files: [counts] } });
    expect(uploadFiles.mock.calls.at(-1)?.[1]).toBe('pedestrian');
  });

  it('asks nothing of vehicle files', () => {
    render(<UploadBox kind="vehicle" tasks={new Map()} />);
    expect(screen.queryByRole('radio')).toBeNull();
  });
});
