import '../../ui/test-utils';
import type { DebugErrorBody, TraceFrame } from '@cadenza/contracts/http';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it } from 'vitest';
import { ErrorDialog } from './error-dialog';
import { closeErrorDialog, openErrorDialog } from './error-dialog-store';

function frame(flatIndex: number, overrides: Partial<TraceFrame> = {}): TraceFrame {
  return {
    path: `/srv/node_modules/fastify/lib/file-${flatIndex}.js`,
    lineNumber: 10 + flatIndex,
    method: `vendorFn${flatIndex}`,
    codeSnippet: {},
    flatIndex,
    vendor: true,
    ...overrides,
  };
}

const own = frame(0, {
  path: '/srv/app/server/src/modules/playlists/playlists.service.ts',
  lineNumber: 42,
  method: 'createPlaylist',
  vendor: false,
  codeSnippet: {
    41: '  const owner = await users.find(id);',
    42: "  throw new TypeError('owner is undefined');",
    43: '}',
  },
});
const second = frame(4, {
  path: '/srv/app/server/src/app.ts',
  lineNumber: 7,
  method: 'handler',
  vendor: false,
  codeSnippet: { 6: 'async function handler() {', 7: '  await createPlaylist();' },
});

const body: DebugErrorBody = {
  message: "Cannot read properties of undefined (reading 'id')",
  exception: 'TypeError',
  ignitionTrace: true,
  trace: [
    own,
    { vendorGroup: true, frames: [frame(1), frame(2), frame(3)] },
    second,
    { vendorGroup: true, frames: [frame(5)] },
  ],
  totalVendorGroups: 2,
};

afterEach(() => act(() => closeErrorDialog()));

it('shows the exception, the frames with vendor groups collapsed, and the failing line', async () => {
  render(<ErrorDialog />);
  expect(screen.queryByRole('dialog')).toBeNull();
  act(() => openErrorDialog(body));

  const dialog = screen.getByRole('dialog', { name: 'An error occured' });
  expect(within(dialog).getByText('TypeError')).toBeTruthy();
  expect(
    within(dialog).getByText("Cannot read properties of undefined (reading 'id')"),
  ).toBeTruthy();
  expect(within(dialog).getByRole('button', { name: '3 vendor frames' })).toBeTruthy();
  expect(within(dialog).getByRole('button', { name: '1 vendor frame' })).toBeTruthy();
  expect(within(dialog).queryByText('vendorFn1')).toBeNull();

  // The first frame of the app's own code is selected, its line highlighted.
  const highlighted = dialog.querySelector('[data-highlighted]');
  expect(highlighted?.textContent).toBe("42  throw new TypeError('owner is undefined');");

  await userEvent.click(within(dialog).getByRole('button', { name: /handler/ }));
  expect(dialog.querySelector('[data-highlighted]')?.textContent).toBe(
    '7  await createPlaylist();',
  );
});

it('expands and collapses vendor frames, one group or all', async () => {
  render(<ErrorDialog />);
  act(() => openErrorDialog(body));
  const dialog = screen.getByRole('dialog');

  await userEvent.click(within(dialog).getByRole('button', { name: '3 vendor frames' }));
  expect(within(dialog).getByText('vendorFn2')).toBeTruthy();
  expect(within(dialog).queryByText('vendorFn5')).toBeNull();

  await userEvent.click(within(dialog).getByRole('button', { name: 'Expand vendor frames' }));
  expect(within(dialog).getByText('vendorFn5')).toBeTruthy();
  await userEvent.click(within(dialog).getByRole('button', { name: /vendorFn5/ }));
  expect(within(dialog).getByText('No code to show for this frame.')).toBeTruthy();

  await userEvent.click(within(dialog).getByRole('button', { name: 'Collapse vendor frames' }));
  expect(within(dialog).queryByText('vendorFn2')).toBeNull();
  expect(within(dialog).getByRole('button', { name: 'Expand vendor frames' })).toBeTruthy();
});

it('closes', async () => {
  render(<ErrorDialog />);
  act(() => openErrorDialog(body));
  await userEvent.click(screen.getAllByRole('button', { name: 'Close' })[0]!);
  expect(screen.queryByRole('dialog')).toBeNull();
});
