import '../../ui/test-utils';
import type { Notification } from '@cadenza/contracts/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getActiveWorkspaceId, setActiveWorkspaceId } from '../../api/active-workspace';
import { getBootstrapData } from '../../api/bootstrap';
import { makeBootstrap, makeUser } from '../../app/testing/bootstrap-factory';
import { mockApi } from '../auth/testing/mock-api';
import { currentToast, renderScreen, resetScreenState } from '../auth/testing/render-screen';
import { Navbar } from '../shell/navbar';
import { NotificationSettingsPage } from './notification-settings-page';
import { NotificationsPage } from './notifications-page';
import { useNotificationStream } from './live/use-notification-stream';

afterEach(() => {
  vi.unstubAllGlobals();
  setActiveWorkspaceId(0);
  resetScreenState();
});

const INVITE_ID = '0192c5f0-0000-7000-8000-000000000001';

function notification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: '0192c5f0-0000-7000-8000-00000000000a',
    type: 'account.followed',
    read_at: null,
    created_at: new Date().toISOString(),
    data: {
      image: 'people',
      lines: [
        { type: 'primary', content: '<b>Grace</b> started following you' },
        { type: 'other', content: 'Say hello <script>alert(1)</script>' },
      ],
      mainAction: { label: 'View profile', action: '/user/7/grace' },
    },
    ...overrides,
  };
}

const invitation = notification({
  id: '0192c5f0-0000-7000-8000-00000000000b',
  type: 'workspace.invitation',
  data: {
    image: 'group-add',
    inviteId: INVITE_ID,
    lines: [{ type: 'primary', content: 'Ana invited you to join <b>Label</b>' }],
    mainAction: { label: 'View invitation', action: '/notifications' },
    buttonActions: [
      { label: 'Join', action: 'join' },
      { label: 'Decline', action: 'decline' },
    ],
  },
});

const page = (data: Notification[], total = data.length) => ({
  pagination: { data, current_page: 1, per_page: 30, total, last_page: Math.ceil(total / 30) || 1 },
});

function visitList(data: Notification[], unread = data.filter((n) => !n.read_at).length) {
  const api = mockApi().on('GET /api/v1/notifications', page(data));
  const view = renderScreen(
    '/notifications',
    '/notifications',
    NotificationsPage,
    makeBootstrap({
      user: makeUser({ unread_notifications_count: unread }),
      // Off: the preferences are still the owner's to reach (an e-mail's unsubscribe link).
      settings: { 'notif.subs.integrated': false },
    }),
  );
  return { api, ...view };
}

