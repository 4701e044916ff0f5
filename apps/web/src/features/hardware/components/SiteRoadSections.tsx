import { Box, Typography } from '@mui/material';
import { kmToMiles, lineLengthKm } from '@roadcount/domain';
import { useTranslation } from 'react-i18next';
import { useRoadSections } from '../api/hardwareApi.ts';

interface Props {
  siteId: string;
  units: 'metric' | 'imperial';
}

/** The road sections linked to a site, each with its length; nothing when there are none. */
export function SiteRoadSections({ siteId, units }: Props) {
  const { t, i18n } = useTranslation();
  const sections = useRoadSections(siteId);
  if (!sections.data || sections.data.length === 0) return null;
  const lengthText = (coordinates: [number, number][]) => {
    const lengthKm = lineLengthKm(coordinates);
    const length = (units === 'imperial' ? kmToMiles(lengthKm) : lengthKm).toLocaleString(
      i18n.language,
      { minimumFractionDigits: 2, maximumFractionDigits: 2 },
    );
    return t(
      units === 'imperial' ? 'hardware.sections.lengthMiles' : 'hardware.sections.lengthKm',
      {
        length,
      },
    );
  };
  return (
    <Box component="section" aria-labelledby="site-road-sections" sx={{ mt: 1 }}>
      <Typography id="site-road-sections" variant="subtitle2" component="h2">
        {t('hardware.sections.onSite')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {sections.data.map((section) => (
          <Typography component="li" variant="body2" key={section.id}>
            {section.name}
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {` · ${lengthText(section.coordinates)}`}
            </Box>
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
