import { Alert, MenuItem, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { createUserSchema, type Role } from '@roadcount/domain';
import { useFlash } from '@/ui/flash/useFlash.ts';
import { FormDialog } from '@/ui/FormDialog.tsx';
import { blamedFields, errorMessage } from '@/lib/requestErrors.ts';
import { useCreateUser, useGroups } from '../api/usersApi.ts';
import { useRoleLabel } from '@/lib/useRoleLabel.ts';

type Field = 'username' | 'email' | 'first_name' | 'last_name' | 'role';
type Values = Record<Field, string>;
type FieldErrors = Partial<Record<Field, string>>;

interface Issue {
  code: string;
  path: PropertyKey[];
}

interface Props {
  open: boolean;
  /** The organisation the user joins; platform admins choose it, org admins get their own. */
  organisationId: string | undefined;
  onClose: () => void;
}

const EMPTY: Values = { username: '', email: '', first_name: '', last_name: '', role: 'org_user' };
const FIELDS: readonly Field[] = ['username', 'email', 'first_name', 'last_name', 'role'];

function isField(value: PropertyKey | undefined): value is Field {
  return (FIELDS as readonly PropertyKey[]).includes(value ?? '');
}

export function CreateUserDialog({ open, organisationId, onClose }: Props) {
  const { t } = useTranslation();
  const flash = useFlash();
  const roleLabel = useRoleLabel();
  const groups = useGroups();
  const createUser = useCreateUser();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);

  const messageFor = (field: Field, issue: Issue): string => {
    switch (field) {
      case 'email':
        return t('users.errors.email');
      case 'username':
        if (issue.code === 'too_small') return t('users.errors.usernameShort', { min: 3 });
        if (issue.code === 'invalid_format') return t('users.errors.usernameCharacters');
        return t('users.errors.tooLong');
      case 'first_name':
      case 'last_name':
        return t('users.errors.tooLong');
      case 'role':
        return t('users.errors.role');
    }
  };

  const close = () => {
    setValues(EMPTY);
    setErrors({});
    setServerError(null);
    createUser.reset();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const parsed = createUserSchema.safeParse({ ...values, organisation_id: organisationId });
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues as Issue[]) {
        const field = issue.path[0];
        if (isField(field)) found[field] ??= messageFor(field, issue);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const created = await createUser.mutateAsync(parsed.data);
      flash({ message: t('users.created', { username: created.username }), severity: 'success' });
      close();
    } catch (error) {
      const blamed = blamedFields(error);
      if (blamed.includes('email')) setErrors({ email: t('users.errors.email') });
      else if (blamed.includes('username'))
        setErrors({ username: t('users.errors.usernameTaken') });
      else setServerError(errorMessage(error));
    }
  };

  // Viewer is the default and always offered, so the select has a value before groups/ answers.
  const roleOptions: Role[] = groups.data?.map((group) => group.name) ?? ['org_user'];

  const field = (name: Field) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
    error: Boolean(errors[name]),
    helperText: errors[name] ?? ' ',
    fullWidth: true,
  });

  return (
    <FormDialog
      open={open}
      title={t('users.create.title')}
      submitLabel={createUser.isPending ? t('users.create.creating') : t('users.create.submit')}
      busy={createUser.isPending}
      onClose={close}
      onSubmit={(event) => void submit(event)}
    >
      <Stack spacing={1} sx={{ pt: 1 }}>
        <TextField
          label={t('users.fields.username')}
          autoComplete="off"
          autoFocus
          {...field('username')}
        />
        <TextField
          label={t('users.fields.email')}
          type="email"
          autoComplete="off"
          {...field('email')}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 2 }}>
          <TextField label={t('users.fields.firstName')} {...field('first_name')} />
          <TextField label={t('users.fields.lastName')} {...field('last_name')} />
        </Stack>
        <TextField select label={t('users.fields.role')} {...field('role')}>
          {roleOptions.map((role) => (
            <MenuItem key={role} value={role}>
              {roleLabel(role)}
            </MenuItem>
          ))}
        </TextField>
        {serverError && <Alert severity="error">{serverError}</Alert>}
      </Stack>
    </FormDialog>
  );
}
