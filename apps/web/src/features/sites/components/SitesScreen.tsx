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
import {
  DEFAULT_SITE_TABLE_COLUMNS,
  SITE_FILTERS,
  siteTableColumnsSchema,
  type SiteTableColumn,
} from '@roadcount/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateOrganisationSettings } from '@/lib/organisations.ts';
import { useProfile } from '@/lib/profile.ts';
import { useSession } from '@/lib/session/useSession.ts';
import { useSiteGroups } from '../api/siteGroupsApi.ts';
import { useSites, type Site, type SiteQuery } from '@/lib/sites.ts';
import { ColumnChooser } from './ColumnChooser.tsx';
import { SiteEditDialog, type SiteDialogParts } from './SiteEditDialog.tsx';
import { SiteGroupsDialog } from './SiteGroupsDialog.tsx';
import { SiteLifecycleActions } from './SiteLifecycleActions.tsx';
import { SiteMergeDialog } from './SiteMergeDialog.tsx';
import { SiteSelectionBar } from './SiteSelectionBar.tsx';
import { useOrganisationNames } from '@/lib/useOrganisationNames.ts';
import { cellOf, columnLabel, NUMERIC_COLUMNS, SORT_KEYS } from './siteColumns.tsx';

/** What other features draw on the screen; SitesPage passes them in. */
interface Props {
  siteParts: SiteDialogParts;
  /** Platform staff's tools for the selected sites (staff tools). */
  StaffSiteTools: ComponentType<{
    sites: readonly { id: string; name: string; owner_organisation_id: string }[];
    onClose: () => void;
  }>;
}

