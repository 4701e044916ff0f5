import { Alert, CircularProgress, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { can } from '@roadcount/domain';
import { errorMessage } from '@/lib/requestErrors.ts';
import { useOrganisation } from '@/lib/organisations.ts';
import { useOrganisationChoice } from '@/lib/useOrganisationChoice.ts';
import { OrganisationPicker } from '@/ui/OrganisationPicker.tsx';
import { OrganisationSettingsForm } from './OrganisationSettingsForm.tsx';

interface Props {
  /** Platform admins: the organisation asked for in the address. */
  requestedOrganisationId: string | null;
  onOrganisationChange: (organisationId: string) => void;
}

export function OrganisationSettingsScreen({
  requestedOrganisationId,
  onOrganisationChange,
}: Props) {
  const { t } = useTranslation();
  const choice = useOrganisationChoice(requestedOrganisationId);
  const { profile, organisationId } = choice;
  const organisation = useOrganisation(organisationId);
  const loadError = choice.error ?? organisation.error;
  const loading =
    !loadError && !organisation.data && (choice.isPending || organisationId !== undefined);
  const canEdit =
    profile !== undefined &&
    organisationId !== undefined &&
    can(
      { role: profile.role, organisationId: profile.organisation_id, isDemo: profile.is_demo },
      'organisation.updateSettings',
      { organisationId },
    );

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        {choice.canChoose ? (
          <OrganisationPicker
            organisations={choice.organisations}
            value={organisationId}
            onChange={onOrganisationChange}
          />
        ) : (
          organisation.data && (
            <Typography variant="h2" component="p">
              {organisation.data.name}
            </Typography>
          )
        )}
      </Stack>
      {loadError && <Alert severity="error">{errorMessage(loadError)}</Alert>}
      {!loadError && !choice.isPending && !organisationId && (
        <Alert severity="info">{t('users.noOrganisation')}</Alert>
      )}
      {loading && (
        <Stack sx={{ alignItems: 'center', py: 4 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Stack>
      )}
      {!canEdit && organisation.data && (
        <Alert severity="info">{t('organisationSettings.readOnly')}</Alert>
      )}
      {organisation.data && (
        <OrganisationSettingsForm
          key={organisation.data.id}
          organisation={organisation.data}
          canEdit={canEdit}
        />
      )}
    </Stack>
  );
}
