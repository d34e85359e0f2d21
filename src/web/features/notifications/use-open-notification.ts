import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Notification } from '#shared/api/notifications.ts';
import { linkOf, notificationKeys, notificationsApi } from '../../lib/notifications-api.ts';

/** Opening a notification reads it and goes where it leads. */
export function useOpenNotification(after?: () => void) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (n: Notification) => {
    if (!n.read) notificationsApi.read(n.id).then(() => queryClient.invalidateQueries({ queryKey: notificationKeys.all }), () => {});
    after?.();
    navigate(linkOf(n));
  };
}
