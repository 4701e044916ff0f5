import { Alert, Button, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_LENGTH } from '@roadcount/domain';
import { useFlash } from '@/ui/flash/useFlash.ts';
import { ConfirmDialog } from '@/ui/ConfirmDialog.tsx';
import { useChangePassword } from '../api/profileApi.ts';
import { useConfirmedSubmit } from '../hooks/useConfirmedSubmit.ts';
import { SectionCard } from '@/ui/SectionCard.tsx';

const EMPTY = { current: '', next: '', repeated: '' };

/** SPEC section 5: 8 to 128 characters, typed twice, and confirmed before it is sent. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const flash = useFlash();
  const changePassword = useChangePassword();
  const [values, setValues] = useState(EMPTY);

  const lengthOk =
    values.next.length >= PASSWORD_LENGTH.min && values.next.length <= PASSWORD_LENGTH.max;
  const matches = values.next === values.repeated;
  const valid = values.current !== '' && lengthOk && matches;
  const lengthHelp = t('profile.password.lengthHelp', {
    min: PASSWORD_LENGTH.min,
    max: PASSWORD_LENGTH.max,
  });

  const field = (name: keyof typeof EMPTY) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
    type: 'password',
    fullWidth: true,
  });

  const { confirming, error, submit, confirm, cancel } = useConfirmedSubmit({
    valid,
    run: async () => {
      // On success the hook signs in with the new token pair, so this session continues.
      await changePassword.mutateAsync({ old_password: values.current, new_password: values.next });
      setValues(EMPTY);
      flash({ message: t('profile.password.done'), severity: 'success' });
    },
  });

  return (
    <SectionCard title={t('profile.password.title')}>
      <Stack component="form" noValidate spacing={2} onSubmit={submit}>
        <TextField
          label={t('profile.password.current')}
          autoComplete="current-password"
          {...field('current')}
        />
        <TextField
          label={t('profile.password.new')}
          autoComplete="new-password"
          error={values.next !== '' && !lengthOk}
          helperText={lengthHelp}
          {...field('next')}
        />
        <TextField
          label={t('profile.password.repeat')}
          autoComplete="new-password"
          error={values.repeated !== '' && !matches}
          helperText={values.repeated !== '' && !matches ? t('profile.password.mismatch') : ' '}
          {...field('repeated')}
        />
        {error && <Alert severity="error">{error}</Alert>}
        <Button
          type="submit"
          variant="contained"
          disabled={!valid || changePassword.isPending}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('profile.password.submit')}
        </Button>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={t('profile.password.confirmTitle')}
        confirmLabel={t('profile.password.confirm')}
        busy={changePassword.isPending}
        onConfirm={confirm}
        onClose={cancel}
      >
        {t('profile.password.confirmBody')}
      </ConfirmDialog>
    </SectionCard>
  );
}
