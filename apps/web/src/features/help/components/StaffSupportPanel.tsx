import {
  Alert,
  Box,
  Chip,
  LinearProgress,
  Paper,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFlash } from '@/ui/flash/useFlash.ts';
import { openAttachment, useScreenUsage, useSupportMessages } from '../api/helpApi.ts';

function Messages() {
  const { t, i18n } = useTranslation();
  const flash = useFlash();
  const messages = useSupportMessages(true);
  if (messages.isPending) return <LinearProgress aria-label={t('help.staff.loading')} />;
  if (messages.isError) return <Alert severity="error">{messages.error.message}</Alert>;
  if (messages.data.length === 0)
    return <Typography color="text.secondary">{t('help.staff.noMessages')}</Typography>;
  return (
    <TableContainer>
      <Table size="small" aria-label={t('help.staff.messages')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('help.staff.sent')}</TableCell>
            <TableCell>{t('help.staff.kind')}</TableCell>
            <TableCell>{t('help.staff.from')}</TableCell>
            <TableCell>{t('help.staff.message')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {messages.data.map((message) => (
            <TableRow key={message.id} sx={{ verticalAlign: 'top' }}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {new Date(message.created_on).toLocaleString(i18n.language)}
              </TableCell>
              <TableCell>
                <Chip size="small" label={t(`help.staff.kinds.${message.kind}`)} />
              </TableCell>
              <TableCell>
                <Typography variant="body2">{message.username}</Typography>
                <Typography variant="caption" color="text.secondary" component="p">
                  {message.email}
                  {message.organisation_name ? ` · ${message.organisation_name}` : ''}
                </Typography>
              </TableCell>
              <TableCell sx={{ minWidth: 240 }}>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                  {message.text}
                </Typography>
                {message.attachments.length > 0 && (
                  <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
                    {message.attachments.map((attachment) => (
                      <Chip
                        key={attachment.id}
                        size="small"
                        variant="outlined"
                        label={attachment.file_name}
                        onClick={() =>
                          void openAttachment(attachment.id, attachment.file_name).catch(
                            (error: Error) => flash({ message: error.message, severity: 'error' }),
                          )
                        }
                      />
                    ))}
                  </Stack>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Usage() {
  const { t, i18n } = useTranslation();
  const usage = useScreenUsage(true);
  if (usage.isPending) return <LinearProgress aria-label={t('help.staff.loading')} />;
  if (usage.isError) return <Alert severity="error">{usage.error.message}</Alert>;
  if (usage.data.length === 0)
    return <Typography color="text.secondary">{t('help.staff.noUsage')}</Typography>;
  return (
    <TableContainer>
      <Table size="small" aria-label={t('help.staff.usage')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('help.staff.organisation')}</TableCell>
            <TableCell>{t('help.staff.screen')}</TableCell>
            <TableCell align="right">{t('help.staff.views')}</TableCell>
            <TableCell align="right">{t('help.staff.users')}</TableCell>
            <TableCell>{t('help.staff.lastViewed')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {usage.data.map((row) => (
            <TableRow key={`${row.organisation_id ?? 'staff'}-${row.screen}`}>
              <TableCell>{row.organisation_name ?? t('help.staff.platformStaff')}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', fontSize: 13 }}>{row.screen}</TableCell>
              <TableCell align="right">{row.views.toLocaleString(i18n.language)}</TableCell>
              <TableCell align="right">{row.users.toLocaleString(i18n.language)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {new Date(row.last_viewed_at).toLocaleString(i18n.language)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** For platform staff: what users sent to support, and how much each screen is used. */
export function StaffSupportPanel() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'messages' | 'usage'>('messages');
  return (
    <Paper variant="outlined" component="section" aria-labelledby="staff-support">
      <Box sx={{ px: 2.5, pt: 2 }}>
        <Typography id="staff-support" variant="h6" component="h2">
          {t('help.staff.title')}
        </Typography>
        <Tabs
          value={tab}
          variant="scrollable"
          allowScrollButtonsMobile
          onChange={(_event, value: typeof tab) => setTab(value)}
        >
          <Tab value="messages" label={t('help.staff.messages')} />
          <Tab value="usage" label={t('help.staff.usage')} />
        </Tabs>
      </Box>
      <Box sx={{ p: 2.5, pt: 1 }}>{tab === 'messages' ? <Messages /> : <Usage />}</Box>
    </Paper>
  );
}
