import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Alert,
  Button,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { EXCLUSION_MESSAGES, timeExclusionSchema } from '@roadcount/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ruleToText, type TimeExclusionRule } from '../siteDetailExclusions.ts';

interface Props {
  rules: TimeExclusionRule[];
  onChange: (rules: TimeExclusionRule[]) => void;
}

const DAYS = [0, 1, 2, 3, 4, 5, 6];
const MESSAGE_KEYS = new Map<string, string>(
  Object.entries(EXCLUSION_MESSAGES).map(([key, message]) => [
    message,
    `exclusions.problems.${key}`,
  ]),
);

/** Monday 0 ... Sunday 6 in the language's short form (1 Jan 2024 was a Monday). */
export function dayName(day: number, language: string, width: 'short' | 'narrow' = 'short') {
  return new Intl.DateTimeFormat(language, { weekday: width, timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, 1 + day)),
  );
}

/** Days as runs: Mon–Fri, Sat. */
export function daysText(days: number[], language: string): string {
  const sorted = [...days].sort((a, b) => a - b);
  const runs: [number, number][] = [];
  for (const day of sorted) {
    const last = runs[runs.length - 1];
    if (last && last[1] === day - 1) last[1] = day;
    else runs.push([day, day]);
  }
  return runs
    .map(([first, last]) =>
      first === last
        ? dayName(first, language)
        : `${dayName(first, language)}–${dayName(last, language)}`,
    )
    .join(', ');
}

/** Time exclusions (SPEC section 3): local days of the week between two times, added and removed. */
export function TimeExclusionsEditor({ rules, onChange }: Props) {
  const { t, i18n } = useTranslation();
  const [days, setDays] = useState<number[]>([0, 1, 2, 3, 4]);
  const [from, setFrom] = useState('07:00');
  const [to, setTo] = useState('09:00');
  const candidate = { days, from, to };
  const parsed = timeExclusionSchema.safeParse(candidate);
  const duplicate = rules.some((rule) => ruleToText(rule) === ruleToText(candidate));
  const problem = parsed.error?.issues[0]?.message;
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2" component="h3">
        {t('exclusions.time.title')}
      </Typography>
      {rules.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('exclusions.time.none')}
        </Typography>
      ) : (
        <List dense disablePadding aria-label={t('exclusions.time.title')}>
          {rules.map((rule) => (
            <ListItem
              key={ruleToText(rule)}
              disableGutters
              secondaryAction={
                <IconButton
                  edge="end"
                  size="small"
                  aria-label={t('exclusions.time.remove', {
                    rule: `${daysText(rule.days, i18n.language)} ${rule.from}–${rule.to}`,
                  })}
                  onClick={() =>
                    onChange(rules.filter((other) => ruleToText(other) !== ruleToText(rule)))
                  }
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              }
            >
              <ListItemText
                primary={daysText(rule.days, i18n.language)}
                secondary={t('exclusions.time.between', { from: rule.from, to: rule.to })}
              />
            </ListItem>
          ))}
        </List>
      )}
      <ToggleButtonGroup
        size="small"
        color="primary"
        value={days}
        onChange={(_event, chosen: number[]) => setDays(chosen)}
        aria-label={t('exclusions.time.days')}
        sx={{ flexWrap: 'wrap' }}
      >
        {DAYS.map((day) => (
          <ToggleButton
            key={day}
            value={day}
            aria-label={dayName(day, i18n.language, 'short')}
            sx={{ flex: 1, minWidth: 40, px: 0.5 }}
          >
            {dayName(day, i18n.language, 'short').slice(0, 3)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
        <TextField
          size="small"
          type="time"
          label={t('exclusions.time.from')}
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ flex: '1 1 120px' }}
        />
        <TextField
          size="small"
          type="time"
          label={t('exclusions.time.to')}
          value={to}
          onChange={(event) => setTo(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ flex: '1 1 120px' }}
        />
        <Button
          variant="outlined"
          startIcon={<AddIcon />}
          disabled={!parsed.success || duplicate}
          onClick={() => onChange([...rules, { days: [...days].sort((a, b) => a - b), from, to }])}
          sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' }, height: 40 }}
        >
          {t('exclusions.time.add')}
        </Button>
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {t('exclusions.time.help')}
      </Typography>
      {problem && (
        <Alert severity="info" sx={{ py: 0 }}>
          {t(MESSAGE_KEYS.get(problem) ?? 'exclusions.problems.invalid')}
        </Alert>
      )}
    </Stack>
  );
}
