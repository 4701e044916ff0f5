import CancelIcon from '@mui/icons-material/Cancel';
import { Alert, Box, Button, Chip, Stack, TextField, Typography } from '@mui/material';
import {
  MAP_LAYER_PROFILES,
  MAP_PROFILE_MESSAGE_KEYS,
  activeAfterDelete,
  mapProfileNameProblem,
  type MapProfile,
} from '@roadcount/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile, useUpdateUserPreference } from '@/lib/profile.ts';

interface Props {
  /** The map's layer settings now, to save under a name. */
  current: Omit<MapProfile, 'name'>;
  onApply: (profile: MapProfile) => void;
}

interface StoredProfiles {
  mapProfiles?: MapProfile[];
  activeMapProfile?: number;
}

/** The user's saved profiles and the active one's number (SPEC section 9: 0 by default). */
export function savedMapProfiles(preferences: Record<string, unknown> | undefined) {
  const stored = (preferences ?? {}) as StoredProfiles;
  return {
    profiles: stored.mapProfiles ?? [],
    active: stored.activeMapProfile ?? MAP_LAYER_PROFILES.defaultActive,
  };
}

/** Map layer profiles per user (SPEC sections 5 and 9: at most 5; profile 0 active by default). */
export function MapProfiles({ current, onApply }: Props) {
  const { t } = useTranslation();
  const profile = useProfile();
  const [name, setName] = useState('');
  const { profiles, active } = savedMapProfiles(profile.data?.profile.preferences);
  const store = useUpdateUserPreference();
  const message = (text: string) => {
    const key = MAP_PROFILE_MESSAGE_KEYS[text];
    return key ? t(key) : text;
  };
  const problem = name.trim() === '' ? undefined : mapProfileNameProblem(name, profiles);
  return (
    <Box sx={{ px: 2, pt: 2 }}>
      <Typography variant="subtitle2" component="h2">
        {t('mapProfiles.title')}
      </Typography>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap', my: 1 }}
        role="list"
        aria-label={t('mapProfiles.listLabel')}
      >
        {profiles.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('mapProfiles.none')}
          </Typography>
        )}
        {profiles.map((saved, index) => (
          <Box role="listitem" key={saved.name}>
            <Chip
              label={saved.name}
              color={index === active ? 'primary' : 'default'}
              variant={index === active ? 'filled' : 'outlined'}
              aria-current={index === active ? 'true' : undefined}
              onClick={() => {
                onApply(saved);
                store.mutate({ activeMapProfile: index });
              }}
              onDelete={() =>
                store.mutate({
                  mapProfiles: profiles.filter((_, position) => position !== index),
                  activeMapProfile: activeAfterDelete(active, index),
                })
              }
              deleteIcon={<CancelIcon aria-label={t('mapProfiles.delete', { name: saved.name })} />}
            />
          </Box>
        ))}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          size="small"
          label={t('mapProfiles.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={problem !== undefined}
          helperText={problem ? message(problem) : t('mapProfiles.help')}
          sx={{ flexGrow: 1 }}
        />
        <Button
          variant="outlined"
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          disabled={name.trim() === '' || problem !== undefined || store.isPending || !profile.data}
          onClick={() =>
            store.mutate(
              {
                mapProfiles: [...profiles, { ...current, name: name.trim() }],
                activeMapProfile: profiles.length,
              },
              { onSuccess: () => setName('') },
            )
          }
        >
          {t('mapProfiles.save')}
        </Button>
      </Stack>
      {store.isError && <Alert severity="error">{message(store.error.message)}</Alert>}
    </Box>
  );
}
