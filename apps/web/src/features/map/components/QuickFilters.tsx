import { Alert, Box, Button, Chip, Stack, TextField, Typography } from '@mui/material';
import {
  QUICK_FILTER_MESSAGES,
  quickFilterLabelProblem,
  type QuickFilter,
} from '@roadcount/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile, useUpdateUserPreference } from '@/lib/profile.ts';

interface Props {
  /** The map's filters now, to save under a label. */
  current: Omit<QuickFilter, 'label'>;
  onApply: (filter: QuickFilter) => void;
}

const PROBLEM_KEYS: Record<string, string> = {
  [QUICK_FILTER_MESSAGES.label]: 'map.quickFilters.labelLength',
  [QUICK_FILTER_MESSAGES.duplicate]: 'map.quickFilters.duplicate',
  [QUICK_FILTER_MESSAGES.tooMany]: 'map.quickFilters.tooMany',
};

/** Saved map filters per user (SPEC section 5: at most 8; labels 3 to 20 characters, unique). */
export function QuickFilters({ current, onApply }: Props) {
  const { t } = useTranslation();
  const profile = useProfile();
  const [label, setLabel] = useState('');
  const saved = (profile.data?.profile.preferences.quickFilters ?? []) as QuickFilter[];
  const store = useUpdateUserPreference();
  const problem = label.trim() === '' ? undefined : quickFilterLabelProblem(label, saved);
  return (
    <Box sx={{ px: 2, pt: 2 }}>
      <Typography variant="subtitle2" component="h2">
        {t('map.quickFilters.title')}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', my: 1 }}>
        {saved.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('map.quickFilters.none')}
          </Typography>
        )}
        {saved.map((filter) => (
          <Chip
            key={filter.label}
            label={filter.label}
            onClick={() => onApply(filter)}
            onDelete={() => store.mutate({ quickFilters: saved.filter((item) => item !== filter) })}
          />
        ))}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          size="small"
          label={t('map.quickFilters.label')}
          value={label}
          onChange={(event) => setLabel(event.target.value)}
          error={problem !== undefined}
          helperText={problem ? t(PROBLEM_KEYS[problem] ?? 'map.quickFilters.labelLength') : ' '}
          sx={{ flexGrow: 1 }}
        />
        <Button
          variant="outlined"
          disabled={
            label.trim() === '' || problem !== undefined || store.isPending || !profile.data
          }
          onClick={() =>
            store.mutate(
              { quickFilters: [...saved, { ...current, label: label.trim() }] },
              {
                onSuccess: () => setLabel(''),
              },
            )
          }
        >
          {t('map.quickFilters.save')}
        </Button>
      </Stack>
      {store.isError && <Alert severity="error">{store.error.message}</Alert>}
    </Box>
  );
}
