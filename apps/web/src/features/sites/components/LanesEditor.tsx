import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Box,
  Button,
  IconButton,
  List,
  ListItem,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { LANE_TYPES, type CompassLetter, type LaneType } from '@roadcount/domain';
import { useTranslation } from 'react-i18next';
import {
  addLane,
  lanesOf,
  moveLane,
  removeNewLane,
  setLaneType,
  type DirectionSlot,
  type LaneDraft,
} from './laneDraft.ts';

interface Props {
  lanes: LaneDraft[];
  /** The compass point of each of the site's directions, as the form holds them. */
  directions: Record<DirectionSlot, CompassLetter | null>;
  onChange: (lanes: LaneDraft[]) => void;
}

/** A site's lanes per direction, in order from the road centre (SPEC section 3). */
export function LanesEditor({ lanes, directions, onChange }: Props) {
  const { t } = useTranslation();
  const slots = (['direction_one', 'direction_two'] as const).filter(
    (slot) => directions[slot] !== null,
  );
  if (slots.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('siteEdit.lanes.noDirections')}
      </Typography>
    );
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      {slots.map((slot) => {
        const compass = t(`sites.compass.${directions[slot] ?? 'N'}`);
        const own = lanesOf(lanes, slot);
        return (
          <Box
            key={slot}
            sx={{ flex: 1, minWidth: 0 }}
            role="group"
            aria-label={t('siteEdit.lanes.direction', { direction: compass })}
          >
            <Typography variant="subtitle2" component="h4">
              {t('siteEdit.lanes.direction', { direction: compass })}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t('siteEdit.lanes.order')}
            </Typography>
            {own.length === 0 && (
              <Typography variant="body2" sx={{ py: 1 }}>
                {t('siteEdit.lanes.none')}
              </Typography>
            )}
            <List dense disablePadding sx={{ mt: 1 }}>
              {own.map((lane, index) => {
                const label = t('siteEdit.lanes.lane', { number: index + 1, direction: compass });
                return (
                  <ListItem key={lane.key} disableGutters sx={{ gap: 0.5, alignItems: 'center' }}>
                    <TextField
                      select
                      size="small"
                      sx={{ flex: 1, minWidth: 0 }}
                      label={label}
                      value={lane.laneType}
                      onChange={(event) =>
                        onChange(setLaneType(lanes, lane.key, event.target.value as LaneType))
                      }
                    >
                      {LANE_TYPES.map((type) => (
                        <MenuItem key={type} value={type}>
                          {t(`siteEdit.laneTypes.${type}`)}
                        </MenuItem>
                      ))}
                    </TextField>
                    <IconButton
                      size="small"
                      aria-label={t('siteEdit.lanes.towardsCentre', { lane: label })}
                      disabled={index === 0}
                      onClick={() => onChange(moveLane(lanes, lane.key, -1))}
                    >
                      <ArrowUpwardIcon fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      aria-label={t('siteEdit.lanes.awayFromCentre', { lane: label })}
                      disabled={index === own.length - 1}
                      onClick={() => onChange(moveLane(lanes, lane.key, 1))}
                    >
                      <ArrowDownwardIcon fontSize="small" />
                    </IconButton>
                    {lane.id === null ? (
                      <IconButton
                        size="small"
                        aria-label={t('siteEdit.lanes.remove', { lane: label })}
                        onClick={() => onChange(removeNewLane(lanes, lane.key))}
                      >
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    ) : (
                      // Saved lanes stay: keep the row aligned with the new lanes' delete button.
                      <Box sx={{ width: 34, flexShrink: 0 }} />
                    )}
                  </ListItem>
                );
              })}
            </List>
            <Button
              size="small"
              startIcon={<AddIcon />}
              onClick={() => onChange(addLane(lanes, slot))}
            >
              {t('siteEdit.lanes.add', { direction: compass })}
            </Button>
          </Box>
        );
      })}
    </Stack>
  );
}
