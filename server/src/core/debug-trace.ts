import fs from 'node:fs';
import nodePath from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DebugErrorBody, TraceFrame, TraceItem } from '@cadenza/contracts/http';

const SNIPPET_RADIUS = 8;
// The application's folder (this file is in server/src/core or server/dist/core). Frames name
// their files from here: shorter to read, and the server's own layout stays private.
const APP_ROOT = nodePath.resolve(nodePath.dirname(fileURLToPath(import.meta.url)), '../../..');

function readSnippet(file: string, line: number): Record<number, string> {
  try {
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    const snippet: Record<number, string> = {};
    const from = Math.max(1, line - SNIPPET_RADIUS);
    const to = Math.min(lines.length, line + SNIPPET_RADIUS);
    for (let n = from; n <= to; n++) snippet[n] = lines[n - 1] ?? '';
    return snippet;
  } catch {
    return {};
  }
}

// V8 stack lines: `    at method (file:line:col)` or `    at file:line:col`.
const V8_FRAME = /^\s*at (?:(.+?) \()?(.+?):(\d+):\d+\)?$/;

function parseStack(stack: string | undefined): { method: string; file: string; line: number }[] {
  return (stack ?? '').split('\n').flatMap((line) => {
    const match = V8_FRAME.exec(line);
    return match
      ? [{ method: match[1] ?? '<anonymous>', file: match[2]!, line: Number(match[3]) }]
      : [];
  });
}

function toPath(fileName: string): string {
  return fileName.startsWith('file://') ? fileURLToPath(fileName) : fileName;
}

/** Our own code is everything outside node_modules and Node's internals. */
function isVendor(path: string): boolean {
  return path.includes('/node_modules/') || path.startsWith('node:') || !path.startsWith('/');
}

/**
 * The debug trace of spec section 3 ("Error response"): frames with a code snippet around the
 * failing line, runs of vendor frames grouped so the error dialog can collapse them.
 * `readCode: false` for a stack someone else wrote (a browser's report): its frames may name
 * any file, and none is read.
 */
export function buildDebugBody(
  error: Error,
  message: string,
  { readCode = true }: { readCode?: boolean } = {},
): DebugErrorBody {
  const frames: TraceFrame[] = parseStack(error.stack).map((frame, flatIndex) => {
    const path = toPath(frame.file);
    const lineNumber = frame.line;
    const vendor = isVendor(path);
    return {
      path: path.startsWith(`${APP_ROOT}/`) ? nodePath.relative(APP_ROOT, path) : path,
      lineNumber,
      method: frame.method,
      codeSnippet: vendor || !readCode ? {} : readSnippet(path, lineNumber),
      flatIndex,
      vendor,
    };
  });

  const trace: TraceItem[] = [];
  let totalVendorGroups = 0;
  for (const frame of frames) {
    const last = trace[trace.length - 1];
    if (!frame.vendor) trace.push(frame);
    else if (last && 'vendorGroup' in last) last.frames.push(frame);
    else {
      trace.push({ vendorGroup: true, frames: [frame] });
      totalVendorGroups++;
    }
  }
  return {
    message,
    exception: error.name || 'Error',
    ignitionTrace: true,
    trace,
    totalVendorGroups,
  };
}
