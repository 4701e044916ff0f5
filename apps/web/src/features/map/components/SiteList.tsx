import SearchIcon from '@mui/icons-material/Search';
import {
  Box,
  InputAdornment,
  List,
  ListItemButton,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { MapSite } from '@/lib/map/mapSites.ts';

interface Props {
  sites: MapSite[];
  selected: string[];
  colours: Map<string, string>;
  search: string;
  onSearch: (search: string) => void;
  onSelect: (siteId: string) => void;
  loading: boolean;
}

/** Enough to scroll through; thousands of rows would slow every render of the map screen. */
export const LISTED_SITES = 100;

/** Search by name and the list of the sites on the map; a click selects as the map does. */
export function SiteList({ sites, selected, colours, search, onSearch, onSelect, loading }: Props) {
  const { t } = useTranslation();
  return (
    <Box sx={{ px: 2, pt: 2 }}>
      <TextField
        size="small"
        fullWidth
        label={t('map.controls.search')}
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <Typography
        variant="caption"
        color="text.secondary"
        component="p"
        sx={{ mt: 1 }}
        aria-live="polite"
      >
        {loading ? t('map.sites.loading') : t('map.sites.count', { count: sites.length })}
        {sites.length > LISTED_SITES && ` ${t('map.sites.capped', { listed: LISTED_SITES })}`}
      </Typography>
      <List
        dense
        aria-label={t('map.sites.list')}
        sx={{ maxHeight: 220, overflowY: 'auto', mx: -1 }}
      >
        {sites.slice(0, LISTED_SITES).map((site) => (
          <ListItemButton
            key={site.id}
            selected={selected.includes(site.id)}
            aria-pressed={selected.includes(site.id)}
            onClick={() => onSelect(site.id)}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
              <Box
                sx={{
                  width: 10,
                  height: 10,
                  borderRadius: '50%',
                  flexShrink: 0,
                  bgcolor: colours.get(site.id) ?? 'transparent',
                  border: 1,
                  borderColor: colours.has(site.id) ? 'transparent' : 'divider',
                }}
              />
              <ListItemText
                primary={site.name}
                secondary={
                  site.last_surveyed
                    ? t('map.summary.lastSurveyed', { date: site.last_surveyed })
                    : t('map.summary.never')
                }
                slotProps={{ primary: { noWrap: true } }}
              />
            </Stack>
          </ListItemButton>
        ))}
      </List>
    </Box>
  );
}
