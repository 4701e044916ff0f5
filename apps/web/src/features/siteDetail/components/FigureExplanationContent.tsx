import {
  Box,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { termAnchor } from '@/lib/glossary.ts';
import type { FigureExplanationAnswer } from '../api/figureExplanationApi.ts';
import { speedIn, type Units } from '../siteDetailFilters.ts';

interface Props {
  explanation: FigureExplanationAnswer;
  units: Units;
  className?: (classIndex: number) => string;
}

/** Left-out days listed before the rest are summed up as "and N more". */
const DAYS_LISTED = 14;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" data-section={id} sx={{ '& + &': { mt: 2 } }}>
      <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** How a figure was made: formula, data, what was left out and, for AADT, the method. */
export function FigureExplanationContent({ explanation, units, className }: Props) {
  const { t, i18n } = useTranslation();
  const number = (value: number, digits = 0) =>
    value.toLocaleString(i18n.language, { maximumFractionDigits: digits });
  const unit = t(units === 'metric' ? 'siteDetail.units.kmh' : 'siteDetail.units.mph');
  const speed = (mps: number) => `${number(speedIn(units, mps), 1)} ${unit}`;
  const classLabel = (index: number) => className?.(index) ?? String(index);
  const time = (iso: string | null) =>
    iso
      ? new Date(iso).toLocaleString(i18n.language, {
          dateStyle: 'medium',
          timeStyle: 'short',
          timeZone: explanation.time_zone,
        })
      : '?';
  const { days, left_out: leftOut, filter, aadt } = explanation;
  const daysLeftOut = days.days.filter((day) => !day.used);
  return (
    <Stack spacing={0}>
      <Section id="formula" title={t('figureExplanation.formula')}>
        <Typography sx={{ fontFamily: 'monospace', whiteSpace: 'pre-wrap' }} data-formula>
          {t(`definitions.terms.${explanation.term}.formula`)}
        </Typography>
        <Link component={RouterLink} to={`/ui/definitions#${termAnchor(explanation.term)}`}>
          {t('figureExplanation.seeDefinitions')}
        </Link>
      </Section>
      <Section id="days" title={t('figureExplanation.dayRuleLabel')}>
        <Typography variant="body2">
          {t(`figureExplanation.dayRule.${explanation.day_rule}`)}
        </Typography>
        {days.first_day && days.last_day ? (
          <Typography variant="body2" data-days-used={days.days_used}>
            {t('figureExplanation.daysText', {
              first: days.first_day,
              last: days.last_day,
              used: days.days_used,
              all: days.days.length,
            })}
          </Typography>
        ) : (
          <Typography variant="body2">{t('figureExplanation.noDays')}</Typography>
        )}
        {daysLeftOut.length > 0 && (
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {daysLeftOut.slice(0, DAYS_LISTED).map((day) => (
              <li key={day.day}>
                <Typography variant="body2">
                  {t('figureExplanation.dayLeftOutText', {
                    day: day.day,
                    volume: number(day.volume),
                    reason: t(`figureExplanation.dayReason.${day.reason ?? 'partial'}`),
                  })}
                </Typography>
              </li>
            ))}
            {daysLeftOut.length > DAYS_LISTED && (
              <li>
                <Typography variant="body2">
                  {t('figureExplanation.moreDays', { count: daysLeftOut.length - DAYS_LISTED })}
                </Typography>
              </li>
            )}
          </Box>
        )}
      </Section>
      <Section id="files" title={t('figureExplanation.filesLabel')}>
        {explanation.files.length === 0 ? (
          <Typography variant="body2">{t('figureExplanation.noFiles')}</Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {explanation.files.map((file) => (
              <li key={file.id}>
                <Typography variant="body2">
                  <Link
                    component={RouterLink}
                    to={`/ui/file-management?search=${encodeURIComponent(file.name)}`}
                  >
                    {file.name}
                  </Link>{' '}
                  {t('figureExplanation.fileSpan', {
                    first: time(file.first_record),
                    last: time(file.last_record),
                  })}
                </Typography>
              </li>
            ))}
          </Box>
        )}
      </Section>
      <Section id="left-out" title={t('figureExplanation.leftOutLabel')}>
        {explanation.scope === 'wholeRecord' ? (
          <Typography variant="body2">{t('figureExplanation.wholeRecord')}</Typography>
        ) : (
          <>
            <Typography variant="body2">
              {t('figureExplanation.speedRangeText', {
                min: speed(filter.speed_min_mps),
                max: speed(filter.speed_max_mps),
              })}
            </Typography>
            {leftOut && (
              <Typography variant="body2" data-left-out-total={leftOut.total - leftOut.selected}>
                {t('figureExplanation.vehiclesText', {
                  selected: number(leftOut.selected),
                  total: number(leftOut.total),
                })}
              </Typography>
            )}
            {leftOut && leftOut.reasons.length > 0 && (
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {leftOut.reasons.map((reason) => (
                  <li key={reason.reason}>
                    <Typography variant="body2">
                      {t(`figureExplanation.leftOut.${reason.reason}`)}: {number(reason.vehicles)}
                      {reason.classes.length > 0 &&
                        ` (${reason.classes
                          .map((entry) =>
                            t('figureExplanation.ofClass', {
                              vehicles: number(entry.vehicles),
                              class: classLabel(entry.class_index),
                            }),
                          )
                          .join(', ')})`}
                    </Typography>
                  </li>
                ))}
              </Box>
            )}
            {filter.exclusions.map((exclusion) => (
              <Typography key={exclusion.id} variant="body2">
                {t('figureExplanation.exclusion')}: {exclusion.name}
              </Typography>
            ))}
          </>
        )}
        {explanation.bad_data_periods.map((period) => (
          <Typography key={`${period.rule}${period.start_time}`} variant="body2">
            {t('figureExplanation.badDataPeriodText', {
              rule: t(`figureExplanation.badDataRule.${period.rule}`, {
                defaultValue: period.rule,
              }),
              start: time(period.start_time),
              end: time(period.end_time),
            })}
          </Typography>
        ))}
        {explanation.figure === 'speeding' &&
          explanation.speed_limits.map((limit) => (
            <Typography key={limit.effective_from} variant="body2">
              {t('figureExplanation.speedLimitText', {
                limit: speed(limit.limit_mps),
                from: limit.effective_from,
              })}
            </Typography>
          ))}
      </Section>
      {aadt && (
        <Section id="method" title={t('figureExplanation.methodLabel')}>
          <Typography variant="body2" data-variant={aadt.variant}>
            {t(`figureExplanation.variant.${aadt.variant}`, { defaultValue: aadt.variant })}
          </Typography>
          {aadt.group ? (
            <>
              <Typography variant="body2" data-factor-version={aadt.group.version}>
                {t('figureExplanation.factorGroupText', {
                  name: aadt.group.name,
                  version: aadt.group.version,
                })}
              </Typography>
              <FactorTable group={aadt.group} number={number} />
            </>
          ) : (
            <Typography variant="body2">{t('figureExplanation.noGroup')}</Typography>
          )}
        </Section>
      )}
    </Stack>
  );
}

type Group = NonNullable<NonNullable<FigureExplanationAnswer['aadt']>['group']>;

function FactorTable({
  group,
  number,
}: {
  group: Group;
  number: (value: number, digits?: number) => string;
}) {
  const { t } = useTranslation();
  const rows: [string, (number | null)[] | null][] = [
    [t('figureExplanation.monthlyFactors'), group.monthly_factors],
    [t('figureExplanation.dayOfWeekFactors'), group.day_of_week_factors],
  ];
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('figureExplanation.factorGroup')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('figureExplanation.factorGroup')}</TableCell>
            <TableCell>{t('figureExplanation.factorsLabel')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(([label, values]) => (
            <TableRow key={label}>
              <TableCell>{label}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>
                {(values ?? [])
                  .map((value) => (value === null ? '–' : number(value, 3)))
                  .join(' · ')}
              </TableCell>
            </TableRow>
          ))}
          {group.monthly_factor !== null && group.day_of_week_factor !== null && (
            <TableRow>
              <TableCell>{t('figureExplanation.appliedLabel')}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>
                {t('figureExplanation.appliedText', {
                  monthly: number(group.monthly_factor, 3),
                  dayOfWeek: number(group.day_of_week_factor, 3),
                })}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </Box>
  );
}
