import { notifications } from '@mantine/notifications';

export const notifySuccess = (message: string) =>
  notifications.show({ color: 'green', title: null, message, autoClose: 4000, withBorder: true });

export const notifyError = (message: string) =>
  notifications.show({ color: 'red', title: null, message, autoClose: 8000, withBorder: true });
