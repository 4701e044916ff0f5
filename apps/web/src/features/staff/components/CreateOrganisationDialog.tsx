import { Alert, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { createOrganisationSchema } from '@roadcount/domain';
import { useFlash } from '@/ui/flash/useFlash.ts';
import { FormDialog } from '@/ui/FormDialog.tsx';
import { errorMessage } from '@/lib/requestErrors.ts';
import { useCreateOrganisation } from '../api/staffApi.ts';

interface Props {
  open: boolean;
  onClose: () => void;
}

const EMPTY = { name: '', max_active_users: '10', max_sites: '100' };
type Field = keyof typeof EMPTY;

export function CreateOrganisationDialog({ open, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const flash = useFlash();
  const create = useCreateOrganisation();
  const [values, setValues] = useState(EMPTY);
  const [showErrors, setShowErrors] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const shape = createOrganisationSchema.shape;
  const nameOk = shape.name.safeParse(values.name).success;
  const usersOk =
    values.max_active_users.trim() !== '' &&
    shape.max_active_users.safeParse(Number(values.max_active_users)).success;
  const sitesOk =
    values.max_sites.trim() !== '' && shape.max_sites.safeParse(Number(values.max_sites)).success;
  const format = new Intl.NumberFormat(i18n.language);

  const close = () => {
    setValues(EMPTY);
    setShowErrors(false);
    setServerError(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    if (!nameOk || !usersOk || !sitesOk) {
      setShowErrors(true);
      return;
    }
    try {
      const created = await create.mutateAsync({
        name: values.name.trim(),
        max_active_users: Number(values.max_active_users),
        max_sites: Number(values.max_sites),
      });
      flash({ message: t('staff.create.done', { name: created.name }), severity: 'success' });
      close();
    } catch (error) {
      setServerError(errorMessage(error));
    }
  };

  const field = (name: Field, ok: boolean, help: string, error: string) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
    error: showErrors && !ok,
    helperText: showErrors && !ok ? error : help,
    fullWidth: true,
  });

  const range = (schema: { minValue: number | null; maxValue: number | null }) => ({
    min: format.format(schema.minValue ?? 0),
    max: format.format(schema.maxValue ?? Number.MAX_SAFE_INTEGER),
  });

  return (
    <FormDialog
      open={open}
      title={t('staff.create.title')}
      submitLabel={t('staff.create.submit')}
      busy={create.isPending}
      onClose={close}
      onSubmit={(event) => void submit(event)}
    >
      <Stack spacing={1.5} sx={{ pt: 1 }}>
        <TextField
          label={t('staff.fields.name')}
          autoFocus
          {...field(
            'name',
            nameOk,
            ' ',
            t('staff.errors.name', { min: shape.name.minLength, max: shape.name.maxLength }),
          )}
        />
        <TextField
          label={t('staff.fields.maxActiveUsers')}
          type="number"
          slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
          {...field(
            'max_active_users',
            usersOk,
            t('staff.create.maxActiveUsersHelp'),
            t('organisationSettings.errors.wholeNumberRange', range(shape.max_active_users)),
          )}
        />
        <TextField
          label={t('staff.fields.maxSites')}
          type="number"
          slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
          {...field(
            'max_sites',
            sitesOk,
            t('staff.create.maxSitesHelp'),
            t('organisationSettings.errors.wholeNumberRange', range(shape.max_sites)),
          )}
        />
        {serverError && <Alert severity="error">{serverError}</Alert>}
      </Stack>
    </FormDialog>
  );
}
