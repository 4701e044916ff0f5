import AddIcon from '@mui/icons-material/Add';
import {
  Alert,
  Button,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '@/lib/requestErrors.ts';
import {
  useDeviceArrays,
  useDeviceMappings,
  useDevices,
  useRoadSections,
  type DeviceArray,
  type RoadSection,
} from '../api/hardwareApi.ts';
import { DeviceArrayDialog } from './DeviceArrayDialog.tsx';
import { RoadSectionDialog } from './RoadSectionDialog.tsx';
import { DeviceMap } from './DeviceMap.tsx';
import { lastSeenText } from './deviceState.ts';
import { useCanEditHardware } from '@/lib/useCanEditHardware.ts';

/** A column left out on a phone, where the table would scroll past its Edit buttons. */
const NARROW_HIDDEN = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** Every device of the organisation, its arrays, and which lane each array measures. */
export function HardwareScreen() {
  const { t, i18n } = useTranslation();
  const devices = useDevices(undefined);
  const arrays = useDeviceArrays();
  const mappings = useDeviceMappings();
  const canEdit = useCanEditHardware();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<DeviceArray | null>(null);
  const sections = useRoadSections();
  const [addingSection, setAddingSection] = useState(false);
  const [editingSection, setEditingSection] = useState<RoadSection | null>(null);
  const serialOf = (id: string) => devices.data?.find((device) => device.id === id)?.serial ?? id;
  const arrayName = (id: string) => arrays.data?.find((array) => array.id === id)?.name ?? id;
  const failure = devices.error ?? arrays.error ?? mappings.error ?? sections.error;
  const silent = (devices.data ?? []).filter((device) => device.silent);

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t('hardware.title.hardware')}
      </Typography>
      {failure && <Alert severity="error">{errorMessage(failure)}</Alert>}
      {devices.data && (
        <Typography variant="body2" color="text.secondary">
          {t('hardware.summary', {
            studs: devices.data.filter((device) => device.kind === 'roadstud').length,
            gateways: devices.data.filter((device) => device.kind === 'gateway').length,
            counters: devices.data.filter((device) => device.kind === 'counter').length,
          })}
        </Typography>
      )}
      {silent.length > 0 && (
        <Alert severity="warning">
          {t('hardware.silentList', { serials: silent.map((device) => device.serial).join(', ') })}
        </Alert>
      )}
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('hardware.arrays.title')}
        </Typography>
        {canEdit && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
            {t('hardware.arrays.add')}
          </Button>
        )}
      </Stack>
      {arrays.data?.length === 0 && <Alert severity="info">{t('hardware.arrays.empty')}</Alert>}
      {arrays.data && arrays.data.length > 0 && (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t('hardware.arrays.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('hardware.arrays.name')}</TableCell>
                <TableCell>{t('hardware.arrays.studs')}</TableCell>
                <TableCell>{t('hardware.arrays.spacing')}</TableCell>
                {canEdit && <TableCell />}
              </TableRow>
            </TableHead>
            <TableBody>
              {arrays.data.map((array) => (
                <TableRow key={array.id}>
                  <TableCell>{array.name}</TableCell>
                  <TableCell>{array.device_ids.map(serialOf).join(', ')}</TableCell>
                  <TableCell>{array.spacing_m} m</TableCell>
                  {canEdit && (
                    <TableCell align="right">
                      <Button size="small" onClick={() => setEditing(array)}>
                        {t('hardware.edit')}
                      </Button>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Typography variant="h6" component="h2">
        {t('hardware.mappings.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('hardware.mappings.how')}
      </Typography>
      {mappings.data && mappings.data.length > 0 && (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t('hardware.mappings.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('hardware.mappings.array')}</TableCell>
                <TableCell>{t('hardware.mappings.from')}</TableCell>
                <TableCell>{t('hardware.mappings.to')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {mappings.data.map((mapping) => (
                <TableRow key={mapping.id}>
                  <TableCell>{arrayName(mapping.device_array_id)}</TableCell>
                  <TableCell>{lastSeenText(mapping.valid_from, i18n.language)}</TableCell>
                  <TableCell>
                    {mapping.valid_to
                      ? lastSeenText(mapping.valid_to, i18n.language)
                      : t('hardware.mappings.still')}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('hardware.sections.title')}
        </Typography>
        {canEdit && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setAddingSection(true)}
          >
            {t('hardware.sections.add')}
          </Button>
        )}
      </Stack>
      {sections.data?.length === 0 && <Alert severity="info">{t('hardware.sections.empty')}</Alert>}
      {sections.data && sections.data.length > 0 && (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t('hardware.sections.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('hardware.sections.name')}</TableCell>
                <TableCell sx={NARROW_HIDDEN}>{t('hardware.sections.description')}</TableCell>
                <TableCell>{t('hardware.sections.site')}</TableCell>
                <TableCell sx={NARROW_HIDDEN}>{t('hardware.sections.pointsCount')}</TableCell>
                {canEdit && <TableCell />}
              </TableRow>
            </TableHead>
            <TableBody>
              {sections.data.map((section) => (
                <TableRow key={section.id}>
                  <TableCell>{section.name}</TableCell>
                  <TableCell sx={NARROW_HIDDEN}>{section.description}</TableCell>
                  <TableCell>
                    {section.site_id && section.site_name && (
                      <Link
                        component={RouterLink}
                        to={`/ui/analysis/site-detail/${section.site_id}`}
                      >
                        {section.site_name}
                      </Link>
                    )}
                  </TableCell>
                  <TableCell sx={NARROW_HIDDEN}>{section.coordinates.length}</TableCell>
                  {canEdit && (
                    <TableCell align="right">
                      <Button
                        size="small"
                        onClick={() => setEditingSection(section)}
                        aria-label={t('hardware.sections.editTitle', { name: section.name })}
                      >
                        {t('hardware.edit')}
                      </Button>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Typography variant="h6" component="h2">
        {t('hardware.mapTitle')}
      </Typography>
      {/* Drawn once both have come, so that it opens on all of them. */}
      {!devices.isPending && !sections.isPending && (
        <DeviceMap devices={devices.data ?? []} sections={sections.data} />
      )}
      {(adding || editing) && (
        <DeviceArrayDialog
          studs={(devices.data ?? []).filter((device) => device.kind === 'roadstud')}
          {...(editing ? { array: editing } : {})}
          onClose={() => {
            setAdding(false);
            setEditing(null);
          }}
        />
      )}
      {(addingSection || editingSection) && (
        <RoadSectionDialog
          {...(editingSection ? { section: editingSection } : {})}
          onClose={() => {
            setAddingSection(false);
            setEditingSection(null);
          }}
        />
      )}
    </Stack>
  );
}
