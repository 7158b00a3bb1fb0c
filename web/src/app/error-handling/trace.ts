import type { TraceFrame, TraceItem } from '@cadenza/contracts/http';

export type VendorGroup = Extract<TraceItem, { vendorGroup: true }>;

export function isVendorGroup(item: TraceItem): item is VendorGroup {
  return 'vendorGroup' in item;
}

export function allFrames(trace: readonly TraceItem[]): TraceFrame[] {
  return trace.flatMap((item) => (isVendorGroup(item) ? item.frames : [item]));
}

/** The frame to show first: the first of the app's own, else the very first. */
export function initialFrame(trace: readonly TraceItem[]): TraceFrame | undefined {
  const frames = allFrames(trace);
  return frames.find((frame) => !frame.vendor) ?? frames[0];
}

/** The last few segments of a path: enough to recognise the file, short enough to read. */
export function shortPath(path: string, segments = 3): string {
  const parts = path.split(/[\\/]/).filter(Boolean);
  return parts.length <= segments ? path : `…/${parts.slice(-segments).join('/')}`;
}

/** Snippet lines in order, as [line number, code]. */
export function snippetLines(frame: TraceFrame): [number, string][] {
  return Object.entries(frame.codeSnippet)
    .map(([line, code]) => [Number(line), code] as [number, string])
    .sort((a, b) => a[0] - b[0]);
}
