import { Alert, Button, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emailSchema } from '@roadcount/domain';
import { useFlash } from '@/ui/flash/useFlash.ts';
import { blamedFields } from '@/lib/requestErrors.ts';
import { ConfirmDialog } from '@/ui/ConfirmDialog.tsx';
import { useUpdateOwnProfile } from '../api/profileApi.ts';
import { useConfirmedSubmit } from '../hooks/useConfirmedSubmit.ts';
import { SectionCard } from '@/ui/SectionCard.tsx';

interface Props {
  currentEmail: string;
}

const EMPTY = { email: '', password: '' };

/** SPEC section 5: a well-formed, unused email, with the current password, confirmed first. */
export function ChangeEmailForm({ currentEmail }: Props) {
  const { t } = useTranslation();
  const flash = useFlash();
  const update = useUpdateOwnProfile();
  const [values, setValues] = useState(EMPTY);
  const [emailTaken, setEmailTaken] = useState(false);

  const parsedEmail = emailSchema.safeParse(values.email);
  const emailWrong = values.email !== '' && (!parsedEmail.success || emailTaken);
  const newEmail = parsedEmail.success ? parsedEmail.data : '';
  const unchanged = newEmail === currentEmail.toLowerCase();
  const valid = parsedEmail.success && !unchanged && values.password !== '';

  const { confirming, error, submit, confirm, cancel } = useConfirmedSubmit({
    valid,
    run: async () => {
      await update.mutateAsync({ email: newEmail, password: values.password });
      setValues(EMPTY);
      flash({ message: t('profile.email.done', { email: newEmail }), severity: 'success' });
    },
    // A taken email is shown on the field itself.
    onFailure: (failure) => {
      const taken = blamedFields(failure).includes('email');
      if (taken) setEmailTaken(true);
      return taken;
    },
  });

  return (
    <SectionCard title={t('profile.email.title')}>
      <Stack component="form" noValidate spacing={2} onSubmit={submit}>
        <TextField
          label={t('profile.email.new')}
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(event) => {
            setEmailTaken(false);
            setValues((current) => ({ ...current, email: event.target.value }));
          }}
          error={emailWrong}
          helperText={
            emailWrong
              ? t('users.errors.email')
              : unchanged
                ? t('profile.email.unchanged')
                : t('profile.email.current', { email: currentEmail })
          }
          fullWidth
        />
        <TextField
          label={t('profile.email.password')}
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={(event) =>
            setValues((current) => ({ ...current, password: event.target.value }))
          }
          helperText={t('profile.email.passwordHelp')}
          fullWidth
        />
        {error && <Alert severity="error">{error}</Alert>}
        <Button
          type="submit"
          variant="contained"
          disabled={!valid || update.isPending}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('profile.email.submit')}
        </Button>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={t('profile.email.confirmTitle')}
        confirmLabel={t('profile.email.confirm')}
        busy={update.isPending}
        onConfirm={confirm}
        onClose={cancel}
      >
        {t('profile.email.confirmBody', { email: newEmail })}
      </ConfirmDialog>
    </SectionCard>
  );
}
