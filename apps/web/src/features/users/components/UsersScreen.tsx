import PersonAddAlt1Icon from '@mui/icons-material/PersonAddAlt1';
import { Alert, Button, Chip, CircularProgress, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can, type Actor } from '@roadcount/domain';
import { useFlash } from '@/ui/flash/useFlash.ts';
import { OrganisationPicker } from '@/ui/OrganisationPicker.tsx';
import { useOrganisationChoice } from '@/lib/useOrganisationChoice.ts';
import { errorMessage } from '@/lib/requestErrors.ts';
import { useDeleteUser, useResetPassword, useUsers, type UserSummary } from '../api/usersApi.ts';
import { ConfirmDialog } from '@/ui/ConfirmDialog.tsx';
import { CreateUserDialog } from './CreateUserDialog.tsx';
import { UsersTable, fullName } from './UsersTable.tsx';

interface Confirming {
  user: UserSummary;
  open: boolean;
}

interface Props {
  /** Platform admins: the organisation asked for in the address. */
  requestedOrganisationId: string | null;
  onOrganisationChange: (organisationId: string) => void;
}

/** SPEC section 6: organisation admins create, delete and reset the passwords of their users. */
export function UsersScreen({ requestedOrganisationId, onOrganisationChange }: Props) {
  const { t } = useTranslation();
  const flash = useFlash();
  const choice = useOrganisationChoice(requestedOrganisationId);
  const { profile, organisationId } = choice;
  const users = useUsers(organisationId);
  const deleteUser = useDeleteUser();
  const resetPassword = useResetPassword();
  const [creating, setCreating] = useState(false);
  // The user stays set while a dialog closes, so its text does not vanish mid-transition.
  const [toDelete, setToDelete] = useState<Confirming | null>(null);
  const [toReset, setToReset] = useState<Confirming | null>(null);
  const closeDelete = () => setToDelete((current) => current && { ...current, open: false });
  const closeReset = () => setToReset((current) => current && { ...current, open: false });

  const actor: Actor | null = profile
    ? { role: profile.role, organisationId: profile.organisation_id, isDemo: profile.is_demo }
    : null;
  const resource = { organisationId: organisationId ?? null };
  const canCreate = actor !== null && can(actor, 'users.create', resource);
  const canManage = (user: UserSummary) =>
    actor !== null &&
    user.id !== profile?.id &&
    (user.role !== 'admin' || actor.role === 'admin') &&
    can(actor, 'users.delete', resource) &&
    can(actor, 'users.resetPassword', resource);

  const confirmDelete = async (user: UserSummary) => {
    try {
      await deleteUser.mutateAsync(user.id);
      flash({ message: t('users.delete.done', { username: user.username }), severity: 'success' });
      closeDelete();
    } catch {
      // The dialog shows the server's reason.
    }
  };

  const confirmReset = async (user: UserSummary) => {
    try {
      await resetPassword.mutateAsync(user.id);
      flash({ message: t('users.reset.done', { email: user.email }), severity: 'success' });
      closeReset();
    } catch {
      // The dialog shows the server's reason.
    }
  };

  const loadError = choice.error ?? users.error;
  const list = users.data;
  const atLimit = list ? list.active_users >= list.organisation.max_active_users : false;

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        useFlexGap
        sx={{ alignItems: { xs: 'stretch', sm: 'center' }, flexWrap: 'wrap' }}
      >
        {choice.canChoose && (
          <OrganisationPicker
            organisations={choice.organisations}
            value={organisationId}
            onChange={onOrganisationChange}
          />
        )}
        {list && (
          <Chip
            color={atLimit ? 'warning' : 'default'}
            variant="outlined"
            label={t('users.activeCount', {
              active: list.active_users,
              max: list.organisation.max_active_users,
            })}
            sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
          />
        )}
        <Stack sx={{ flexGrow: 1, display: { xs: 'none', sm: 'flex' } }} />
        {canCreate && (
          <Button
            variant="contained"
            startIcon={<PersonAddAlt1Icon />}
            onClick={() => setCreating(true)}
          >
            {t('users.create.open')}
          </Button>
        )}
      </Stack>
      {loadError && <Alert severity="error">{errorMessage(loadError)}</Alert>}
      {!loadError && !list && (choice.isPending || organisationId !== undefined) && (
        <Stack sx={{ alignItems: 'center', py: 4 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Stack>
      )}
      {!loadError && !choice.isPending && !organisationId && (
        <Alert severity="info">{t('users.noOrganisation')}</Alert>
      )}
      {list && (
        <UsersTable
          users={list.results}
          canManage={canManage}
          onDelete={(user) => {
            deleteUser.reset();
            setToDelete({ user, open: true });
          }}
          onResetPassword={(user) => {
            resetPassword.reset();
            setToReset({ user, open: true });
          }}
        />
      )}
      <CreateUserDialog
        open={creating}
        organisationId={organisationId}
        onClose={() => setCreating(false)}
      />
      <ConfirmDialog
        open={toDelete?.open ?? false}
        title={t('users.delete.title')}
        confirmLabel={t('users.delete.confirm')}
        destructive
        busy={deleteUser.isPending}
        error={deleteUser.error ? errorMessage(deleteUser.error) : null}
        onConfirm={() => toDelete && void confirmDelete(toDelete.user)}
        onClose={closeDelete}
      >
        {toDelete &&
          t('users.delete.body', {
            user: fullName(toDelete.user)
              ? `${fullName(toDelete.user)} (${toDelete.user.username})`
              : toDelete.user.username,
          })}
      </ConfirmDialog>
      <ConfirmDialog
        open={toReset?.open ?? false}
        title={t('users.reset.title')}
        confirmLabel={t('users.reset.confirm')}
        busy={resetPassword.isPending}
        error={resetPassword.error ? errorMessage(resetPassword.error) : null}
        onConfirm={() => toReset && void confirmReset(toReset.user)}
        onClose={closeReset}
      >
        {toReset &&
          t('users.reset.body', { username: toReset.user.username, email: toReset.user.email })}
      </ConfirmDialog>
    </Stack>
  );
}
