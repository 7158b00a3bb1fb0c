import type { DebugErrorBody, TraceFrame, TraceItem } from '@cadenza/contracts/http';
import clsx from 'clsx';
import { ChevronDown, ChevronRight, Download, FileCode } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { apiClient } from '../../api/client';
import { Button } from '../../ui/button';
import { Dialog, DialogBody, DialogFooter, DialogHeader } from '../../ui/dialog';
import { closeErrorDialog, useShownError } from './error-dialog-store';
import { showError } from './handle-error';
import { initialFrame, isVendorGroup, shortPath, snippetLines } from './trace';

export const LATEST_ERROR_LOG_PATH = 'api/v1/logs/error/download-latest';

/** The error dialog of spec section 2, shown whenever a failed response carries a debug trace. */
export function ErrorDialog() {
  const shown = useShownError();
  return (
    <Dialog
      open={shown !== null}
      onOpenChange={(open) => {
        if (!open) closeErrorDialog();
      }}
      size="fullscreen"
    >
      {/* Keyed by the error, so a new one starts from its own first frame. */}
      {shown && <ErrorDialogContent key={shown.id} error={shown.body} />}
    </Dialog>
  );
}

function ErrorDialogContent({ error }: { error: DebugErrorBody }) {
  const { t } = useTranslation();
  return (
    <>
      <DialogHeader>{t('An error occured')}</DialogHeader>
      <DialogBody className="flex flex-col gap-6">
        <DebugTrace error={error} />
      </DialogBody>
      <DialogFooter>
        <DownloadLogButton />
        <Button variant="primary" onClick={closeErrorDialog}>
          {t('Close')}
        </Button>
      </DialogFooter>
    </>
  );
}

/**
 * An error with its stack: the frames (vendor runs folded) beside the code of the chosen one.
 * The error dialog shows it, and the admin area's error log for each entry.
 */
export function DebugTrace({ error }: { error: DebugErrorBody }) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<TraceFrame | undefined>(() => initialFrame(error.trace));
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const groupIndexes = error.trace.flatMap((item, index) => (isVendorGroup(item) ? [index] : []));
  const allExpanded = groupIndexes.length > 0 && groupIndexes.every((i) => expanded.has(i));

  const toggleGroup = (index: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });

  return (
    <>
      <div className="rounded-lg border border-border bg-bg p-4">
        <p className="font-mono text-sm font-semibold text-danger">{error.exception}</p>
        <p className="mt-2 text-xl font-semibold break-words">{error.message}</p>
      </div>
      <div className="grid min-h-0 gap-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section aria-label={t('Stack frames')} className="flex min-w-0 flex-col gap-2">
          {groupIndexes.length > 0 && (
            <Button
              variant="outline"
              size="xs"
              className="self-start"
              onClick={() => setExpanded(allExpanded ? new Set() : new Set(groupIndexes))}
            >
              {allExpanded ? t('Collapse vendor frames') : t('Expand vendor frames')}
            </Button>
          )}
          <ol className="flex flex-col gap-1">
            {error.trace.map((item, index) => (
              <TraceListItem
                key={index}
                item={item}
                isExpanded={expanded.has(index)}
                onToggle={() => toggleGroup(index)}
                selected={selected}
                onSelect={setSelected}
              />
            ))}
          </ol>
        </section>
        <section aria-label={t('Code')} className="min-w-0">
          {selected ? <CodeSnippet frame={selected} /> : null}
        </section>
      </div>
    </>
  );
}

