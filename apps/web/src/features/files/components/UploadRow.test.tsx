import { render, screen } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { changeLocale } from '@/i18n/i18n.ts';
import { UploadRow } from './UploadRow.tsx';

describe('an upload whose file is in no known format', () => {
  afterAll(() => changeLocale('en-GB'));

  it('says where and why in the user’s language', async () => {
    await changeLocale('es');
    render(
      <UploadRow
        upload={{ key: '1', name: 'empty.csv', progress: 1, state: 'uploaded', fileId: 'f1' }}
        task={{
          id: 't1',
          function_name: 'process_file',
          state: 'ER',
          message:
            'empty.csv: the format is not recognised: the file is empty; expected a MetroCount vehicle listing, a Jamar, Roadcount or Eco-Counter CSV, or a national-platform xlsx',
          updated_at: '2026-11-26T02:00:00Z',
          file_id: 'f1',
        }}
      />,
    );
    expect(
      screen.getByText(
        'empty.csv: no se reconoce el formato: el archivo está vacío; se esperaba un listado de vehículos de MetroCount, un CSV de Jamar, Roadcount o Eco-Counter, o un xlsx de la plataforma nacional',
      ),
    ).toBeTruthy();
  });

  it('says which line and field of the file are wrong, in the user’s language', async () => {
    await changeLocale('pt-PT');
    render(
      <UploadRow
        upload={{ key: '2', name: 'london.csv', progress: 1, state: 'uploaded', fileId: 'f2' }}
        task={{
          id: 't2',
          function_name: 'process_file',
          state: 'ER',
          message:
            "london.csv, line 12, field 'timestamp': '12/03/2026' is not an ISO 8601 timestamp",
          updated_at: '2026-11-26T02:00:00Z',
          file_id: 'f2',
        }}
      />,
    );
    expect(
      screen.getByText(
        'london.csv, linha 12, campo «timestamp»: «12/03/2026» não é uma marca temporal ISO 8601',
      ),
    ).toBeTruthy();
  });
});
