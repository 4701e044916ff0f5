import { TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_MIN_EXCLUSIVE_LENGTH, isSendableSupportText } from '@roadcount/domain';
import { useFlash } from '@/ui/flash/useFlash.ts';
import type { Profile } from '@/lib/profile.ts';
import { FormDialog } from '@/ui/FormDialog.tsx';
import { useSendSubscriptionEnquiry } from '../api/helpApi.ts';
import { SupportFailure } from './SupportFailure.tsx';

interface Props {
  open: boolean;
  profile: Profile;
  onClose: () => void;
}

/** SPEC sections 2 and 7: a subscription enquiry for the user's organisation. */
export function SubscriptionDialog({ open, profile, onClose }: Props) {
  const { t } = useTranslation();
  const flash = useFlash();
  const send = useSendSubscriptionEnquiry();
  const [text, setText] = useState('');
  const sendable = isSendableSupportText(text);
  const close = () => {
    send.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!sendable) return;
    send.mutate(
      {
        feedback: text.trim(),
        userId: profile.id,
        email: profile.email,
        orgId: profile.organisation?.id ?? null,
      },
      {
        onSuccess: () => {
          flash({ message: t('help.subscription.sent'), severity: 'success' });
          setText('');
          close();
        },
      },
    );
  };
  return (
    <FormDialog
      open={open}
      title={t('help.subscription.title')}
      submitLabel={t('help.send')}
      busy={send.isPending}
      onClose={close}
      onSubmit={submit}
      submitDisabled={!sendable}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {profile.organisation
          ? t('help.subscription.intro', { organisation: profile.organisation.name })
          : t('help.subscription.introStaff')}
      </Typography>
      <TextField
        label={t('help.subscription.label')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        multiline
        minRows={4}
        fullWidth
        autoFocus
        helperText={t('help.minimum', { count: FEEDBACK_MIN_EXCLUSIVE_LENGTH + 1 })}
      />
      {send.isError && <SupportFailure />}
    </FormDialog>
  );
}
