import { Alert, AlertTitle, Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { FilterPayload } from '@/generated/graphql.ts';
import { useLeftOut, type LeftOutCounts } from '../api/leftOutApi.ts';

interface Props {
  siteId: string;
  filter: FilterPayload;
}

/** The reasons in the order the filter applies them, as the notice lists them. */
const REASONS = [
  'speedRange',
  'classes',
  'unclassified',
  'directions',
  'separation',
  'lanes',
  'badDataPeriods',
  'exclusions',
  'timeExclusions',
] as const satisfies readonly (keyof LeftOutCounts)[];

/**
 * Says how many of the time range's vehicles the filters leave out of the page's figures, and
 * why (the speed range's by class): nothing when every vehicle is counted.
 */
export function LeftOutNotice({ siteId, filter }: Props) {
  const { t, i18n } = useTranslation();
  const leftOut = useLeftOut(siteId, filter).data;
  if (!leftOut || leftOut.total === leftOut.selected) return null;
  const number = (value: number) => value.toLocaleString(i18n.language);
  // Which classes the speed range left out, most first: the default 1 km/h minimum leaves out
  // the 0 mph records Jamar writes as class 15, and the line says so.
  const byClass = leftOut.speedRangeByClass
    .filter(({ vehicles }) => vehicles > 0)
    .sort((a, b) => b.vehicles - a.vehicles || a.classIndex - b.classIndex)
    .map(({ classIndex, vehicles }) =>
      t('fieldFiles.leftOut.speedRangeClass', {
        vehicles: number(vehicles),
        class: String(classIndex),
      }),
    );
  return (
    <Alert severity="info" data-testid="left-out-notice">
      <AlertTitle>
        {t('fieldFiles.leftOut.title', {
          leftOut: number(leftOut.total - leftOut.selected),
          total: number(leftOut.total),
        })}
      </AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {REASONS.filter((reason) => leftOut[reason] > 0).map((reason) => (
          <li key={reason}>
            {reason === 'speedRange' && byClass.length > 0
              ? t('fieldFiles.leftOut.speedRangeByClass', {
                  vehicles: number(leftOut.speedRange),
                  classes: new Intl.ListFormat(i18n.language, { type: 'unit' }).format(byClass),
                })
              : t(
                  reason === 'badDataPeriods' ? 'badData.leftOut' : `fieldFiles.leftOut.${reason}`,
                  {
                    vehicles: number(leftOut[reason]),
                  },
                )}
          </li>
        ))}
      </Box>
    </Alert>
  );
}
