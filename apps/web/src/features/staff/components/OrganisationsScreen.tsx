import AddBusinessIcon from '@mui/icons-material/AddBusiness';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import {
  Alert,
  Button,
  CircularProgress,
  IconButton,
  Menu,
  MenuItem,
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
import { useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useOrganisations } from '@/lib/organisations.ts';
import { errorMessage } from '@/lib/requestErrors.ts';
import { StaffTabs } from '@/ui/StaffTabs.tsx';
import { CreateOrganisationDialog } from './CreateOrganisationDialog.tsx';

interface OrganisationProps {
  organisationId: string;
  name: string;
}

/** What other features add to the screen; OrganisationsPage passes them in. */
interface Props {
  /** Beside the title, before creating an organisation (the demo reset). */
  actions: ReactNode;
  /** First in each organisation's row (switching into its view). */
  OrganisationView: ComponentType<OrganisationProps>;
  /** In each organisation's menu (its staff tasks, as menu items). */
  OrganisationTasks: ComponentType<OrganisationProps>;
}

/** Platform staff: every organisation with its subscription level and use. */
export function OrganisationsScreen({ actions, OrganisationView, OrganisationTasks }: Props) {
  const { t, i18n } = useTranslation();
  const organisations = useOrganisations();
  const [creating, setCreating] = useState(false);
  const numbers = new Intl.NumberFormat(i18n.language);
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const rows = [...(organisations.data ?? [])].sort((a, b) =>
    a.name.localeCompare(b.name, i18n.language),
  );

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="h1">{t('staff.title')}</Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button component={RouterLink} to="/ui/staff/audit">
            {t('staffTools.audit.open')}
          </Button>
          {actions}
          <Button
            variant="contained"
            startIcon={<AddBusinessIcon />}
            onClick={() => setCreating(true)}
          >
            {t('staff.create.open')}
          </Button>
        </Stack>
      </Stack>
      <StaffTabs />
      {organisations.error && <Alert severity="error">{errorMessage(organisations.error)}</Alert>}
      {organisations.isPending && (
        <Stack sx={{ alignItems: 'center', py: 4 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Stack>
      )}
      {organisations.data && (
        <TableContainer component={Paper} variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" sx={{ minWidth: 760 }} aria-label={t('staff.tableLabel')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('staff.fields.name')}</TableCell>
                <TableCell align="right">{t('staff.fields.activeUsers')}</TableCell>
                <TableCell align="right">{t('staff.fields.maxActiveUsers')}</TableCell>
                <TableCell align="right">{t('staff.fields.maxSites')}</TableCell>
                <TableCell>{t('staff.fields.createdOn')}</TableCell>
                <TableCell>{t('staff.fields.manage')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={6} align="center">
                    {t('staff.empty')}
                  </TableCell>
                </TableRow>
              )}
              {rows.map((organisation) => (
                <TableRow key={organisation.id} hover>
                  <TableCell sx={{ fontWeight: 500 }}>{organisation.name}</TableCell>
                  <TableCell align="right">
                    {numbers.format(organisation.active_users ?? 0)}
                  </TableCell>
                  <TableCell align="right">
                    {numbers.format(organisation.max_active_users)}
                  </TableCell>
                  <TableCell align="right">{numbers.format(organisation.max_sites)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {dates.format(new Date(organisation.created_on))}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <OrganisationView organisationId={organisation.id} name={organisation.name} />
                      <OrganisationMenu
                        organisationId={organisation.id}
                        name={organisation.name}
                        OrganisationTasks={OrganisationTasks}
                      />
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <CreateOrganisationDialog open={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}

/**
 * An organisation's other actions in one menu (issue 37: five side by side crowded the row):
 * its users, its settings, and the staff tasks other features add.
 */
function OrganisationMenu({
  organisationId,
  name,
  OrganisationTasks,
}: OrganisationProps & { OrganisationTasks: ComponentType<OrganisationProps> }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton
        size="small"
        aria-label={t('staff.moreFor', { name })}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem
          component={RouterLink}
          to={`/ui/admin-tools/users?organisation=${organisationId}`}
          aria-label={t('staff.usersOf', { name })}
        >
          {t('staff.users')}
        </MenuItem>
        <MenuItem
          component={RouterLink}
          to={`/ui/admin-tools/organisation?organisation=${organisationId}`}
          aria-label={t('staff.settingsOf', { name })}
        >
          {t('staff.settings')}
        </MenuItem>
        <OrganisationTasks organisationId={organisationId} name={name} />
      </Menu>
    </>
  );
}
