import {
  Alert,
  CircularProgress,
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
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useStaffAuditLog } from '../api/staffToolsApi.ts';

/** What an entry's detail names, in words: the site and where it went. */
function describe(detail: string): string {
  const parsed = JSON.parse(detail) as { siteName?: unknown; toOrganisationName?: unknown };
  const site = typeof parsed.siteName === 'string' ? parsed.siteName : '';
  const to = typeof parsed.toOrganisationName === 'string' ? `→ ${parsed.toOrganisationName}` : '';
  return [site, to].filter(Boolean).join(' ');
}

/** /ui/staff/audit: every action platform staff took, newest first (issue 26). */
export function AuditLogScreen() {
  const { t, i18n } = useTranslation();
  const log = useStaffAuditLog(null);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography variant="h1">{t('staffTools.audit.title')}</Typography>
        <Link component={RouterLink} to="/ui/staff/organisations">
          {t('staffTools.audit.back')}
        </Link>
      </Stack>
      <Typography color="text.secondary">{t('staffTools.audit.intro')}</Typography>
      {log.error && <Alert severity="error">{log.error.message}</Alert>}
      {log.isPending && <CircularProgress aria-label={t('common.loading')} />}
      {log.data && (
        <TableContainer component={Paper} variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" sx={{ minWidth: 640 }} aria-label={t('staffTools.audit.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('staffTools.audit.when')}</TableCell>
                <TableCell>{t('staffTools.audit.who')}</TableCell>
                <TableCell>{t('staffTools.audit.what')}</TableCell>
                <TableCell>{t('staffTools.audit.organisation')}</TableCell>
                <TableCell>{t('staffTools.audit.detail')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {log.data.length === 0 && (
                <TableRow>
                  <TableCell colSpan={5} align="center">
                    {t('staffTools.audit.empty')}
                  </TableCell>
                </TableRow>
              )}
              {log.data.map((entry) => (
                <TableRow key={entry.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {when.format(new Date(entry.created_on))}
                  </TableCell>
                  <TableCell>{entry.username}</TableCell>
                  <TableCell>
                    {t(`staffTools.actions.${entry.action}`, {
                      defaultValue: entry.action.replace(/_/g, ' '),
                    })}
                  </TableCell>
                  <TableCell>{entry.organisation_name ?? '—'}</TableCell>
                  <TableCell>{describe(entry.detail)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}
