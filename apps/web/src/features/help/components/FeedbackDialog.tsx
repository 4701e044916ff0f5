import AttachFileIcon from '@mui/icons-material/AttachFile';
import CancelIcon from '@mui/icons-material/Cancel';
import { Box, Button, Chip, Stack, TextField, Typography } from '@mui/material';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FEEDBACK_ATTACHMENTS,
  FEEDBACK_MIN_EXCLUSIVE_LENGTH,
  isSendableSupportText,
  shortAttachmentName,
} from '@roadcount/domain';
import { useFlash } from '@/ui/flash/useFlash.ts';
import type { Profile } from '@/lib/profile.ts';
import { FormDialog } from '@/ui/FormDialog.tsx';
import { useSendFeedback } from '../api/helpApi.ts';
import { SupportFailure } from './SupportFailure.tsx';

interface Props {
  open: boolean;
  profile: Profile;
  onClose: () => void;
}

/** SPEC sections 2, 5 and 7: feedback of more than 5 characters with removable attachments. */
export function FeedbackDialog({ open, profile, onClose }: Props) {
  const { t } = useTranslation();
  const flash = useFlash();
  const send = useSendFeedback();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const picker = useRef<HTMLInputElement>(null);
  const sendable = isSendableSupportText(text);

  const close = () => {
    send.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!sendable) return;
    send.mutate(
      { feedback: text.trim(), userId: profile.id, email: profile.email, files },
      {
        onSuccess: () => {
          flash({ message: t('help.feedback.sent'), severity: 'success' });
          setText('');
          setFiles([]);
          close();
        },
      },
    );
  };
  const tooMany = files.length > FEEDBACK_ATTACHMENTS.maxFiles;
  const tooLarge = files.some((file) => file.size > FEEDBACK_ATTACHMENTS.maxBytes);

  return (
    <FormDialog
      open={open}
      title={t('help.feedback.title')}
      submitLabel={t('help.send')}
      busy={send.isPending}
      onClose={close}
      onSubmit={submit}
      submitDisabled={!sendable || tooMany || tooLarge}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('help.feedback.intro')}
      </Typography>
      <TextField
        label={t('help.feedback.label')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        multiline
        minRows={4}
        fullWidth
        autoFocus
        helperText={t('help.minimum', { count: FEEDBACK_MIN_EXCLUSIVE_LENGTH + 1 })}
      />
      <Box sx={{ mt: 2 }}>
        <input
          ref={picker}
          type="file"
          multiple
          hidden
          aria-label={t('help.feedback.attach')}
          onChange={(event) => {
            const chosen = [...(event.target.files ?? [])];
            setFiles((current) => [...current, ...chosen]);
            event.target.value = '';
          }}
        />
        <Button startIcon={<AttachFileIcon />} onClick={() => picker.current?.click()}>
          {t('help.feedback.attach')}
        </Button>
        {files.length > 0 && (
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ flexWrap: 'wrap', mt: 1 }}
            aria-label={t('help.feedback.attachments')}
            role="list"
          >
            {files.map((file, index) => (
              <Chip
                role="listitem"
                key={`${file.name}-${index}`}
                label={shortAttachmentName(file.name)}
                title={file.name}
                onDelete={() => setFiles((current) => current.filter((_, at) => at !== index))}
                deleteIcon={
                  <CancelIcon
                    role="button"
                    titleAccess={t('help.feedback.remove', { name: file.name })}
                    aria-label={t('help.feedback.remove', { name: file.name })}
                  />
                }
              />
            ))}
          </Stack>
        )}
        {(tooMany || tooLarge) && (
          <Typography variant="body2" color="error" sx={{ mt: 1 }}>
            {t('help.feedback.limits', {
              files: FEEDBACK_ATTACHMENTS.maxFiles,
              megabytes: FEEDBACK_ATTACHMENTS.maxBytes / 1024 / 1024,
            })}
          </Typography>
        )}
      </Box>
      {send.isError && <SupportFailure />}
    </FormDialog>
  );
}
