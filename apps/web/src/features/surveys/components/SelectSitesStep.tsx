import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Checkbox,
  Chip,
  InputAdornment,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { SITE_FILTERS } from '@roadcount/domain';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSites, type Site, type SiteQuery } from '@/lib/sites.ts';
import { chosenOf, type ChosenSite } from './chosenSite.ts';

// The map (and MapLibre) loads only when asked for.
const SurveySitesMap = lazy(async () => ({
  default: (await import('./SurveySitesMap.tsx')).SurveySitesMap,
}));

interface Props {
  chosen: Map<string, ChosenSite>;
  onChange: (next: Map<string, ChosenSite>) => void;
  problem?: string;
}

/** Wizard step 1: sites chosen from the sites table, with its search and filters. */
export function SelectSitesStep({ chosen, onChange, problem }: Props) {
  const { t } = useTranslation();
  const [view, setView] = useState<'table' | 'map'>('table');
  const [query, setQuery] = useState<Omit<SiteQuery, 'selected'>>({
    search: '',
    filters: [],
    sort: 'name',
    direction: 'asc',
    page: 0,
    pageSize: 10,
  });
  const selectedIds = [...chosen.keys()];
  const sites = useSites({
    ...query,
    // The selection narrows the list only with 'selected only' on.
    selected: query.filters.includes('selected_only') ? selectedIds : [],
  });
  const change = (next: Partial<SiteQuery>) => setQuery((current) => ({ ...current, ...next }));
  const toggle = (site: Site) => {
    const next = new Map(chosen);
    if (next.has(site.id)) next.delete(site.id);
    else next.set(site.id, chosenOf(site));
    onChange(next);
  };
  const remove = (id: string) => {
    const next = new Map(chosen);
    next.delete(id);
    onChange(next);
  };
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t(view === 'map' ? 'surveys.wizard.sites.helpMap' : 'surveys.wizard.sites.help')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={view}
        onChange={(_event, next: 'table' | 'map' | null) => next && setView(next)}
        aria-label={t('surveys.wizard.sites.view')}
      >
        <ToggleButton value="table">{t('surveys.wizard.sites.fromTable')}</ToggleButton>
        <ToggleButton value="map">{t('surveys.wizard.sites.fromMap')}</ToggleButton>
      </ToggleButtonGroup>
      {view === 'map' ? (
        <Suspense fallback={<LinearProgress />}>
          <SurveySitesMap chosen={chosen} onChange={onChange} />
        </Suspense>
      ) : (
        <>
          <TextField
            size="small"
            label={t('surveys.wizard.sites.search')}
            value={query.search}
            onChange={(event) => change({ search: event.target.value, page: 0 })}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ flexWrap: 'wrap' }}
            role="group"
            aria-label={t('surveys.wizard.sites.filters')}
          >
            {SITE_FILTERS.map((filter) => {
              const on = query.filters.includes(filter);
              return (
                <Chip
                  key={filter}
                  size="small"
                  label={
                    filter === 'selected_only'
                      ? t('surveys.wizard.sites.selectedOnly', { n: chosen.size })
                      : t(`sites.filters.${filter}`)
                  }
                  color={on ? 'primary' : 'default'}
                  variant={on ? 'filled' : 'outlined'}
                  aria-pressed={on}
                  onClick={() =>
                    change({
                      filters: on
                        ? query.filters.filter((item) => item !== filter)
                        : [...query.filters, filter],
                      page: 0,
                    })
                  }
                />
              );
            })}
          </Stack>
          {sites.isFetching && <LinearProgress />}
          {sites.isError && <Alert severity="error">{sites.error.message}</Alert>}
          <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <Table size="small" aria-label={t('surveys.wizard.sites.table')}>
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox" />
                  <TableCell>{t('surveys.wizard.sites.name')}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {t('surveys.wizard.sites.type')}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {t('surveys.wizard.sites.lastSurveyed')}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {sites.data?.sites.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={4}>{t('surveys.wizard.sites.none')}</TableCell>
                  </TableRow>
                )}
                {sites.data?.sites.map((site) => (
                  <TableRow
                    key={site.id}
                    hover
                    selected={chosen.has(site.id)}
                    onClick={() => toggle(site)}
                    sx={{ cursor: 'pointer' }}
                  >
                    <TableCell padding="checkbox">
                      <Checkbox
                        size="small"
                        checked={chosen.has(site.id)}
                        onClick={(event) => event.stopPropagation()}
                        onChange={() => toggle(site)}
                        slotProps={{
                          input: {
                            'aria-label': t('surveys.wizard.sites.choose', { name: site.name }),
                          },
                        }}
                      />
                    </TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{site.name}</TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                      {t(`map.siteTypes.${site.site_type}`, { defaultValue: site.site_type })}
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                      {site.last_surveyed ?? '—'}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={sites.data?.total ?? 0}
            page={query.page}
            rowsPerPage={query.pageSize}
            rowsPerPageOptions={[10, 25, 50]}
            onPageChange={(_event, page) => change({ page })}
            onRowsPerPageChange={(event) =>
              change({ pageSize: Number(event.target.value), page: 0 })
            }
            labelRowsPerPage={t('surveys.rowsPerPage')}
          />
        </>
      )}
      {/* Issue 37: kept in sight above the dialog's buttons however long the list above. */}
      <Box
        sx={{
          position: 'sticky',
          bottom: -16,
          zIndex: 1,
          bgcolor: 'background.paper',
          borderTop: 1,
          borderColor: 'divider',
          py: 1,
        }}
      >
        <Typography variant="subtitle2" aria-live="polite">
          {t('surveys.wizard.sites.chosen', { n: chosen.size })}
        </Typography>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap', mt: 1, maxHeight: 88, overflowY: 'auto' }}
        >
          {[...chosen.values()].map((site) => (
            <Chip key={site.id} label={site.name} onDelete={() => remove(site.id)} />
          ))}
        </Stack>
      </Box>
      {problem && <Alert severity="error">{problem}</Alert>}
    </Stack>
  );
}
