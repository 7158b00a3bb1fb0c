import { describe, expect, it } from 'vitest';
import {
  chooseTransport,
  formTransport,
  multipartTransport,
  presignedTransport,
  type FallbackTransport,
} from './transports';

const sized = (size: number) => ({ size, name: 'f.bin', type: '' }) as File;
const MB = 1024 * 1024;

describe('choosing how a file is sent (spec §9)', () => {
  it('sends files below 4 MB as a form, larger ones resumably unless that is off', () => {
    const settings = { disableTus: false, chunkSize: 5 * MB, directUpload: false };
    expect(chooseTransport(sized(4 * MB - 1), settings)).toBe(formTransport);
    const resumable = chooseTransport(sized(4 * MB), settings);
    expect(resumable).not.toBe(formTransport);
    // One chunk runs beside others; more than one chunk runs alone.
    expect(resumable.runsAlone(sized(4 * MB))).toBe(false);
    expect(resumable.runsAlone(sized(12 * MB))).toBe(true);
    expect(chooseTransport(sized(40 * MB), { ...settings, disableTus: true })).toBe(formTransport);
  });

  it('sends straight to storage when direct upload is on, in parts from 100 MB', () => {
    const settings = { disableTus: false, chunkSize: 5 * MB, directUpload: true };
    expect(chooseTransport(sized(MB), settings)).toBe(formTransport);
    const direct = (size: number) =>
      (chooseTransport(sized(size), settings) as FallbackTransport).direct;
    expect(direct(99 * MB)).toBe(presignedTransport);
    expect(direct(100 * MB)).toBe(multipartTransport);
    expect(multipartTransport.runsAlone(sized(100 * MB))).toBe(true);
  });
});
