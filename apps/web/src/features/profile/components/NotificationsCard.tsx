import { Button, Chip, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useMarkNotificationsRead, useNotifications, type Notification } from '../api/inboxApi.ts';
import { SectionCard } from '@/ui/SectionCard.tsx';

const KNOWN_KINDS = ['file_review', 'merge_sites', 'delete_site', 'survey_overdue', 'report_ready'];

/** Where a notification leads: the site it is about, or the file to review. */
function linkOf(notification: Notification): string | null {
  const { message } = notification;
  if (typeof message.site_id === 'string' && notification.kind !== 'delete_site')
    return `/ui/analysis/site-detail/${message.site_id}`;
  if (typeof message.trafficdatafile_id === 'string') return '/ui/file-management';
  if (notification.kind === 'survey_overdue') return '/ui/surveys';
  if (notification.kind === 'report_ready') return '/ui/downloads';
  return null;
}

/** SPEC section 2, Profile: the user's notifications, unread first in bold, marked read here. */
export function NotificationsCard() {
  const { t, i18n } = useTranslation();
  const notifications = useNotifications();
  const markRead = useMarkNotificationsRead();
  const items = notifications.data?.items ?? [];
  const unread = notifications.data?.unread ?? 0;
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(iso),
    );
  const textOf = (notification: Notification) => {
    const { message } = notification;
    const values = {
      site: typeof message.site_name === 'string' ? message.site_name : '',
      count: Number(message.merged ?? 0),
      files: Number(message.files ?? 0),
      survey: typeof message.name === 'string' ? message.name : '',
      end: typeof message.scheduled_end === 'string' ? message.scheduled_end : '',
      file: typeof message.file_name === 'string' ? message.file_name : '',
    };
    if (notification.kind === 'delete_site')
      return t(
        message.permanent ? 'notifications.kinds.deletedForGood' : 'notifications.kinds.deleted',
        values,
      );
    if (KNOWN_KINDS.includes(notification.kind))
      return t(`notifications.kinds.${notification.kind}`, values);
    return typeof message.text === 'string' ? message.text : notification.kind;
  };
  return (
    <SectionCard title={t('notifications.title')}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Typography color="text.secondary" data-testid="unread">
          {t('notifications.unread', { count: unread })}
        </Typography>
        {unread > 0 && (
          <Button size="small" onClick={() => markRead.mutate(null)} disabled={markRead.isPending}>
            {t('notifications.markAllRead')}
          </Button>
        )}
      </Stack>
      {notifications.isSuccess && items.length === 0 && (
        <Typography color="text.secondary">{t('notifications.none')}</Typography>
      )}
      <List dense disablePadding aria-label={t('notifications.title')}>
        {items.map((notification) => {
          const link = linkOf(notification);
          return (
            <ListItem
              key={notification.id}
              divider
              disableGutters
              secondaryAction={
                notification.read ? undefined : (
                  <Button size="small" onClick={() => markRead.mutate([notification.id])}>
                    {t('notifications.markRead')}
                  </Button>
                )
              }
            >
              <ListItemText
                primary={
                  link ? (
                    <RouterLink to={link} style={{ color: 'inherit' }}>
                      {textOf(notification)}
                    </RouterLink>
                  ) : (
                    textOf(notification)
                  )
                }
                secondary={when(notification.created_on)}
                slotProps={{
                  primary: { sx: { fontWeight: notification.read ? 400 : 700, pr: 10 } },
                }}
              />
              {!notification.read && (
                <Chip size="small" color="primary" label={t('notifications.new')} sx={{ mr: 12 }} />
              )}
            </ListItem>
          );
        })}
      </List>
    </SectionCard>
  );
}
