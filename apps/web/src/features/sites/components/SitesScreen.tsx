import EditIcon from '@mui/icons-material/Edit';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Button,
  Checkbox,
  Chip,
  IconButton,
  InputAdornment,
  LinearProgress,
  Link,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useSession } from '../../session/useSession.ts';
import { useSiteGroups } from '../api/siteGroupsApi.ts';
import { useSites, type Site, type SiteQuery } from '../api/sitesApi.ts';
import { SiteEditDialog } from './SiteEditDialog.tsx';
import { SiteGroupsDialog } from './SiteGroupsDialog.tsx';
import { SiteMergeDialog } from './SiteMergeDialog.tsx';
import { SiteSelectionBar } from './SiteSelectionBar.tsx';

const FILTERS = ['VEH', 'BIKE', 'PED', 'TS_T', 'TS_P', 'realtime'] as const;
const SORTABLE: Record<string, string> = {
  name: 'name',
  type: 'site_type',
  lastSurveyed: 'last_surveyed',
  files: 'files',
};

/** /ui/site-list: the organisation's sites, searched, filtered, sorted and paged on the server. */
export function SitesScreen() {
  const { t, i18n } = useTranslation();
  const { claims } = useSession();
  const canEdit = claims?.group === 'org_admin' || claims?.group === 'admin';
  const [query, setQuery] = useState<SiteQuery>({
    search: '',
    filters: [],
    sort: 'name',
    direction: 'asc',
    page: 0,
    pageSize: 25,
  });
  const [editing, setEditing] = useState<Site | null>(null);
  // Chosen sites are kept across pages, searches and filters, with what the dialogs need.
  const [selected, setSelected] = useState<Map<string, Site>>(new Map());
  const [dialog, setDialog] = useState<'groups' | 'merge' | null>(null);
  const sites = useSites(query);
  const groups = useSiteGroups();
  const selectedIds = [...selected.keys()];
  const pageSites = sites.data?.sites ?? [];
  const pageSelected = pageSites.filter((site) => selected.has(site.id)).length;
  const toggle = (toggled: Site[], on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const site of toggled) {
        if (on) next.set(site.id, site);
        else next.delete(site.id);
      }
      return next;
    });
  const change = (next: Partial<SiteQuery>) => setQuery((current) => ({ ...current, ...next }));
  const header = (key: string) => {
    const sort = SORTABLE[key];
    if (!sort) return t(`sites.columns.${key}`);
    return (
      <TableSortLabel
        active={query.sort === sort}
        direction={query.sort === sort ? query.direction : 'asc'}
        onClick={() =>
          change({
            sort,
            direction: query.sort === sort && query.direction === 'asc' ? 'desc' : 'asc',
            page: 0,
          })
        }
      >
        {t(`sites.columns.${key}`)}
      </TableSortLabel>
    );
  };
  const columns = [
    'select',
    'name',
    'type',
    'contexts',
    'lastSurveyed',
    'files',
    'location',
    'directions',
    ...(canEdit ? ['edit'] : []),
  ];
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {t('sites.title')}
      </Typography>
      <Paper variant="outlined">
        <Stack spacing={2} sx={{ p: 2 }}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
          >
            <Typography variant="h6" component="h2" aria-live="polite">
              {sites.data
                ? t('sites.total', { total: sites.data.total.toLocaleString(i18n.language) })
                : t('sites.loading')}
            </Typography>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ alignItems: { sm: 'center' } }}
            >
              <TextField
                select
                size="small"
                label={t('siteGroups.filter')}
                value={query.groupId ?? ''}
                onChange={(event) => change({ groupId: event.target.value || null, page: 0 })}
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                sx={{ minWidth: 180 }}
              >
                <MenuItem value="">{t('siteGroups.allSites')}</MenuItem>
                {groups.data?.map((group) => (
                  <MenuItem key={group.id} value={group.id}>
                    {group.name}
                  </MenuItem>
                ))}
              </TextField>
              <Button variant="outlined" onClick={() => setDialog('groups')} sx={{ flexShrink: 0 }}>
                {t('siteGroups.open')}
              </Button>
              <TextField
                size="small"
                label={t('sites.search')}
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
            </Stack>
          </Stack>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ flexWrap: 'wrap' }}
            role="group"
            aria-label={t('sites.filtersLabel')}
          >
            {FILTERS.map((filter) => {
              const on = query.filters.includes(filter);
              return (
                <Chip
                  key={filter}
                  label={t(`sites.filters.${filter}`)}
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
        </Stack>
        {selected.size > 0 && (
          <SiteSelectionBar
            count={selected.size}
            selectedIds={selectedIds}
            canEdit={canEdit}
            onGroups={() => setDialog('groups')}
            onMerge={() => setDialog('merge')}
            onClear={() => setSelected(new Map())}
          />
        )}
        {sites.isFetching && <LinearProgress />}
        {sites.isError && <Alert severity="error">{sites.error.message}</Alert>}
        <TableContainer>
          <Table size="small" aria-label={t('sites.title')}>
            <TableHead>
              <TableRow>
                {columns.map((column) => (
                  <TableCell
                    key={column}
                    align={column === 'files' ? 'right' : 'left'}
                    padding={column === 'select' ? 'checkbox' : 'normal'}
                  >
                    {column === 'select' ? (
                      <Checkbox
                        checked={pageSites.length > 0 && pageSelected === pageSites.length}
                        indeterminate={pageSelected > 0 && pageSelected < pageSites.length}
                        disabled={pageSites.length === 0}
                        onChange={(event) => toggle(pageSites, event.target.checked)}
                        slotProps={{ input: { 'aria-label': t('siteGroups.selectPage') } }}
                      />
                    ) : column === 'edit' ? (
                      ''
                    ) : (
                      header(column)
                    )}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {sites.data?.sites.length === 0 && (
                <TableRow>
                  <TableCell colSpan={columns.length}>{t('sites.empty')}</TableCell>
                </TableRow>
              )}
              {sites.data?.sites.map((site) => (
                <TableRow key={site.id} hover selected={selected.has(site.id)}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={selected.has(site.id)}
                      onChange={(event) => toggle([site], event.target.checked)}
                      slotProps={{
                        input: { 'aria-label': t('siteGroups.selectNamed', { name: site.name }) },
                      }}
                    />
                  </TableCell>
                  <TableCell>
                    <Link component={RouterLink} to={`/ui/analysis/site-detail/${site.id}`}>
                      {site.name}
                    </Link>
                  </TableCell>
                  <TableCell>
                    {t(`map.siteTypes.${site.site_type}`, { defaultValue: site.site_type })}
                  </TableCell>
                  <TableCell>
                    {site.site_context
                      .map((context) => t(`map.contexts.${context}`, { defaultValue: context }))
                      .join(', ')}
                  </TableCell>
                  <TableCell>{site.last_surveyed ?? '—'}</TableCell>
                  <TableCell align="right">{site.files.toLocaleString(i18n.language)}</TableCell>
                  <TableCell>
                    {site.gps
                      ? `${site.latitude?.toFixed(5)}, ${site.longitude?.toFixed(5)}`
                      : t('sites.noLocation')}
                  </TableCell>
                  <TableCell>
                    {[site.direction_one, site.direction_two].filter(Boolean).join(' / ') || '—'}
                  </TableCell>
                  {canEdit && (
                    <TableCell>
                      <IconButton
                        aria-label={t('sites.edit.named', { name: site.name })}
                        onClick={() => setEditing(site)}
                      >
                        <EditIcon />
                      </IconButton>
                    </TableCell>
                  )}
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
          rowsPerPageOptions={[10, 25, 50, 100]}
          onPageChange={(_event, page) => change({ page })}
          onRowsPerPageChange={(event) => change({ pageSize: Number(event.target.value), page: 0 })}
          labelRowsPerPage={t('files.rowsPerPage')}
        />
      </Paper>
      {editing && <SiteEditDialog site={editing} onClose={() => setEditing(null)} />}
      {dialog === 'groups' && (
        <SiteGroupsDialog
          selectedIds={selectedIds}
          canEdit={canEdit}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'merge' && (
        <SiteMergeDialog
          sites={[...selected.values()]}
          onClose={() => setDialog(null)}
          onQueued={() => {
            setDialog(null);
            setSelected(new Map());
          }}
        />
      )}
    </Stack>
  );
}
