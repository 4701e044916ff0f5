import { Box, Paper, Stack, Typography } from '@mui/material';
import { BarChart, HeatmapChart, LineChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DefinitionLink } from '../../definitions/components/DefinitionLink.tsx';
import type { ChartOption } from '../chartOptions.ts';

echarts.use([
  BarChart,
  LineChart,
  HeatmapChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapComponent,
  DataZoomComponent,
  CanvasRenderer,
]);

interface Props {
  title: string;
  option: ChartOption | null;
  height?: number;
  /** The chart's key in the glossary: an info icon beside the title opens its definition. */
  definition?: string;
}

/** A titled ECharts chart that follows its box's size, or 'No data available'. */
export function Chart({ title, option, height = 300, definition }: Props) {
  const { t } = useTranslation();
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = element.current;
    if (!container || !option) return;
    const chart = echarts.init(container);
    chart.setOption(option);
    const resize = () => chart.resize();
    const observer = new ResizeObserver(resize);
    observer.observe(container);
    // Print lays the charts out full width: they are drawn again at that size, and back after.
    const printing = typeof window.matchMedia === 'function' ? window.matchMedia('print') : null;
    printing?.addEventListener('change', resize);
    return () => {
      printing?.removeEventListener('change', resize);
      observer.disconnect();
      chart.dispose();
    };
  }, [option]);
  return (
    <Paper variant="outlined" sx={{ p: 2, breakInside: 'avoid' }} role="figure" aria-label={title}>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {definition && <DefinitionLink figure={definition} label={title} />}
      </Stack>
      {/* Keyed apart: ECharts empties its box on dispose, so React must never reuse it. */}
      {option ? (
        <Box key="chart" ref={element} sx={{ height, width: '100%' }} />
      ) : (
        <Box key="empty" sx={{ height: 120, display: 'grid', placeItems: 'center' }}>
          <Typography color="text.secondary">{t('siteDetail.noData')}</Typography>
        </Box>
      )}
    </Paper>
  );
}
