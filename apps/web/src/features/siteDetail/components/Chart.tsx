import { Box, Paper, Stack, Typography } from '@mui/material';
import { BarChart, HeatmapChart, LineChart, ScatterChart } from 'echarts/charts';
import {
  CalendarComponent,
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DefinitionLink } from '@/ui/DefinitionLink.tsx';
import type { ChartOption } from '../chartOptions.ts';

echarts.use([
  BarChart,
  LineChart,
  HeatmapChart,
  ScatterChart,
  CalendarComponent,
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
  /** What an empty chart says instead of 'No data available', where the reason is known. */
  emptyText?: string;
  /** Called with the data item of a clicked point, bar or cell. */
  onItemClick?: (data: unknown, event: { shiftKey: boolean }) => void;
  /** Said under the title: how to read or use the chart. */
  caption?: string;
  /** The chart's key in the glossary: an info icon beside the title opens its definition. */
  definition?: string;
  /** A "How was this made?" button beside the title (issue 36). */
  explain?: ReactNode;
}

/** A titled ECharts chart that follows its box's size, or 'No data available'. */
export function Chart({
  title,
  option,
  height = 300,
  emptyText,
  onItemClick,
  caption,
  definition,
  explain,
}: Props) {
  // The latest handler, so that a new one does not draw the chart again.
  const clicked = useRef(onItemClick);
  useEffect(() => {
    clicked.current = onItemClick;
  }, [onItemClick]);
  const { t } = useTranslation();
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = element.current;
    if (!container || !option) return;
    const chart = echarts.init(container);
    chart.setOption(option);
    chart.on('click', (params) => {
      const event = params.event?.event as { shiftKey?: boolean } | undefined;
      clicked.current?.(params.data, { shiftKey: event?.shiftKey === true });
    });
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
        {explain}
        {definition && <DefinitionLink figure={definition} label={title} />}
      </Stack>
      {caption && (
        <Typography variant="body2" color="text.secondary">
          {caption}
        </Typography>
      )}
      {/* Keyed apart: ECharts empties its box on dispose, so React must never reuse it. */}
      {option ? (
        <Box key="chart" ref={element} sx={{ height, width: '100%' }} />
      ) : (
        <Box key="empty" sx={{ height: 120, display: 'grid', placeItems: 'center', px: 2 }}>
          <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
            {emptyText ?? t('siteDetail.noData')}
          </Typography>
        </Box>
      )}
    </Paper>
  );
}
