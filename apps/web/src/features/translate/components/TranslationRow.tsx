import { Button, Chip, Stack, TableCell, TableRow, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFlash } from '@/ui/flash/useFlash.ts';
import { errorMessage } from '@/lib/requestErrors.ts';
import { useSaveTranslation } from '../api/translateApi.ts';
import { placeholders } from '../catalogue.ts';

interface Props {
  locale: string;
  entryKey: string;
  english: string;
  bundled: string | undefined;
  override: string | undefined;
}

/** One key: its English text and its text in the locale, editable and saved as an override. */
export function TranslationRow({ locale, entryKey, english, bundled, override }: Props) {
  const { t } = useTranslation();
  const flash = useFlash();
  const save = useSaveTranslation();
  const current = override ?? bundled ?? '';
  const [draft, setDraft] = useState(current);
  const missing = current === '';
  const changed = draft !== current;
  const lost = placeholders(english).filter((name) => !placeholders(draft).includes(name));
  const store = (text: string) =>
    save.mutate(
      { locale, key: entryKey, text },
      {
        onSuccess: () => flash({ message: t('translate.saved'), severity: 'success' }),
        onError: (error) => flash({ message: errorMessage(error), severity: 'error' }),
      },
    );
  return (
    <TableRow
      data-testid={`translation-${entryKey}`}
      sx={missing ? { bgcolor: 'warning.light', '& td': { borderColor: 'warning.main' } } : {}}
    >
      <TableCell
        sx={{ fontFamily: 'monospace', fontSize: '0.8rem', wordBreak: 'break-all', width: '22%' }}
      >
        {entryKey}
        <Stack direction="row" spacing={0.5} sx={{ mt: 0.5 }}>
          {missing && <Chip size="small" color="warning" label={t('translate.missing')} />}
          {override !== undefined && (
            <Chip size="small" color="primary" variant="outlined" label={t('translate.edited')} />
          )}
        </Stack>
      </TableCell>
      <TableCell sx={{ width: '34%' }}>
        <Typography variant="body2">{english}</Typography>
      </TableCell>
      <TableCell>
        <TextField
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          multiline
          fullWidth
          size="small"
          placeholder={english}
          error={lost.length > 0}
          helperText={
            lost.length > 0
              ? t('translate.placeholdersLost', { names: lost.join(', ') })
              : undefined
          }
          slotProps={{ htmlInput: { 'aria-label': t('translate.textOf', { key: entryKey }) } }}
        />
        {(changed || override !== undefined) && (
          <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: 'flex-end' }}>
            {override !== undefined && !changed && (
              <Button
                size="small"
                onClick={() => {
                  setDraft(bundled ?? '');
                  store('');
                }}
              >
                {t('translate.restore')}
              </Button>
            )}
            {changed && (
              <>
                <Button size="small" onClick={() => setDraft(current)}>
                  {t('common.cancel')}
                </Button>
                <Button
                  size="small"
                  variant="contained"
                  disabled={save.isPending || draft.trim() === '' || lost.length > 0}
                  onClick={() => store(draft)}
                >
                  {t('translate.save')}
                </Button>
              </>
            )}
          </Stack>
        )}
      </TableCell>
    </TableRow>
  );
}
