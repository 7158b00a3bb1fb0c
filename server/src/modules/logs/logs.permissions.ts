/** Reading the server's error logs; admins hold it through `admin`. */
export const LOGS_PERMISSION = 'logs.view';
