import type { Report } from '@cadenza/contracts/reports';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { PageLoadError } from '../../../app/page-load-error';
import { Button } from '../../../ui/button';
import { Select, SelectItem } from '../../../ui/select';
import { Skeleton } from '../../../ui/skeleton';
import { TextField } from '../../../ui/text-field';
import { formatMoney } from '../../billing/pricing';
import { useReport, type ReportRange } from './reports-api';

const DEVICES: Record<string, string> = { desktop: 'Desktop', mobile: 'Mobile', tablet: 'Tablet' };

type RangeChoice = '7' | '30' | '90' | 'custom';

/** /admin/reports: how the service is doing over a range of days. */
export function ReportsPage() {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<RangeChoice>('30');
  const [query, setQuery] = useState<ReportRange>({ days: 30 });
  const report = useReport(query);

  return (
    <div className="mx-auto flex max-w-[1280px] flex-col gap-6">
      <header className="flex flex-wrap items-end gap-4">
        <h1 className="me-auto text-2xl font-semibold">{t('Reports')}</h1>
        <RangePicker
          choice={choice}
          onChoice={(next) => {
            setChoice(next);
            if (next !== 'custom') setQuery({ days: Number(next) });
          }}
          onCustom={(from, to) => setQuery({ from, to })}
        />
      </header>
      {report.isError ? (
        <PageLoadError inScreen onRetry={() => void report.refetch()} />
      ) : !report.data ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-24" />
          ))}
          <Skeleton className="h-64 sm:col-span-2 lg:col-span-3" />
        </div>
      ) : (
        <Dashboard report={report.data} />
      )}
    </div>
  );
}

function RangePicker({
  choice,
  onChoice,
  onCustom,
}: {
  choice: RangeChoice;
  onChoice: (choice: RangeChoice) => void;
  onCustom: (from: string, to: string) => void;
}) {
  const { t } = useTranslation();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | undefined>();
  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!from || !to) setError(t('Choose both days.'));
    else if (from > to) setError(t('The range must end after it starts.'));
    else {
      setError(undefined);
      onCustom(from, to);
    }
  };
  return (
    <form className="flex flex-wrap items-end gap-3" onSubmit={apply} noValidate>
      <div className="w-48">
        <Select
          label={t('Range')}
          value={choice}
          onValueChange={(next) => onChoice(next as RangeChoice)}
        >
          <SelectItem value="7">{t('Last 7 days')}</SelectItem>
          <SelectItem value="30">{t('Last 30 days')}</SelectItem>
          <SelectItem value="90">{t('Last 90 days')}</SelectItem>
          <SelectItem value="custom">{t('Custom range')}</SelectItem>
        </Select>
      </div>
      {choice === 'custom' && (
        <>
          <TextField
            label={t('From')}
            type="date"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          />
          <TextField
            label={t('To')}
            type="date"
            value={to}
            errorMessage={error}
            onChange={(e) => setTo(e.target.value)}
          />
          <Button type="submit">{t('Apply')}</Button>
        </>
      )}
    </form>
  );
}

function Dashboard({ report }: { report: Report }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const countries = new Intl.DisplayNames([i18n.language], { type: 'region' });
  const money = (amounts: { amount: number; currency: string }[]) =>
    amounts.map((entry) => formatMoney(entry.amount, entry.currency, i18n.language)).join(' + ') ||
    formatMoney(0, 'BRL', i18n.language);
  const payments = report.totals.revenue.reduce((sum, entry) => sum + entry.payments, 0);
  const figures: { label: string; value: string; note?: string }[] = [
    { label: 'Plays', value: number.format(report.totals.plays) },
    { label: 'Unique listeners', value: number.format(report.totals.listeners) },
    { label: 'New users', value: number.format(report.totals.new_users) },
    { label: 'Active subscriptions', value: number.format(report.totals.active_subscriptions) },
    {
      label: 'Revenue',
      value: money(report.totals.revenue),
      note: t('{{count}} payments, less refunds', {
        count: payments,
        defaultValue_one: '{{count}} payment, less refunds',
        defaultValue_other: '{{count}} payments, less refunds',
      }),
    },
    { label: 'Monthly recurring revenue', value: money(report.totals.monthly_revenue) },
  ];
  return (
    <>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {figures.map(({ label, value, note }) => (
          <div key={label} className="rounded-lg border border-border p-4">
            <dt className="text-sm text-fg-muted">{t(label)}</dt>
            <dd className="mt-1 text-2xl font-semibold">{value}</dd>
            {note && <dd className="text-xs text-fg-muted">{note}</dd>}
          </div>
        ))}
      </dl>
      <div className="grid gap-4 lg:grid-cols-2">
        <DailyChart
          title={t('Plays per day')}
          days={report.days.map((day) => ({ day: day.day, value: day.plays }))}
        />
        <DailyChart
          title={t('New users per day')}
          days={report.days.map((day) => ({ day: day.day, value: day.new_users }))}
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <Ranking title={t('Top tracks')} rows={report.top_tracks} />
        <Ranking title={t('Top artists')} rows={report.top_artists} />
        <Ranking title={t('Top albums')} rows={report.top_albums} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Breakdown
          title={t('Devices')}
          rows={report.devices.map((row) => ({ ...row, name: t(DEVICES[row.name] ?? row.name) }))}
        />
        <Breakdown title={t('Browsers')} rows={report.browsers} />
        <Breakdown title={t('Systems')} rows={report.platforms} />
        <Breakdown
          title={t('Countries')}
          rows={report.countries.map((row) => ({
            ...row,
            name: countries.of(row.name) ?? row.name,
          }))}
        />
      </div>
    </>
  );
}

