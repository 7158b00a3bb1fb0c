import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyTranslations, i18n } from './i18n';
import { useTranslation } from './use-translation';

afterEach(() => applyTranslations({ language: 'en', name: 'English', lines: {} }));

function Greeting({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <p>
      {t('Your library')} · {t('Hello, {{name}}', { name })} · {t('{{count}} tracks', { count: 2 })}
    </p>
  );
}

describe('useTranslation', () => {
  it('shows each line in the active language, with its values filled in', () => {
    applyTranslations({
      language: 'pt',
      name: 'Português',
      lines: {
        'Your library': 'Sua biblioteca',
        'Hello, {{name}}': 'Olá, {{name}}',
        '{{count}} tracks_other': '{{count}} faixas',
      },
    });
    const { container } = render(<Greeting name="Ana" />);
    expect(container.textContent).toBe('Sua biblioteca · Olá, Ana · 2 faixas');
  });

  it('draws the component again when the language or its lines change', () => {
    const { container } = render(<Greeting name="Ana" />);
    expect(container.textContent).toBe('Your library · Hello, Ana · 2 tracks');

    act(() =>
      applyTranslations({ language: 'de', name: 'Deutsch', lines: { 'Your library': 'Deine' } }),
    );
    expect(container.textContent).toBe('Deine · Hello, Ana · 2 tracks');

    // The same language with more lines: a line already shown is looked up again.
    act(() =>
      applyTranslations({
        language: 'de',
        name: 'Deutsch',
        lines: { 'Your library': 'Deine Bibliothek', 'Hello, {{name}}': 'Hallo, {{name}}' },
      }),
    );
    expect(container.textContent).toBe('Deine Bibliothek · Hallo, Ana · 2 tracks');
  });

  it('draws nothing again when the same lines are applied again', () => {
    const bootstrap = { language: 'fr', name: 'Français', lines: { 'Your library': 'Ma musique' } };
    applyTranslations(bootstrap);
    let renders = 0;
    function Probe() {
      renders++;
      return <>{useTranslation().t('Your library')}</>;
    }
    const { container } = render(<Probe />);
    act(() => applyTranslations(bootstrap));
    expect(renders).toBe(1);

    act(() => applyTranslations({ ...bootstrap, lines: { 'Your library': 'Ma bibliothèque' } }));
    expect(renders).toBe(2);
    expect(container.textContent).toBe('Ma bibliothèque');
  });

  it('gives every component the one translator of the language and the app instance', () => {
    const seen: ReturnType<typeof useTranslation>[] = [];
    function Probe() {
      seen.push(useTranslation());
      return null;
    }
    render(
      <>
        <Probe />
        <Probe />
      </>,
    );
    expect(seen[0]!.t).toBe(seen[1]!.t);
    expect(seen[0]!.i18n).toBe(i18n);
  });
});