function TraceListItem({
  item,
  isExpanded,
  onToggle,
  selected,
  onSelect,
}: {
  item: TraceItem;
  isExpanded: boolean;
  onToggle: () => void;
  selected: TraceFrame | undefined;
  onSelect: (frame: TraceFrame) => void;
}) {
  const { t } = useTranslation();
  if (!isVendorGroup(item)) {
    return (
      <li>
        <FrameButton frame={item} isSelected={selected === item} onSelect={onSelect} />
      </li>
    );
  }
  const count = item.frames.length;
  return (
    <li>
      <button
        type="button"
        aria-expanded={isExpanded}
        onClick={onToggle}
        className="flex w-full items-center gap-2 rounded-sm px-3 py-2 text-start text-sm text-fg-muted transition-colors hover:bg-bg-hover"
      >
        {isExpanded ? (
          <ChevronDown size={16} aria-hidden />
        ) : (
          <ChevronRight size={16} aria-hidden />
        )}
        {t('{{count}} vendor frames', {
          count,
          defaultValue_one: '{{count}} vendor frame',
          defaultValue_other: '{{count}} vendor frames',
        })}
      </button>
      {isExpanded && (
        <ol className="ms-4 flex flex-col gap-1 border-s border-border ps-2">
          {item.frames.map((frame) => (
            <li key={frame.flatIndex}>
              <FrameButton frame={frame} isSelected={selected === frame} onSelect={onSelect} />
            </li>
          ))}
        </ol>
      )}
    </li>
  );
}

function FrameButton({
  frame,
  isSelected,
  onSelect,
}: {
  frame: TraceFrame;
  isSelected: boolean;
  onSelect: (frame: TraceFrame) => void;
}) {
  return (
    <button
      type="button"
      aria-current={isSelected || undefined}
      onClick={() => onSelect(frame)}
      className={clsx(
        'flex w-full flex-col rounded-sm px-3 py-2 text-start transition-colors',
        isSelected ? 'bg-bg-hover' : 'hover:bg-bg-hover',
      )}
    >
      <span className="truncate font-mono text-sm text-fg">{frame.method}</span>
      <span className="truncate font-mono text-xs text-fg-muted" title={frame.path}>
        {shortPath(frame.path)}:{frame.lineNumber}
      </span>
    </button>
  );
}

function CodeSnippet({ frame }: { frame: TraceFrame }) {
  const { t } = useTranslation();
  const lines = snippetLines(frame);
  return (
    <figure className="overflow-hidden rounded-lg border border-border bg-bg">
      <figcaption className="flex items-center gap-2 border-b border-border px-4 py-2 font-mono text-xs text-fg-muted">
        <FileCode size={14} aria-hidden />
        <span className="truncate" title={frame.path}>
          {frame.path}:{frame.lineNumber}
        </span>
      </figcaption>
      {lines.length === 0 ? (
        <p className="px-4 py-6 text-sm text-fg-muted">{t('No code to show for this frame.')}</p>
      ) : (
        <pre className="overflow-x-auto py-2 text-xs leading-5" data-testid="code-snippet">
          <code>
            {lines.map(([number, code]) => (
              <div
                key={number}
                data-highlighted={number === frame.lineNumber || undefined}
                className={clsx('flex px-4', number === frame.lineNumber && 'bg-danger/15 text-fg')}
              >
                <span className="w-12 shrink-0 pe-4 text-end text-fg-muted tabular-nums select-none">
                  {number}
                </span>
                <span className="whitespace-pre">{code}</span>
              </div>
            ))}
          </code>
        </pre>
      )}
    </figure>
  );
}

export function DownloadLogButton() {
  const { t } = useTranslation();
  const [isPending, setIsPending] = useState(false);
  const download = async () => {
    setIsPending(true);
    try {
      const log = await apiClient.get<Blob>(LATEST_ERROR_LOG_PATH, { responseType: 'blob' });
      const url = URL.createObjectURL(log);
      const link = document.createElement('a');
      link.href = url;
      link.download = `error-log-${new Date().toISOString().slice(0, 10)}.log`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      showError(error, t);
    } finally {
      setIsPending(false);
    }
  };
  return (
    <Button
      variant="outline"
      isLoading={isPending}
      startIcon={<Download size={16} aria-hidden />}
      onClick={() => void download()}
    >
      {t('Download log')}
    </Button>
  );
}
