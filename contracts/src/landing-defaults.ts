// Apart from the landing schemas, so the landing page loads no zod to show its defaults.
import type { LandingContent } from './landing-content.js';

/** What a fresh install shows; the images ship with the web app under /landing. */
export const DEFAULT_LANDING_CONTENT: LandingContent = {
  headerTitle: 'Music for every moment',
  headerSubtitle:
    'Stream millions of tracks, discover artists before everyone else and keep the songs you love within reach, on every screen.',
  headerImage: '/landing/hero.webp',
  headerImageOpacity: 0.9,
  headerOverlayColor1: 'rgba(7, 7, 12, 0.82)',
  headerOverlayColor2: 'rgba(7, 7, 12, 0.2)',
  actions: {
    cta1: {
      label: 'Start listening',
      action: '/discover',
      type: 'route',
      icon: 'play',
      permissions: ['music.view'],
    },
    cta2: { label: 'See plans', action: '/pricing', type: 'route' },
    cta3: {
      label: 'Open the player',
      action: '/discover',
      type: 'route',
      icon: 'play',
      permissions: ['music.view'],
    },
  },
  primaryFeatures: [
    {
      image: '/landing/feature-stream.svg',
      title: 'Stream without limits',
      subtitle: 'High quality',
      description:
        'Crystal-clear audio that starts instantly, whether you are on fibre at home or on the train.',
    },
    {
      image: '/landing/feature-discover.svg',
      title: 'Discover every week',
      subtitle: 'Made for you',
      description:
        'Fresh releases, trending artists and genres to explore, picked from what you already love.',
    },
    {
      image: '/landing/feature-playlists.svg',
      title: 'Playlists for everything',
      subtitle: 'Your library',
      description:
        'Save albums, follow artists and build playlists for workouts, focus or the long drive home.',
    },
  ],
  secondaryFeatures: [
    {
      image: '/landing/secondary-player.svg',
      title: 'A player that gets out of the way',
      subtitle: 'Listen',
      description:
        'Queue up tracks, pick up where you left off and let the music keep going while you browse artists, albums and lyrics.',
    },
    {
      image: '/landing/secondary-discover.svg',
      title: 'Find your next favourite artist',
      subtitle: 'Discover',
      description:
        'Browse what is trending, dive into genres and follow artists to hear their new releases the day they drop.',
    },
    {
      image: '/landing/secondary-devices.svg',
      title: 'On your phone, tablet and desktop',
      subtitle: 'Anywhere',
      description:
        'Cadenza runs in any modern browser. Start a playlist on your laptop and finish it on your phone.',
    },
  ],
  pricingTitle: 'Simple, transparent pricing',
  pricingSubtitle: 'Choose the plan that fits the way you listen. Change or cancel at any time.',
  footerTitle: 'Ready to press play?',
  footerSubtitle: 'Join the listeners discovering new music on Cadenza every day.',
  footerImage: '/landing/footer.webp',
};
