import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  Alert,
  Badge,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Divider,
  IconButton,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Popover,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { can, type VehicleClass } from '@roadcount/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '@/lib/profile.ts';
import {
  useDeleteExclusionFilter,
  useVehicleExclusionFilters,
  type VehicleExclusionFilter,
} from '../api/exclusionsApi.ts';
import type { ExclusionFilters } from '../siteDetailExclusions.ts';
import { speedIn, type Units } from '../siteDetailFilters.ts';
import { ExclusionFilterDialog } from './ExclusionFilterDialog.tsx';
import { TimeExclusionsEditor } from './TimeExclusionsEditor.tsx';

interface Props {
  siteId: string;
  filters: ExclusionFilters;
  onChange: (change: Partial<ExclusionFilters>) => void;
  units: Units;
  classes: VehicleClass[];
  timeZone: string;
}

/** What a saved filter leaves out, in a line. */
function useSummary(units: Units, timeZone: string) {
  const { t, i18n } = useTranslation();
  const unit = t(units === 'metric' ? 'siteDetail.units.kmh' : 'siteDetail.units.mph');
  const speed = (mps: number) =>
    (Math.round(speedIn(units, mps) * 10) / 10).toLocaleString(i18n.language);
  const date = (instant: string) =>
    new Intl.DateTimeFormat(i18n.language, {
      timeZone,
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(instant));
  return (filter: VehicleExclusionFilter) => {
    const parts: string[] = [];
    if (filter.classes)
      parts.push(t('exclusions.summary.classes', { classes: filter.classes.join(', ') }));
    if (filter.min_speed_mps !== null && filter.max_speed_mps !== null)
      parts.push(
        t('exclusions.summary.speedBetween', {
          min: speed(filter.min_speed_mps),
          max: speed(filter.max_speed_mps),
          unit,
        }),
      );
    else if (filter.min_speed_mps !== null)
      parts.push(t('exclusions.summary.speedFrom', { min: speed(filter.min_speed_mps), unit }));
    else if (filter.max_speed_mps !== null)
      parts.push(t('exclusions.summary.speedUpTo', { max: speed(filter.max_speed_mps), unit }));
    if (filter.headway_greater_than_s !== null)
      parts.push(
        t('exclusions.summary.headway', {
          seconds: filter.headway_greater_than_s.toLocaleString(i18n.language),
        }),
      );
    if (filter.start_time)
      parts.push(t('exclusions.summary.from', { date: date(filter.start_time) }));
    if (filter.end_time) parts.push(t('exclusions.summary.until', { date: date(filter.end_time) }));
    return parts.join(' · ');
  };
}

/** The filter bar's exclusions: saved vehicle exclusion filters to apply, and time exclusions. */
export function ExclusionsControl({ siteId, filters, onChange, units, classes, timeZone }: Props) {
  const { t } = useTranslation();
  const profile = useProfile();
  const saved = useVehicleExclusionFilters(siteId);
  const remove = useDeleteExclusionFilter(siteId);
  const summary = useSummary(units, timeZone);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [editing, setEditing] = useState<VehicleExclusionFilter | 'new' | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const canManage =
    profile.data !== undefined &&
    can(
      {
        role: profile.data.role,
        organisationId: profile.data.organisation_id,
        isDemo: profile.data.is_demo,
      },
      'exclusionFilters.manage',
    );
  const known = saved.data ?? [];
  const active = filters.vehicleExclusions.filter((id) => known.some((item) => item.id === id));
  const activeCount = active.length + filters.timeExclusions.length;
  const toggle = (id: string) =>
    onChange({
      vehicleExclusions: active.includes(id)
        ? active.filter((other) => other !== id)
        : [...active, id],
    });

  return (
    <>
      <Badge badgeContent={activeCount} color="primary" sx={{ display: 'flex' }}>
        <Button
          variant="outlined"
          color="inherit"
          startIcon={<BlockIcon />}
          onClick={(event) => setAnchor(event.currentTarget)}
          aria-haspopup="dialog"
          aria-expanded={anchor !== null}
          sx={{ height: 40, flex: 1, borderColor: 'divider', whiteSpace: 'nowrap' }}
        >
          {t('exclusions.button')}
        </Button>
      </Badge>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-label': t('exclusions.title'),
            sx: { width: 440, maxWidth: 'calc(100vw - 32px)', p: 2 },
          },
        }}
      >
        <Stack spacing={1.5}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="subtitle2" component="h3">
              {t('exclusions.saved.title')}
            </Typography>
            <Tooltip title={canManage ? '' : t('exclusions.saved.demo')}>
              <span>
                <Button
                  size="small"
                  startIcon={<AddIcon />}
                  onClick={() => setEditing('new')}
                  disabled={!canManage}
                >
                  {t('exclusions.saved.new')}
                </Button>
              </span>
            </Tooltip>
          </Stack>
          {saved.isPending && <CircularProgress size={20} aria-label={t('siteDetail.loading')} />}
          {saved.isError && <Alert severity="error">{saved.error.message}</Alert>}
          {saved.data?.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('exclusions.saved.none')}
            </Typography>
          )}
          {known.length > 0 && (
            <List dense disablePadding aria-label={t('exclusions.saved.title')}>
              {known.map((item) =>
                deleting === item.id ? (
                  <ListItem key={item.id} disableGutters>
                    <ListItemText
                      primary={t('exclusions.saved.confirmDelete', { name: item.name })}
                    />
                    <Button size="small" onClick={() => setDeleting(null)}>
                      {t('exclusions.dialog.cancel')}
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      disabled={remove.isPending}
                      onClick={() =>
                        remove.mutate(item.id, {
                          onSuccess: () => {
                            setDeleting(null);
                            if (active.includes(item.id))
                              onChange({
                                vehicleExclusions: active.filter((id) => id !== item.id),
                              });
                          },
                        })
                      }
                    >
                      {t('exclusions.saved.delete')}
                    </Button>
                  </ListItem>
                ) : (
                  <ListItem
                    key={item.id}
                    disableGutters
                    secondaryAction={
                      canManage && (
                        <Box sx={{ display: 'flex' }}>
                          <IconButton
                            size="small"
                            aria-label={t('exclusions.saved.edit', { name: item.name })}
                            onClick={() => setEditing(item)}
                          >
                            <EditIcon fontSize="small" />
                          </IconButton>
                          <IconButton
                            size="small"
                            edge="end"
                            aria-label={t('exclusions.saved.deleteNamed', { name: item.name })}
                            onClick={() => setDeleting(item.id)}
                          >
                            <DeleteIcon fontSize="small" />
                          </IconButton>
                        </Box>
                      )
                    }
                    sx={{ pr: canManage ? 9 : 0 }}
                  >
                    <ListItemIcon sx={{ minWidth: 36 }}>
                      <Checkbox
                        edge="start"
                        size="small"
                        checked={active.includes(item.id)}
                        onChange={() => toggle(item.id)}
                        slotProps={{
                          input: { 'aria-label': t('exclusions.saved.apply', { name: item.name }) },
                        }}
                      />
                    </ListItemIcon>
                    <ListItemText
                      primary={item.name}
                      secondary={[item.description, summary(item)].filter(Boolean).join(' — ')}
                      slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
                    />
                  </ListItem>
                ),
              )}
            </List>
          )}
          {remove.isError && <Alert severity="error">{remove.error.message}</Alert>}
          <Divider />
          <TimeExclusionsEditor
            rules={filters.timeExclusions}
            onChange={(timeExclusions) => onChange({ timeExclusions })}
          />
        </Stack>
      </Popover>
      {editing !== null && (
        <ExclusionFilterDialog
          siteId={siteId}
          units={units}
          classes={classes}
          timeZone={timeZone}
          filter={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
