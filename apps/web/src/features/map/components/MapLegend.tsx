import { Box, Paper, Stack, Typography } from '@mui/material';
import { DESIGN_LAYERS, type MapLayer } from '@roadcount/domain';
import { useTranslation } from 'react-i18next';
import { NO_VALUE_COLOUR, type LayerScale } from '../mapLayers.ts';

interface Props {
  layer: MapLayer;
  scale: LayerScale;
}

function Swatch({ colour }: { colour: string }) {
  return (
    <Box
      sx={{
        width: 14,
        height: 14,
        borderRadius: '50%',
        bgcolor: colour,
        border: '1px solid rgba(0,0,0,0.2)',
        flexShrink: 0,
      }}
    />
  );
}

/** What the dot colours mean for the layer, in the user's units. */
export function MapLegend({ layer, scale }: Props) {
  const { t, i18n } = useTranslation();
  const format = (value: number) => value.toLocaleString(i18n.language);
  const unit = t(scale.unitKey);
  const label = (from: number | null, to: number | null) => {
    if (layer === 'noData' || layer === 'comparison')
      return to === 1 ? t('map.legend.withoutData') : t('map.legend.withData');
    if (from === null && to !== null) return t('map.legend.under', { value: format(to), unit });
    if (to === null && from !== null) return t('map.legend.over', { value: format(from), unit });
    return t('map.legend.between', { from: format(from ?? 0), to: format(to ?? 0), unit });
  };
  return (
    <Paper
      elevation={2}
      sx={{ p: 1.5, minWidth: 170 }}
      aria-label={t('map.legend.title')}
      role="region"
    >
      <Typography variant="subtitle2" gutterBottom>
        {t(`map.layers.${layer}`)}
      </Typography>
      <Stack spacing={0.5}>
        {layer === 'comparison' ? (
          <Typography variant="body2" color="text.secondary">
            {t('map.legend.comparison')}
          </Typography>
        ) : (
          scale.steps.map((step) => (
            <Stack key={step.colour} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Swatch colour={step.colour} />
              <Typography variant="body2">{label(step.from, step.to)}</Typography>
            </Stack>
          ))
        )}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Swatch colour={NO_VALUE_COLOUR} />
          <Typography variant="body2">{t('map.legend.noValue')}</Typography>
        </Stack>
        {DESIGN_LAYERS.includes(layer) && (
          <Typography variant="caption" color="text.secondary" sx={{ maxWidth: 220 }}>
            {t(`map.legend.design.${layer}`)}
          </Typography>
        )}
      </Stack>
    </Paper>
  );
}