/** /ui/site-list: the organisation's sites, searched, filtered, sorted and paged on the server. */
export function SitesScreen({ siteParts, StaffSiteTools }: Props) {
  const { t, i18n } = useTranslation();
  const { claims } = useSession();
  const canEdit = claims?.group === 'org_admin' || claims?.group === 'admin';
  // Platform staff see every organisation's sites: which one owns each, and their own tools.
  const isStaff = claims?.group === 'admin';
  const organisationNames = useOrganisationNames(isStaff);
  const profile = useProfile();
  const organisation = profile.data?.organisation ?? null;
  const saveColumns = useUpdateOrganisationSettings(organisation?.id ?? '');
  const queryClient = useQueryClient();
  const chosen = siteTableColumnsSchema.safeParse(organisation?.preferences.sites_table_columns);
  const columns: SiteTableColumn[] = chosen.success ? chosen.data : DEFAULT_SITE_TABLE_COLUMNS;
  // Chosen sites are kept across pages, searches and filters, with what the dialogs need.
  const [selected, setSelected] = useState<Map<string, Site>>(new Map());
  const selection = [...selected.keys()];
  const [dialog, setDialog] = useState<'groups' | 'merge' | 'staff' | null>(null);
  const groups = useSiteGroups();
  const [query, setQuery] = useState<Omit<SiteQuery, 'selected'>>({
    search: '',
    filters: [],
    sort: 'name',
    direction: 'asc',
    page: 0,
    pageSize: 25,
  });
  const [editing, setEditing] = useState<Site | null>(null);
  // The selection only narrows the list when 'selected only' is on; otherwise it is not sent.
  const sites = useSites({
    ...query,
    selected: query.filters.includes('selected_only') ? selection : [],
  });
  const change = (next: Partial<SiteQuery>) => setQuery((current) => ({ ...current, ...next }));
  const pageSites = sites.data?.sites ?? [];
  const pageIds = pageSites.map((site) => site.id);
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
  const toggleSelected = (site: Site) => toggle([site], !selected.has(site.id));
  const togglePage = () => toggle(pageSites, pageSelected !== pageSites.length);
  const header = (key: SiteTableColumn) => {
    const sort = SORT_KEYS[key];
    if (!sort) return columnLabel(t, key);
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
        {columnLabel(t, key)}
      </TableSortLabel>
    );
  };
  const width = columns.length + (canEdit ? 2 : 1) + (isStaff ? 1 : 0);
  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h4" component="h1">
          {t('sites.title')}
        </Typography>
        {canEdit && <SiteLifecycleActions />}
      </Stack>
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
            sx={{ flexWrap: 'wrap', alignItems: 'center' }}
            role="group"
            aria-label={t('sites.filtersLabel')}
          >
            {SITE_FILTERS.map((filter) => {
              const on = query.filters.includes(filter);
              return (
                <Chip
                  key={filter}
                  label={
                    filter === 'selected_only'
                      ? t('siteEdit.table.selectedOnly', { n: selection.length })
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
            {canEdit && organisation && (
              <ColumnChooser
                columns={columns}
                saving={saveColumns.isPending}
                onChange={(next) =>
                  saveColumns.mutate(
                    { sites_table_columns: next },
                    {
                      onSuccess: () =>
                        void queryClient.invalidateQueries({ queryKey: ['profile'] }),
                    },
                  )
                }
              />
            )}
          </Stack>
        </Stack>
        {sites.isFetching && <LinearProgress />}
        {sites.isError && <Alert severity="error">{sites.error.message}</Alert>}
        {saveColumns.isError && <Alert severity="error">{saveColumns.error.message}</Alert>}
        {selected.size > 0 && (
          <SiteSelectionBar
            count={selected.size}
            selectedIds={selection}
            canEdit={canEdit}
            onGroups={() => setDialog('groups')}
            onMerge={() => setDialog('merge')}
            {...(isStaff ? { onStaffTools: () => setDialog('staff') } : {})}
            onClear={() => setSelected(new Map())}
          />
        )}
        <TableContainer>
          <Table size="small" aria-label={t('sites.title')}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox
                    size="small"
                    checked={pageIds.length > 0 && pageSelected === pageIds.length}
                    indeterminate={pageSelected > 0 && pageSelected < pageIds.length}
                    disabled={pageIds.length === 0}
                    onChange={togglePage}
                    slotProps={{ input: { 'aria-label': t('siteEdit.table.selectPage') } }}
                  />
                </TableCell>
                {columns.map((column) => (
                  <TableCell key={column} align={NUMERIC_COLUMNS.has(column) ? 'right' : 'left'}>
                    {header(column)}
                  </TableCell>
                ))}
                {isStaff && <TableCell>{t('staffTools.organisationColumn')}</TableCell>}
                {canEdit && <TableCell />}
              </TableRow>
            </TableHead>
            <TableBody>
              {sites.data?.sites.length === 0 && (
                <TableRow>
                  <TableCell colSpan={width}>{t('sites.empty')}</TableCell>
                </TableRow>
              )}
              {sites.data?.sites.map((site) => (
                <TableRow key={site.id} hover selected={selected.has(site.id)}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      size="small"
                      checked={selected.has(site.id)}
                      onChange={() => toggleSelected(site)}
                      slotProps={{
                        input: { 'aria-label': t('siteEdit.table.select', { name: site.name }) },
                      }}
                    />
                  </TableCell>
                  {columns.map((column) => (
                    <TableCell key={column} align={NUMERIC_COLUMNS.has(column) ? 'right' : 'left'}>
                      {cellOf(column, site, t, i18n.language)}
                    </TableCell>
                  ))}
                  {isStaff && (
                    <TableCell>
                      {organisationNames.get(site.owner_organisation_id) ?? '—'}
                    </TableCell>
                  )}
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
      {editing && (
        <SiteEditDialog site={editing} parts={siteParts} onClose={() => setEditing(null)} />
      )}
      {dialog === 'groups' && (
        <SiteGroupsDialog
          selectedIds={selection}
          canEdit={canEdit}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'staff' && (
        <StaffSiteTools
          sites={[...selected.values()]}
          onClose={() => {
            setDialog(null);
            setSelected(new Map());
          }}
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
