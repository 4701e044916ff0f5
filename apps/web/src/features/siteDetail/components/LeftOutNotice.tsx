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
 * why: nothing when every vehicle is counted.
 */
export function LeftOutNotice({ siteId, filter }: Props) {
  const { t, i18n } = useTranslation();
  const leftOut = useLeftOut(siteId, filter).data;
  if (!leftOut || leftOut.total === leftOut.selected) return null;
  const number = (value: number) => value.toLocaleString(i18n.language);
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
            {t(reason === 'badDataPeriods' ? 'badData.leftOut' : `fieldFiles.leftOut.${reason}`, {
              vehicles: number(leftOut[reason]),
            })}
          </li>
        ))}
      </Box>
    </Alert>
  );
}
