import { Alert, Button, Chip, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useSession } from '@/lib/session/useSession.ts';
import {
  useFactorGroups,
  useSetFactorGroupBasis,
  type FactorGroupBasis,
} from '../api/engineeringApi.ts';
import { FactorTable } from './FactorTable.tsx';
import { PatternClusters } from './PatternClusters.tsx';

const BASES: FactorGroupBasis[] = ['roadClass', 'area', 'pattern'] as FactorGroupBasis[];

/**
 * /ui/insights/factor-groups (issue 25): the organisation's factor groups, the sites in each,
 * the monthly and day-of-week factors their continuous sites give (TMG 2022), and the grouping
 * of continuous sites by monthly pattern.
 */
interface Props {
  /** The Insights section's tabs, which the reports feature draws (FactorGroupsPage). */
  tabs: ReactNode;
}

export function FactorGroupsScreen({ tabs }: Props) {
  const { t } = useTranslation();
  const { claims } = useSession();
  const canEdit = claims?.group === 'org_admin' || claims?.group === 'admin';
  const groups = useFactorGroups();
  const setBasis = useSetFactorGroupBasis();
  const [groupId, setGroupId] = useState('');
  const [basis, setBasisChoice] = useState<FactorGroupBasis>(BASES[0] as FactorGroupBasis);
  const factorGroups = groups.data?.factorGroups ?? [];
  const candidates = (groups.data?.siteGroups ?? []).filter(
    (group) => !factorGroups.some((factorGroup) => factorGroup.id === group.id),
  );
  const minDays = factorGroups[0]?.min_days_per_weekday ?? 1;

  return (
    <Stack spacing={2}>
      <Typography variant="h1">{t('engineering.groups.title')}</Typography>
      {tabs}
      <Typography color="text.secondary">{t('engineering.groups.intro')}</Typography>
      <Alert severity="info" data-testid="weekday-rule">
        {t('engineering.groups.rule', { count: minDays })}
      </Alert>
      {groups.isError && <Alert severity="error">{groups.error.message}</Alert>}
      {setBasis.isError && <Alert severity="error">{setBasis.error.message}</Alert>}
      {groups.isSuccess && factorGroups.length === 0 && (
        <Typography color="text.secondary">{t('engineering.groups.none')}</Typography>
      )}
      {factorGroups.map((group) => (
        <Paper
          key={group.id}
          variant="outlined"
          sx={{ p: { xs: 1.5, md: 2 } }}
          component="section"
          aria-label={group.name}
          data-testid="factor-group"
        >
          <Stack spacing={1.25}>
            <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography variant="h3" component="h2" sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
                {group.name}
              </Typography>
              <Chip size="small" label={t(`engineering.basis.${group.basis}`)} />
              {canEdit && (
                <Button
                  size="small"
                  onClick={() => setBasis.mutate({ groupId: group.id, basis: null })}
                >
                  {t('engineering.groups.remove')}
                </Button>
              )}
            </Stack>
            <Typography variant="body2">
              {t('engineering.groups.continuous', { count: group.continuous_sites.length })}{' '}
              {group.continuous_sites
                .map((site) =>
                  t('engineering.groups.qualifies', {
                    site: site.name,
                    months: site.qualifying_months.length,
                  }),
                )
                .join('; ') || t('engineering.groups.noContinuous')}
            </Typography>
            <Typography variant="body2">
              {t('engineering.groups.shortCounts', { count: group.short_count_sites.length })}{' '}
              {group.short_count_sites.map((site, index) => (
                <span key={site.site_id}>
                  {index > 0 && ', '}
                  <RouterLink to={`/ui/analysis/site-detail/${site.site_id}`}>
                    {site.name}
                  </RouterLink>
                </span>
              ))}
            </Typography>
            {group.factor_sites === 0 ? (
              <Alert severity="warning">{t('engineering.groups.noFactors')}</Alert>
            ) : (
              <>
                <Typography variant="caption" color="text.secondary">
                  {t('engineering.groups.from', { count: group.factor_sites })}
                </Typography>
                <FactorTable
                  monthly={group.monthly_factors}
                  dayOfWeek={group.day_of_week_factors}
                />
              </>
            )}
          </Stack>
        </Paper>
      ))}
      {canEdit && (
        <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 } }}>
          <Stack spacing={1.5}>
            <Typography variant="h3" component="h2" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
              {t('engineering.groups.makeTitle')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('engineering.groups.makeHelp')}{' '}
              <RouterLink to="/ui/site-list">{t('engineering.groups.siteList')}</RouterLink>
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
              <TextField
                select
                size="small"
                label={t('engineering.groups.siteGroup')}
                value={groupId}
                onChange={(event) => setGroupId(event.target.value)}
                sx={{ minWidth: 220 }}
              >
                {candidates.map((group) => (
                  <MenuItem key={group.id} value={group.id}>
                    {group.name}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                size="small"
                label={t('engineering.groups.basis')}
                value={basis}
                onChange={(event) => setBasisChoice(event.target.value as FactorGroupBasis)}
                sx={{ minWidth: 200 }}
              >
                {BASES.map((choice) => (
                  <MenuItem key={choice} value={choice}>
                    {t(`engineering.basis.${choice}`)}
                  </MenuItem>
                ))}
              </TextField>
              <Button
                variant="contained"
                disabled={!groupId || setBasis.isPending}
                onClick={() =>
                  setBasis.mutate({ groupId, basis }, { onSuccess: () => setGroupId('') })
                }
              >
                {t('engineering.groups.make')}
              </Button>
            </Stack>
          </Stack>
        </Paper>
      )}
      <PatternClusters />
    </Stack>
  );
}
