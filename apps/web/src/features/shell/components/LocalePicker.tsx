import TranslateIcon from '@mui/icons-material/Translate';
import { IconButton, InputAdornment, Menu, MenuItem, TextField, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, isLocale, LOCALE_NAMES, LOCALES, type Locale } from '@roadcount/domain';
import { http } from '@/lib/http.ts';
import { useSession } from '@/lib/session/useSession.ts';
import { changeLocale } from '@/i18n/i18n.ts';

interface Props {
  /** An icon that opens a menu, for bars with little room; else a labelled select. */
  compact?: boolean;
  color?: 'inherit' | 'default';
}

export function LocalePicker({ compact = false, color = 'default' }: Props) {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  const { claims } = useSession();
  // Applied at once; stored on the profile too when signed in, so it follows the user.
  const choose = (locale: Locale) => {
    void changeLocale(locale);
    if (claims) void http.patch('/core/api/config/users/me/', { locale }).catch(() => undefined);
  };

  if (compact) {
    return (
      <>
        <Tooltip title={t('locale.label')}>
          <IconButton
            color={color}
            aria-label={t('locale.label')}
            onClick={(event) => setAnchor(event.currentTarget)}
          >
            <TranslateIcon />
          </IconButton>
        </Tooltip>
        <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
          {LOCALES.map((locale) => (
            <MenuItem
              key={locale}
              lang={locale}
              selected={locale === current}
              onClick={() => {
                setAnchor(null);
                choose(locale);
              }}
            >
              {LOCALE_NAMES[locale]}
            </MenuItem>
          ))}
        </Menu>
      </>
    );
  }

  return (
    <TextField
      select
      size="small"
      label={t('locale.label')}
      value={current}
      onChange={(event) => {
        if (isLocale(event.target.value)) choose(event.target.value);
      }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <TranslateIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      sx={{ minWidth: 190 }}
    >
      {LOCALES.map((locale) => (
        <MenuItem key={locale} value={locale} lang={locale}>
          {LOCALE_NAMES[locale]}
        </MenuItem>
      ))}
    </TextField>
  );
}