describe('/notifications', () => {
  it('lists 30 a page with sanitized lines, time and the unread dot', async () => {
    const { api } = visitList([notification(), { ...invitation, read_at: '2026-01-01T00:00:00Z' }]);
    const list = await screen.findByRole('region', { name: 'Notifications' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Grace started following you');
    expect(items[0]!.textContent).toContain('a few seconds ago');
    expect(items[0]!.querySelector('script')).toBeNull();
    expect(within(items[0]!).getByText('Unread')).toBeTruthy();
    expect(within(items[1]!).queryByText('Unread')).toBeNull();
    expect(api.callsTo('GET /api/v1/notifications')[0]!.query.get('perPage')).toBe('30');
    expect(screen.getByRole('link', { name: 'Notification settings' }).getAttribute('href')).toBe(
      '/notifications/settings',
    );
  });

  it('draws the icon each line names, and the bell for a name it does not know', async () => {
    visitList([
      notification({
        data: {
          lines: [
            { type: 'primary', content: 'Ana joined your team', icon: 'group-add' },
            { type: 'other', content: 'Your export is ready', icon: 'no-such-icon' },
            { type: 'other', content: 'No icon here' },
          ],
        },
      }),
    ]);
    const list = await screen.findByRole('region', { name: 'Notifications' });
    const iconOf = (text: string) =>
      within(list).getByText(text).parentElement!.querySelector('svg')?.getAttribute('class');
    expect(iconOf('Ana joined your team')).toContain('lucide-user-plus');
    expect(iconOf('Your export is ready')).toContain('lucide-bell');
    expect(iconOf('No icon here')).toBeUndefined();
  });

  it('marks all as read, and offers it only while something is unread', async () => {
    const { api } = visitList([notification()]);
    api.on('POST /api/v1/notifications/mark-as-read', { unreadCount: 0 });
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull(),
    );
    expect(api.callsTo('POST /api/v1/notifications/mark-as-read')[0]!.body).toEqual({
      markAllAsUnread: true,
    });
    expect(getBootstrapData().user!.unread_notifications_count).toBe(0);
  });

  it('marks a notification read when clicked and follows its main action inside the app', async () => {
    const { api } = visitList([notification()]);
    api.on('POST /api/v1/notifications/mark-as-read', { unreadCount: 0 });
    await userEvent.click(
      await screen.findByRole('button', { name: /Grace started following you/ }),
    );
    expect(await screen.findByRole('heading', { name: 'Elsewhere: /user/7/grace' })).toBeTruthy();
    expect(api.callsTo('POST /api/v1/notifications/mark-as-read')[0]!.body).toEqual({
      ids: [notification().id],
    });
  });

  it('opens an external main action in a new tab', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const { api } = visitList([
      notification({
        data: {
          lines: [{ type: 'primary', content: 'News' }],
          mainAction: { label: 'Read', action: 'https://example.com/news' },
        },
      }),
    ]);
    api.on('POST /api/v1/notifications/mark-as-read', { unreadCount: 0 });
    await userEvent.click(await screen.findByRole('button', { name: 'News' }));
    expect(open).toHaveBeenCalledWith('https://example.com/news', '_blank', 'noopener,noreferrer');
  });

  it('joins a workspace from an invitation and makes it the active one', async () => {
    const { api } = visitList([invitation]);
    api.on(`GET /api/v1/workspace/join/${INVITE_ID}`, { workspace: { id: 42 } });
    await userEvent.click(await screen.findByRole('button', { name: 'Join' }));
    await waitFor(() =>
      expect(currentToast()).toEqual({ message: 'Joined workspace', type: 'positive' }),
    );
    expect(getActiveWorkspaceId()).toBe(42);
  });

  it('declines an invitation', async () => {
    const { api } = visitList([invitation]);
    api.on(`DELETE /api/v1/workspace/invite/${INVITE_ID}`, { message: 'Declined' });
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(currentToast()).toEqual({
        message: 'Declined workspace invitation',
        type: 'positive',
      }),
    );
    expect(getActiveWorkspaceId()).toBe(0);
  });

  it('says an invitation is no longer valid on 404, and refreshes the list', async () => {
    const { api } = visitList([invitation]);
    api.on(`GET /api/v1/workspace/join/${INVITE_ID}`, { message: 'Not found' }, 404);
    await screen.findByRole('button', { name: 'Join' });
    const before = api.callsTo('GET /api/v1/notifications').length;
    await userEvent.click(screen.getByRole('button', { name: 'Join' }));
    await waitFor(() =>
      expect(currentToast()).toEqual({ message: 'This invite is no longer valid', type: 'danger' }),
    );
    await waitFor(() =>
      expect(api.callsTo('GET /api/v1/notifications').length).toBeGreaterThan(before),
    );
  });

  it('shows an empty state', async () => {
    visitList([]);
    expect(await screen.findByText('Hang tight!')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull();
  });
});

describe('the bell', () => {
  it('shows the unread count and a popover of the latest notifications', async () => {
    const api = mockApi().on('GET /api/v1/notifications', page([notification()]));
    renderScreen(
      '*',
      '/',
      () => <Navbar />,
      makeBootstrap({ user: makeUser({ unread_notifications_count: 3 }) }),
    );
    const bell = screen.getByRole('button', { name: 'Notifications (3 unread)' });
    expect(bell.textContent).toBe('3');
    await userEvent.click(bell);
    const popover = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(popover).findByText(/Grace/)).toBeTruthy();
    expect(api.callsTo('GET /api/v1/notifications')[0]!.query.get('perPage')).toBe('5');
    expect(
      within(popover).getByRole('link', { name: 'View all notifications' }).getAttribute('href'),
    ).toBe('/notifications');
  });
});

