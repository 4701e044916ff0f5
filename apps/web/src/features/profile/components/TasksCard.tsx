import { Chip, LinearProgress, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useMyTasks } from '../api/inboxApi.ts';
import { ProfileCard } from './ProfileCard.tsx';

const COLOURS = { QD: 'default', PR: 'info', CM: 'success', ER: 'error' } as const;

/** SPEC section 2, Profile: the user's tasks with their state, live over the subscription. */
export function TasksCard() {
  const { t, i18n } = useTranslation();
  const tasks = useMyTasks();
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(iso),
    );
  const pending = (tasks.data ?? []).filter((task) => task.state === 'QD' || task.state === 'PR');
  return (
    <ProfileCard title={t('myTasks.title')}>
      <Typography color="text.secondary">
        {t('myTasks.pending', { count: pending.length })}
      </Typography>
      {tasks.isSuccess && tasks.data.length === 0 && (
        <Typography color="text.secondary">{t('myTasks.none')}</Typography>
      )}
      <List dense disablePadding aria-label={t('myTasks.title')}>
        {(tasks.data ?? []).map((task) => (
          <ListItem key={task.id} divider disableGutters sx={{ display: 'block' }}>
            <ListItemText
              primary={t(`myTasks.kinds.${task.function_name}`, {
                defaultValue: task.function_name.replace(/_/g, ' '),
              })}
              secondary={[task.message, when(task.updated_at)].filter(Boolean).join(' · ')}
            />
            <Chip
              size="small"
              color={COLOURS[task.state]}
              label={t(`filesMore.taskState.${task.state}`)}
            />
            {(task.state === 'QD' || task.state === 'PR') && (
              <LinearProgress
                sx={{ mt: 1 }}
                aria-label={t('myTasks.running')}
                {...(task.state === 'QD' ? { variant: 'query' } : {})}
              />
            )}
          </ListItem>
        ))}
      </List>
    </ProfileCard>
  );
}
