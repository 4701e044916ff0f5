import { Alert, Box, Grid, MenuItem, Stack, TextField, Typography } from '@mui/material';
import {
  SITE_LIST_ATTRIBUTES,
  SITE_LIST_NAME_FORMATS,
  siteListEntryText,
  type SiteListOptions,
  type SiteListOverride,
  type SurveyProblem,
} from '@roadcount/domain';
import { useTranslation } from 'react-i18next';
import { useSites } from '@/lib/sites.ts';
import { chosenOf, type ChosenSite } from './chosenSite.ts';
import { problemText } from './surveyProblems.ts';

interface Props {
  sites: ChosenSite[];
  surveyName: string;
  options: SiteListOptions;
  onChange: (next: SiteListOptions) => void;
  problems: readonly SurveyProblem[];
}

/**
 * Wizard step 3: how the site file names each site for the counter software and what its
 * attribute carries (always the site's SID:, by which uploads find the site), with per-site
 * overrides and a preview of each row as written.
 */
export function SiteListStep({ sites, surveyName, options, onChange, problems }: Props) {
  const { t } = useTranslation();
  // Sites chosen on the map come without their alternative name and asset id: read them here.
  const details = useSites({
    search: '',
    filters: ['selected_only'],
    selected: sites.map((site) => site.id),
    sort: 'name',
    direction: 'asc',
    page: 0,
    pageSize: 100,
  });
  const rows = sites.map((site) => {
    const found = details.data?.sites.find((candidate) => candidate.id === site.id);
    return found ? chosenOf(found) : site;
  });
  const set = (next: Partial<SiteListOptions>) => onChange({ ...options, ...next });
  const overrideOf = (id: string) => options.overrides.find((item) => item.site_id === id);
  const setOverride = (id: string, change: Partial<SiteListOverride>) => {
    const current = overrideOf(id) ?? { site_id: id };
    set({
      overrides: [
        ...options.overrides.filter((item) => item.site_id !== id),
        { ...current, ...change },
      ],
    });
  };
  const listProblems = problems.filter((problem) => problem.field === 'site_list');
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('surveys.wizard.list.help')}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            select
            fullWidth
            label={t('surveys.wizard.list.attribute')}
            value={options.attribute}
            onChange={(event) =>
              set({ attribute: event.target.value as SiteListOptions['attribute'] })
            }
          >
            {SITE_LIST_ATTRIBUTES.map((attribute) => (
              <MenuItem key={attribute} value={attribute}>
                {t(`surveys.wizard.list.attributes.${attribute}`)}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            select
            fullWidth
            label={t('surveys.wizard.list.nameFormat')}
            value={options.name_format}
            onChange={(event) =>
              set({ name_format: event.target.value as SiteListOptions['name_format'] })
            }
          >
            {SITE_LIST_NAME_FORMATS.map((format) => (
              <MenuItem key={format} value={format}>
                {t(`surveys.wizard.list.nameFormats.${format}`)}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            fullWidth
            type="number"
            label={t('surveys.wizard.list.maxLength')}
            helperText={t('surveys.wizard.list.maxLengthHelp')}
            value={options.name_max_length ?? ''}
            onChange={(event) =>
              set({
                name_max_length: event.target.value === '' ? null : Number(event.target.value),
              })
            }
            slotProps={{ htmlInput: { min: 4, max: 200 } }}
          />
        </Grid>
      </Grid>
      {listProblems.map((problem, index) => (
        <Alert key={index} severity="error">
          {problemText(t, problem)}
        </Alert>
      ))}
      <Typography variant="subtitle2">{t('surveys.wizard.list.preview')}</Typography>
      {/* One row a site: three columns on wider screens, stacked on a phone. */}
      <Box role="list" aria-label={t('surveys.wizard.list.preview')}>
        <Grid
          container
          spacing={2}
          sx={{
            display: { xs: 'none', sm: 'flex' },
            pb: 1,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Grid size={3}>
            <Typography variant="caption">{t('surveys.wizard.list.site')}</Typography>
          </Grid>
          <Grid size={4}>
            <Typography variant="caption">{t('surveys.wizard.list.counterName')}</Typography>
          </Grid>
          <Grid size={5}>
            <Typography variant="caption">{t('surveys.wizard.list.counterAttribute')}</Typography>
          </Grid>
        </Grid>
        {rows.map((site) => {
          const shaped = siteListEntryText(site, options, surveyName);
          const override = overrideOf(site.id);
          return (
            <Grid
              key={site.id}
              container
              spacing={{ xs: 1, sm: 2 }}
              role="listitem"
              aria-label={site.name}
              sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', alignItems: 'flex-start' }}
            >
              <Grid size={{ xs: 12, sm: 3 }}>
                <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                  {site.name}
                </Typography>
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <TextField
                  size="small"
                  fullWidth
                  value={override?.name ?? ''}
                  placeholder={shaped.name}
                  onChange={(event) => setOverride(site.id, { name: event.target.value })}
                  slotProps={{
                    htmlInput: {
                      'aria-label': t('surveys.wizard.list.nameFor', { name: site.name }),
                    },
                  }}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 5 }}>
                <TextField
                  size="small"
                  fullWidth
                  value={override?.attribute ?? ''}
                  placeholder={shaped.attribute}
                  onChange={(event) => setOverride(site.id, { attribute: event.target.value })}
                  slotProps={{
                    htmlInput: {
                      'aria-label': t('surveys.wizard.list.attributeFor', { name: site.name }),
                      style: { fontFamily: 'monospace', fontSize: 12 },
                    },
                  }}
                />
                {/* The whole attribute as the file will hold it: the field shows only its start. */}
                <Typography
                  variant="caption"
                  color="text.secondary"
                  component="div"
                  sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', mt: 0.5 }}
                >
                  {shaped.attribute}
                </Typography>
              </Grid>
            </Grid>
          );
        })}
      </Box>
    </Stack>
  );
}
