import type { LandingContent } from '@cadenza/contracts/landing-content';
import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate } from 'react-router';
import { LandingActionButton } from './landing-action';

/** The header: image under a two-colour overlay, title, subtitle, search and two CTAs. */
export function LandingHeader({ content }: { content: LandingContent }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');

  const search = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = query.trim();
    if (trimmed) void navigate(`/search/${encodeURIComponent(trimmed)}`);
  };

  return (
    <section
      aria-labelledby="landing-title"
      className="relative isolate overflow-hidden bg-[#07070c] text-white"
    >
      {content.headerImage && (
        <img
          src={content.headerImage}
          alt=""
          // The page's largest paint: fetched ahead of the page's other images.
          fetchPriority="high"
          className="absolute inset-0 -z-20 size-full object-cover"
          style={{ opacity: content.headerImageOpacity }}
        />
      )}
      <div
        aria-hidden
        className="absolute inset-0 -z-10"
        style={{
          backgroundImage: `linear-gradient(135deg, ${content.headerOverlayColor1}, ${content.headerOverlayColor2})`,
        }}
      />
      <div className="mx-auto flex min-h-[640px] max-w-[1280px] flex-col items-center justify-center px-4 pt-32 pb-24 text-center sm:px-6 sm:pt-40 sm:pb-32">
        <h1
          id="landing-title"
          className="max-w-4xl text-5xl font-bold tracking-tight text-balance sm:text-[64px] sm:leading-[1.05]"
        >
          {t(content.headerTitle)}
        </h1>
        <p className="mt-6 max-w-2xl text-base text-pretty text-white/80 sm:text-xl">
          {t(content.headerSubtitle)}
        </p>
        <form
          role="search"
          onSubmit={search}
          className="mt-10 flex w-full max-w-xl items-center gap-2 rounded-full border border-white/20 bg-white/10 p-1.5 ps-5 shadow-overlay backdrop-blur-md transition-colors focus-within:border-white/50 focus-within:bg-white/15"
        >
          <Search size={20} aria-hidden className="shrink-0 text-white/70" />
          <input
            type="search"
            name="query"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            aria-label={t('Search for artists, albums and tracks')}
            placeholder={t('Artists, albums, tracks…')}
            className="h-10 min-w-0 flex-1 bg-transparent text-base text-white outline-none placeholder:text-white/60 [&::-webkit-search-cancel-button]:hidden"
          />
          <button
            type="submit"
            className="h-10 shrink-0 rounded-full bg-white px-5 text-sm font-semibold text-[#0f0f12] transition-colors hover:bg-white/90"
          >
            {t('Search')}
          </button>
        </form>
        <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
          <LandingActionButton action={content.actions.cta1} />
          <LandingActionButton
            action={content.actions.cta2}
            variant="outline"
            className="border-white/40 text-white hover:bg-white/10"
          />
        </div>
      </div>
    </section>
  );
}