/** One bar per day; the figures are also there as a table for screen readers. */
function DailyChart({ title, days }: { title: string; days: { day: string; value: number }[] }) {
  const { t } = useTranslation();
  const max = Math.max(1, ...days.map((day) => day.value));
  const total = days.reduce((sum, day) => sum + day.value, 0);
  const width = 100 / days.length;
  return (
    <section aria-label={title} className="rounded-lg border border-border p-4">
      <h2 className="text-base font-semibold">{title}</h2>
      <p className="text-sm text-fg-muted">{t('{{count}} in all', { count: total })}</p>
      <svg viewBox="0 0 100 40" preserveAspectRatio="none" className="mt-3 h-40 w-full" aria-hidden>
        {days.map((day, i) => {
          const height = (day.value / max) * 38;
          return (
            <rect
              key={day.day}
              x={i * width + width * 0.15}
              y={40 - height}
              width={width * 0.7}
              height={height}
              className="fill-primary"
            >
              <title>{`${day.day}: ${day.value}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="mt-1 flex justify-between text-xs text-fg-muted" aria-hidden>
        <span>{days[0]?.day}</span>
        <span>{days.at(-1)?.day}</span>
      </div>
      <table className="sr-only">
        <caption>{title}</caption>
        <tbody>
          {days.map((day) => (
            <tr key={day.day}>
              <th scope="row">{day.day}</th>
              <td>{day.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Ranking({
  title,
  rows,
}: {
  title: string;
  rows: { id: number; name: string; count: number }[];
}) {
  const { t } = useTranslation();
  return (
    <section aria-label={title} className="rounded-lg border border-border p-4">
      <h2 className="mb-2 text-base font-semibold">{title}</h2>
      {rows.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('No plays in this range.')}</p>
      ) : (
        <ol className="flex flex-col gap-1 text-sm">
          {rows.map((row, i) => (
            <li key={row.id} className="flex gap-2">
              <span className="w-5 text-end text-fg-muted">{i + 1}</span>
              <span className="min-w-0 flex-1 truncate">{row.name}</span>
              <span className="tabular-nums">
                {t('{{count}} plays', {
                  count: row.count,
                  defaultValue_one: '{{count}} play',
                  defaultValue_other: '{{count}} plays',
                })}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Breakdown({ title, rows }: { title: string; rows: { name: string; count: number }[] }) {
  const { t } = useTranslation();
  const max = Math.max(1, ...rows.map((row) => row.count));
  return (
    <section aria-label={title} className="rounded-lg border border-border p-4">
      <h2 className="mb-2 text-base font-semibold">{title}</h2>
      {rows.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('No plays in this range.')}</p>
      ) : (
        <ul className="flex flex-col gap-2 text-sm">
          {rows.map((row) => (
            <li key={row.name}>
              <div className="flex justify-between gap-2">
                <span className="truncate">{row.name}</span>
                <span className="tabular-nums">{row.count}</span>
              </div>
              <div className="mt-1 h-1.5 rounded-full bg-bg-hover" aria-hidden>
                <div
                  className="h-full rounded-full bg-primary"
                  style={{ width: `${(row.count / max) * 100}%` }}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