/** An EventSource the test drives: it records what it was opened on and plays server events. */
class FakeEventSource {
  static last: FakeEventSource | undefined;
  listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data: unknown) {
    const event = new MessageEvent(type, { data: JSON.stringify(data) });
    this.listeners.get(type)?.forEach((listener) => listener(event));
  }
  close() {
    this.closed = true;
  }
}

describe('live delivery', () => {
  it('updates the bell and the open list as events arrive, and shows browser notifications', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const shown: { title: string; body?: string }[] = [];
    vi.stubGlobal(
      'Notification',
      Object.assign(
        function BrowserNotification(this: object, title: string, options: { body?: string }) {
          shown.push({ title, body: options.body });
        },
        { permission: 'granted' },
      ),
    );
    const api = mockApi().on('GET /api/v1/notifications', page([]));
    function Live() {
      useNotificationStream();
      return (
        <>
          <Navbar />
          <NotificationsPage />
        </>
      );
    }
    renderScreen('*', '/notifications', Live, makeBootstrap({ user: makeUser() }));
    await screen.findByText('Hang tight!');
    const stream = FakeEventSource.last!;
    expect(stream.url).toBe('/api/v1/notifications/stream');

    api.on('GET /api/v1/notifications', page([notification()]));
    act(() => {
      stream.emit('notification', { ...notification(), browser: true });
      stream.emit('unread', { unreadCount: 1 });
    });
    expect(await screen.findByRole('button', { name: 'Notifications (1 unread)' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: /Grace started following you/ })).toBeTruthy();
    expect(shown).toEqual([{ title: 'Grace started following you', body: 'Say hello' }]);
  });
});

const SUBSCRIPTIONS = {
  available_channels: ['database', 'email', 'browser'],
  subscriptions: [
    {
      group_name: 'Account',
      subscriptions: [{ notif_id: 'account.followed', name: 'New followers' }],
    },
  ],
  user_selections: [
    { notif_id: 'account.followed', channels: { database: true, email: false, browser: false } },
  ],
};

describe('/notifications/settings', () => {
  function visitSettings() {
    const api = mockApi()
      .on('GET /api/v1/notifications/me/subscriptions', SUBSCRIPTIONS)
      .on('PUT /api/v1/notifications/me/subscriptions', SUBSCRIPTIONS);
    renderScreen(
      '/notifications/settings',
      '/notifications/settings',
      NotificationSettingsPage,
      makeBootstrap({ user: makeUser(), settings: { 'notif.subs.integrated': true } }),
    );
    return api;
  }

  it('saves the channels chosen for each kind of notification', async () => {
    const api = visitSettings();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'New followers: Email' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo('PUT /api/v1/notifications/me/subscriptions')).toHaveLength(1),
    );
    expect(api.callsTo('PUT /api/v1/notifications/me/subscriptions')[0]!.body).toEqual({
      selections: [
        { notif_id: 'account.followed', channels: { database: true, email: true, browser: false } },
      ],
    });
  });

  it('unsets the browser channel and says so when the browser refuses permission', async () => {
    vi.stubGlobal('Notification', {
      permission: 'default',
      requestPermission: () => Promise.resolve('denied'),
    });
    visitSettings();
    const browser = await screen.findByRole('checkbox', { name: 'New followers: Browser' });
    await userEvent.click(browser);
    await waitFor(() =>
      expect(currentToast()).toEqual({
        message: 'Notifications blocked. Please enable them for this site from browser settings.',
        type: 'danger',
      }),
    );
    expect(browser.getAttribute('aria-checked')).toBe('false');
  });

  it('leads to the homepage when there is nothing to choose', async () => {
    mockApi().on('GET /api/v1/notifications/me/subscriptions', {
      ...SUBSCRIPTIONS,
      subscriptions: [],
    });
    renderScreen(
      '/notifications/settings',
      '/notifications/settings',
      NotificationSettingsPage,
      makeBootstrap({ user: makeUser(), settings: { 'notif.subs.integrated': true } }),
    );
    expect(await screen.findByRole('heading', { name: 'Elsewhere: /' })).toBeTruthy();
  });
});
