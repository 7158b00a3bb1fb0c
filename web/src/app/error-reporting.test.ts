import type { ClientErrorReport } from '@cadenza/contracts/client-error-report';
import { afterEach, expect, it, vi } from 'vitest';
import { setBootstrapData } from '../api/bootstrap';
import { startErrorReporting } from './error-reporting';
import { makeBootstrap } from './testing/bootstrap-factory';

let stop: (() => void) | undefined;
afterEach(() => stop?.());

function reportingAt(percent: number, draw: number) {
  setBootstrapData(makeBootstrap({ settings: { 'client_errors.sample_percent': percent } }));
  const sent: ClientErrorReport[] = [];
  const send = vi.fn(async (report: ClientErrorReport) => {
    sent.push(report);
  });
  stop = startErrorReporting({ random: () => draw, send });
  return sent;
}

function throwUncaught(error: unknown) {
  window.dispatchEvent(
    new ErrorEvent('error', { error, message: error instanceof Error ? error.message : '' }),
  );
}

function rejectUnhandled(reason: unknown) {
  const event = new Event('unhandledrejection') as PromiseRejectionEvent;
  Object.defineProperty(event, 'reason', { value: reason });
  window.dispatchEvent(event);
}

it('reports uncaught errors and unhandled rejections with the page and the browser', () => {
  const sent = reportingAt(100, 0.99);
  throwUncaught(new TypeError('queue is undefined'));
  rejectUnhandled(new Error('Stream ended'));
  rejectUnhandled('plain reason');
  expect(sent).toHaveLength(3);
  expect(sent[0]).toMatchObject({
    message: 'TypeError: queue is undefined',
    url: window.location.href,
    userAgent: navigator.userAgent,
  });
  expect(sent[0]!.stack).toContain('queue is undefined');
  expect(sent[1]!.message).toBe('Error: Stream ended');
  expect(sent[2]).toMatchObject({ message: 'plain reason' });
  expect(sent[2]).not.toHaveProperty('stack');
});

it('sends only the sampled share: 20 % by default', () => {
  const inside = reportingAt(20, 0.19);
  throwUncaught(new Error('in the sample'));
  expect(inside).toHaveLength(1);
  stop!();
  const outside = reportingAt(20, 0.2);
  throwUncaught(new Error('outside the sample'));
  expect(outside).toHaveLength(0);
  stop!();
  const none = reportingAt(0, 0);
  throwUncaught(new Error('reporting off'));
  expect(none).toHaveLength(0);
});

it('sends no more than ten reports from one page', () => {
  const sent = reportingAt(100, 0);
  for (let i = 0; i < 25; i++) throwUncaught(new Error(`loop ${i}`));
  expect(sent).toHaveLength(10);
});
