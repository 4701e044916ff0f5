import AddIcon from '@mui/icons-material/Add';
import {
  Alert,
  Button,
  Chip,
  CircularProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/requestErrors.ts';
import { useDevices, useGateways, type Device } from '../api/hardwareApi.ts';
import { DeviceDialog } from './DeviceDialog.tsx';
import { DeviceMap } from './DeviceMap.tsx';
import { GatewayKeyDialog } from './GatewayKeyDialog.tsx';
import { lastSeenText } from './deviceState.ts';
import { useCanEditHardware } from '@/lib/useCanEditHardware.ts';

interface Props {
  kind: 'roadstud' | 'gateway';
}

/** The magnetometer list or the gateway list: search, state, position, and (for admins) edits. */
export function DevicesScreen({ kind }: Props) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const studs = useDevices('roadstud', deferred);
  const gateways = useGateways(kind === 'gateway' ? deferred : '');
  const list = kind === 'gateway' ? gateways : studs;
  const canEdit = useCanEditHardware();
  const [editing, setEditing] = useState<Device | 'new' | null>(null);
  const [highlight, setHighlight] = useState<string | null>(null);
  const [keyOf, setKeyOf] = useState<Device | null>(null);
  const gatewayName = (id: string | null) =>
    gateways.data?.find((gateway) => gateway.id === id)?.serial ?? '—';
  const rows: Device[] = list.data ?? [];

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t(`hardware.title.${kind}`)}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <TextField
          size="small"
          label={t('hardware.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ minWidth: { sm: 280 } }}
        />
        <Stack sx={{ flexGrow: 1 }} />
        {canEdit && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            {t(`hardware.add.${kind}`)}
          </Button>
        )}
      </Stack>
      {list.error && <Alert severity="error">{errorMessage(list.error)}</Alert>}
      {list.isPending && (
        <Stack sx={{ alignItems: 'center', py: 4 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Stack>
      )}
      {list.data && rows.length === 0 && (
        <Alert severity="info">{t(deferred ? 'hardware.noMatch' : `hardware.empty.${kind}`)}</Alert>
      )}
      {rows.length > 0 && (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t(`hardware.title.${kind}`)}>
            <TableHead>
              <TableRow>
                <TableCell>{t('hardware.fields.serial')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                  {t('hardware.fields.model')}
                </TableCell>
                <TableCell>
                  {kind === 'gateway' ? t('hardware.fields.studs') : t('hardware.fields.gateway')}
                </TableCell>
                <TableCell>{t('hardware.fields.lastSeen')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {t('hardware.fields.battery')}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {t('hardware.fields.signal')}
                </TableCell>
                {canEdit && <TableCell />}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((device) => (
                <TableRow
                  key={device.id}
                  hover
                  selected={device.id === highlight}
                  onMouseEnter={() => setHighlight(device.id)}
                >
                  <TableCell>
                    <Stack spacing={0.5}>
                      <span>{device.serial}</span>
                      {device.name && (
                        <Typography variant="caption" color="text.secondary">
                          {device.name}
                        </Typography>
                      )}
                    </Stack>
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                    {device.model ?? '—'}
                  </TableCell>
                  <TableCell>
                    {kind === 'gateway'
                      ? ((device as { studs?: { serial: string }[] }).studs ?? []).length
                      : gatewayName(device.gateway_id)}
                  </TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <span>{lastSeenText(device.last_seen_at, i18n.language)}</span>
                      {device.silent && (
                        <Chip size="small" color="error" label={t('hardware.silent')} />
                      )}
                    </Stack>
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {device.battery_percent === null ? '—' : `${device.battery_percent} %`}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {device.signal_dbm === null ? '—' : `${device.signal_dbm} dBm`}
                  </TableCell>
                  {canEdit && (
                    <TableCell align="right">
                      {kind === 'gateway' && (
                        <Button size="small" onClick={() => setKeyOf(device)}>
                          {t('realtime.key.button')}
                        </Button>
                      )}
                      <Button size="small" onClick={() => setEditing(device)}>
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
      <Typography variant="subtitle1" component="h2">
        {t('hardware.positions')}
      </Typography>
      <DeviceMap devices={rows} highlightId={highlight} onDeviceClick={setHighlight} />
      {keyOf && <GatewayKeyDialog gateway={keyOf} onClose={() => setKeyOf(null)} />}
      {editing && (
        <DeviceDialog
          kind={kind}
          device={editing === 'new' ? null : editing}
          gateways={gateways.data ?? []}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
