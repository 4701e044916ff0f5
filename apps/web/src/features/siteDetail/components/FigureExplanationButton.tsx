import CalculateOutlinedIcon from '@mui/icons-material/CalculateOutlined';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  LinearProgress,
  Tooltip,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExplainedFigure, FilterPayload } from '@/generated/graphql.ts';
import { useFigureExplanation } from '../api/figureExplanationApi.ts';
import type { Units } from '../siteDetailFilters.ts';
import { FigureExplanationContent } from './FigureExplanationContent.tsx';

interface Props {
  siteId: string;
  figure: ExplainedFigure;
  /** The figure's name as the screen shows it. */
  label: string;
  filter: FilterPayload;
  units: Units;
  className?: (classIndex: number) => string;
}

/**
 * "How was this made?": an icon beside a card's or chart's title that opens, in one click, how
 * the figure was made under the page's filter (issue 36). The explanation is asked for only
 * once the dialog opens.
 */
export function FigureExplanationButton({
  siteId,
  figure,
  label,
  filter,
  units,
  className,
}: Props) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const explanation = useFigureExplanation(siteId, figure, filter, open);
  const name = t('figureExplanation.open', { figure: label });
  return (
    <>
      <Tooltip title={name}>
        <IconButton
          size="small"
          aria-label={name}
          aria-haspopup="dialog"
          data-explain={figure}
          onClick={() => setOpen(true)}
          sx={{ p: 0.25, color: 'text.secondary', '@media print': { display: 'none' } }}
        >
          <CalculateOutlinedIcon fontSize="inherit" />
        </IconButton>
      </Tooltip>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        fullScreen={fullScreen}
        fullWidth
        maxWidth="md"
        aria-labelledby={titleId}
      >
        <DialogTitle id={titleId}>{t('figureExplanation.title', { figure: label })}</DialogTitle>
        <DialogContent dividers>
          {explanation.isPending && <LinearProgress aria-label={t('figureExplanation.loading')} />}
          {explanation.isError && <Alert severity="error">{explanation.error.message}</Alert>}
          {explanation.data && (
            <FigureExplanationContent
              explanation={explanation.data}
              units={units}
              {...(className ? { className } : {})}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('figureExplanation.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
