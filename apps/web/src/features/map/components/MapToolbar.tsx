import AddLocationAltOutlinedIcon from '@mui/icons-material/AddLocationAltOutlined';
import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import PentagonOutlinedIcon from '@mui/icons-material/PentagonOutlined';
import TuneIcon from '@mui/icons-material/Tune';
import { Alert, Box, Button, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

interface Props {
  /** Wide screens keep the controls beside the map; narrow ones open them in a drawer. */
  wide: boolean;
  onOpenControls: () => void;
  /** Vertices placed so far while drawing a polygon, or null when not drawing. */
  polygon: [number, number][] | null;
  onPolygon: (polygon: [number, number][] | null) => void;
  onFinishPolygon: () => void;
  canAddNotes: boolean;
  addingNote: boolean;
  onAddingNote: (adding: boolean) => void;
  csvDisabled: boolean;
  onCsv: () => void;
  /** Insights for the selected sites, or else those the map shows; null when there are none. */
  reportHref: string | null;
  /** Whether the report is of the selected sites (else of those shown). */
  reportOfSelection: boolean;
}

/** The buttons over the map (polygon select, add note, summary CSV) and their help while in use. */
export function MapToolbar({
  wide,
  onOpenControls,
  polygon,
  onPolygon,
  onFinishPolygon,
  canAddNotes,
  addingNote,
  onAddingNote,
  csvDisabled,
  onCsv,
  reportHref,
  reportOfSelection,
}: Props) {
  const { t } = useTranslation();
  // On a phone the buttons stay small, so that they leave the map in view.
  const size = wide ? 'medium' : 'small';
  const help = polygon ? t('map.polygon.help') : addingNote ? t('mapNotes.addHelp') : null;
  return (
    <Box
      sx={{
        position: 'absolute',
        top: 12,
        left: 12,
        // Clear of the zoom buttons on the right.
        maxWidth: 'calc(100% - 64px)',
        zIndex: 2,
      }}
    >
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
        {!wide && (
          <Button
            size={size}
            variant="contained"
            color="inherit"
            startIcon={<TuneIcon />}
            onClick={onOpenControls}
          >
            {t('map.controls.open')}
          </Button>
        )}
        {polygon ? (
          <>
            <Button
              size={size}
              variant="contained"
              onClick={onFinishPolygon}
              disabled={polygon.length < 3}
            >
              {t('map.polygon.finish', { count: polygon.length })}
            </Button>
            <Button size={size} variant="contained" color="inherit" onClick={() => onPolygon(null)}>
              {t('map.polygon.cancel')}
            </Button>
          </>
        ) : addingNote ? (
          <Button
            size={size}
            variant="contained"
            color="inherit"
            onClick={() => onAddingNote(false)}
          >
            {t('mapNotes.cancelAdd')}
          </Button>
        ) : (
          <>
            <Button
              size={size}
              variant="contained"
              color="inherit"
              startIcon={<PentagonOutlinedIcon />}
              onClick={() => onPolygon([])}
            >
              {t('map.polygon.start')}
            </Button>
            {canAddNotes && (
              <Button
                size={size}
                variant="contained"
                color="inherit"
                startIcon={<AddLocationAltOutlinedIcon />}
                onClick={() => onAddingNote(true)}
              >
                {t('mapNotes.add')}
              </Button>
            )}
          </>
        )}
        <Button
          size={size}
          variant="contained"
          color="inherit"
          startIcon={<DownloadIcon />}
          disabled={csvDisabled}
          onClick={onCsv}
        >
          {t('map.csv.download')}
        </Button>
        <Button
          size={size}
          variant="contained"
          color="inherit"
          startIcon={<AssessmentOutlinedIcon />}
          disabled={!reportHref}
          {...(reportHref ? { component: RouterLink, to: reportHref } : {})}
        >
          {t(reportOfSelection ? 'reports.map.selected' : 'reports.map.shown')}
        </Button>
      </Stack>
      {help && (
        <Alert severity="info" sx={{ mt: 1, maxWidth: 420 }}>
          {help}
        </Alert>
      )}
    </Box>
  );
}
