import DeleteIcon from '@mui/icons-material/Delete';
import LockResetIcon from '@mui/icons-material/LockReset';
import {
  Chip,
  IconButton,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { UserSummary } from '../api/usersApi.ts';
import { useRoleLabel } from '@/lib/useRoleLabel.ts';

interface Props {
  users: UserSummary[];
  /** Whether the viewer may delete or reset this user; hides the actions otherwise. */
  canManage: (user: UserSummary) => boolean;
  onDelete: (user: UserSummary) => void;
  onResetPassword: (user: UserSummary) => void;
}

export function fullName(user: Pick<UserSummary, 'first_name' | 'last_name'>): string {
  return `${user.first_name} ${user.last_name}`.trim();
}

/** The users of one organisation; scrolls sideways on a phone rather than squeezing columns. */
export function UsersTable({ users, canManage, onDelete, onResetPassword }: Props) {
  const { t, i18n } = useTranslation();
  const roleLabel = useRoleLabel();
  const dateFormat = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  if (users.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
        <Typography color="text.secondary">{t('users.empty')}</Typography>
      </Paper>
    );
  }

  return (
    <TableContainer component={Paper} variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" sx={{ minWidth: 820 }} aria-label={t('users.tableLabel')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('users.fields.username')}</TableCell>
            <TableCell>{t('users.fields.name')}</TableCell>
            <TableCell>{t('users.fields.email')}</TableCell>
            <TableCell>{t('users.fields.role')}</TableCell>
            <TableCell>{t('users.fields.lastLogin')}</TableCell>
            <TableCell>{t('users.fields.status')}</TableCell>
            <TableCell align="right">{t('users.fields.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((user) => (
            <TableRow key={user.id} hover>
              <TableCell sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>{user.username}</TableCell>
              <TableCell>{fullName(user) || '—'}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{user.email}</TableCell>
              <TableCell>{roleLabel(user.role)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {user.last_login ? dateFormat.format(new Date(user.last_login)) : t('users.never')}
              </TableCell>
              <TableCell>
                <Chip
                  size="small"
                  color={user.is_active ? 'success' : 'default'}
                  variant="outlined"
                  label={user.is_active ? t('users.active') : t('users.inactive')}
                />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {canManage(user) && (
                  <>
                    <Tooltip title={t('users.reset.action')}>
                      <IconButton
                        aria-label={t('users.reset.actionFor', { username: user.username })}
                        onClick={() => onResetPassword(user)}
                      >
                        <LockResetIcon />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t('users.delete.action')}>
                      <IconButton
                        color="error"
                        aria-label={t('users.delete.actionFor', { username: user.username })}
                        onClick={() => onDelete(user)}
                      >
                        <DeleteIcon />
                      </IconButton>
                    </Tooltip>
                  </>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
