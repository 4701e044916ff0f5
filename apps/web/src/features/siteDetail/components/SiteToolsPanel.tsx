import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import {
  Alert,
  Button,
  Checkbox,
  Divider,
  FormControlLabel,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { CLASS_SCHEMES } from '@roadcount/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useSiteSettings, useSiteToolMutations } from '../api/siteToolsApi.ts';
import { RecorrelatePanel } from './RecorrelatePanel.tsx';
import { useCanEditHardware } from '@/lib/useCanEditHardware.ts';
import { SiteTaskProgress } from './SiteTaskProgress.tsx';
import { TmgExportPanel } from './TmgExportPanel.tsx';

interface Props {
  siteId: string;
  siteName: string;
  canEdit: boolean;
  /** A realtime site: its vehicles can be rebuilt from its sensor events. */
  realtime?: boolean;
}

/** Files of the site, and the tools that re-derive its data: class scheme, pedestrians, quality. */
export function SiteToolsPanel({ siteId, siteName, canEdit, realtime = false }: Props) {
  const { t } = useTranslation();
  const canEditHardware = useCanEditHardware();
  const settings = useSiteSettings(siteId);
  const { changeScheme, recalculate } = useSiteToolMutations(siteId);
  const [draft, setDraft] = useState<{ class_scheme: string; pedestrians_included: boolean }>();
  const current = draft ?? settings.data ?? { class_scheme: 'arx', pedestrians_included: false };
  const changed =
    settings.data !== undefined &&
    (current.class_scheme !== settings.data.class_scheme ||
      current.pedestrians_included !== settings.data.pedestrians_included);
  const error = changeScheme.error ?? recalculate.error;
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      component="section"
      aria-label={t('siteDetailTools.title')}
      data-print-hide
    >
      <Stack spacing={2}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
        >
          <Typography variant="h6" component="h2">
            {t('siteDetailTools.title')}
          </Typography>
          <Button
            component={RouterLink}
            to={`/ui/file-management?search=${encodeURIComponent(siteName)}`}
            startIcon={<FolderOpenIcon />}
            variant="outlined"
          >
            {t('siteDetailTools.files')}
          </Button>
        </Stack>
        {canEdit ? (
          <>
            <Divider />
            <Typography variant="subtitle2" component="h3">
              {t('siteDetailTools.scheme.title')}
            </Typography>
            <Stack
              direction={{ xs: 'column', md: 'row' }}
              spacing={2}
              sx={{ alignItems: { md: 'center' } }}
            >
              <TextField
                select
                size="small"
                label={t('siteDetailTools.scheme.classScheme')}
                value={current.class_scheme}
                disabled={!settings.data}
                onChange={(event) => setDraft({ ...current, class_scheme: event.target.value })}
                sx={{ minWidth: 240 }}
              >
                {CLASS_SCHEMES.map((scheme) => (
                  <MenuItem key={scheme.id} value={scheme.id}>
                    {scheme.name}
                  </MenuItem>
                ))}
              </TextField>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={current.pedestrians_included}
                    disabled={!settings.data}
                    onChange={(event) =>
                      setDraft({ ...current, pedestrians_included: event.target.checked })
                    }
                  />
                }
                label={t('siteDetailTools.scheme.pedestrians')}
              />
              <Button
                variant="contained"
                disabled={!changed || changeScheme.isPending}
                onClick={() =>
                  changeScheme.mutate(current, { onSuccess: () => setDraft(undefined) })
                }
              >
                {t('siteDetailTools.scheme.apply')}
              </Button>
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {t('siteDetailTools.scheme.duration')}
            </Typography>
            {(current.class_scheme === 'fhwa13' || current.class_scheme === 'length') && (
              <Typography variant="body2" color="text.secondary">
                {t(`fieldQuality.scheme.fromRecords.${current.class_scheme}`)}
              </Typography>
            )}
            <Divider />
            <Typography variant="subtitle2" component="h3">
              {t('siteDetailTools.quality.title')}
            </Typography>
            <Stack
              direction={{ xs: 'column', md: 'row' }}
              spacing={2}
              sx={{ alignItems: { md: 'center' } }}
            >
              <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
                {t('siteDetailTools.quality.description')}
              </Typography>
              <Button
                variant="outlined"
                disabled={recalculate.isPending}
                onClick={() => recalculate.mutate()}
              >
                {t('siteDetailTools.quality.apply')}
              </Button>
            </Stack>
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('siteDetailTools.adminsOnly')}
          </Typography>
        )}
        {realtime && canEditHardware && (
          <>
            <Divider />
            <RecorrelatePanel siteId={siteId} />
          </>
        )}
        {error && <Alert severity="error">{error.message}</Alert>}
        <SiteTaskProgress siteId={siteId} />
        <Divider />
        <TmgExportPanel siteId={siteId} />
      </Stack>
    </Paper>
  );
}
