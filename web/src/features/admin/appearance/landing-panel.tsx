import {
  landingContentSchema,
  type LandingAction,
  type LandingContent,
  type LandingFeature,
} from '@cadenza/contracts/landing-content';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { showError } from '../../../app/error-handling/handle-error';
import { Button, IconButton } from '../../../ui/button';
import { Select, SelectItem } from '../../../ui/select';
import { Switch } from '../../../ui/switch';
import { TextArea } from '../../../ui/text-area';
import { TextField } from '../../../ui/text-field';
import { ImageField } from '../../../ui/image-field';
import { useUploadAppearanceImage } from './appearance-api';
import { useAppearance } from './appearance-context';
import { PanelHeader } from './panel-header';

const CTAS = ['cta1', 'cta2', 'cta3'] as const;
const FEATURE_LISTS = [
  { key: 'primaryFeatures', title: 'Features' },
  { key: 'secondaryFeatures', title: 'Secondary features' },
] as const;

/** /admin/appearance/landing: every field of the landing page (setting `landing.content`). */
export function LandingPanel() {
  const { t } = useTranslation();
  const { value, setValue, navigate } = useAppearance();
  const content = value<LandingContent>('landing.content');
  const isHomepage = value<string>('homepage.type') === 'landing';
  useEffect(() => navigate('/'), []); // eslint-disable-line react-hooks/exhaustive-deps

  const issues = landingContentSchema.safeParse(content);
  const problemAt = (path: string) =>
    issues.success
      ? undefined
      : issues.error.issues.find((issue) => issue.path.join('.') === path)?.message;
  const change = (patch: Partial<LandingContent>) =>
    setValue('landing.content', { ...content, ...patch });
  const text = (key: keyof LandingContent, label: string, long = false) =>
    long ? (
      <TextArea
        label={label}
        rows={3}
        value={String(content[key])}
        error={problemAt(key)}
        onChange={(next) => change({ [key]: next })}
      />
    ) : (
      <TextField
        label={label}
        value={String(content[key])}
        errorMessage={problemAt(key)}
        onChange={(event) => change({ [key]: event.target.value })}
      />
    );

  return (
    <div className="flex flex-col gap-5">
      <PanelHeader back=".." title={t('Landing page')} />
      {!isHomepage && (
        <p className="rounded-md border border-warning p-3 text-sm">
          {t('Visitors see the landing page only when it is the homepage.')}{' '}
          <Link to="/admin/settings/general" className="underline">
            {t('Choose the homepage')}
          </Link>
        </p>
      )}
      <Section title={t('Header')}>
        {text('headerTitle', t('Title'))}
        {text('headerSubtitle', t('Subtitle'), true)}
        <UploadedImage
          label={t('Header image')}
          url={content.headerImage}
          onChange={(url) => change({ headerImage: url })}
        />
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          {t('Image opacity: {{percent}}%', {
            percent: Math.round(content.headerImageOpacity * 100),
          })}
          <input
            type="range"
            min={0}
            max={1}
            step={0.05}
            value={content.headerImageOpacity}
            onChange={(event) => change({ headerImageOpacity: Number(event.target.value) })}
            className="accent-primary"
          />
        </label>
        {text('headerOverlayColor1', t('Overlay colour 1'))}
        {text('headerOverlayColor2', t('Overlay colour 2'))}
      </Section>
      <Section title={t('Buttons')}>
        {CTAS.map((slot, i) => (
          <ActionEditor
            key={slot}
            title={t('Button {{number}}', { number: i + 1 })}
            action={content.actions[slot] ?? null}
            onChange={(action) => change({ actions: { ...content.actions, [slot]: action } })}
          />
        ))}
      </Section>
      {FEATURE_LISTS.map(({ key, title }) => (
        <Section key={key} title={t(title)}>
          {content[key].map((feature, i) => (
            <FeatureEditor
              key={i}
              number={i + 1}
              feature={feature}
              onChange={(next) =>
                change({ [key]: content[key].map((f, j) => (j === i ? next : f)) })
              }
              onRemove={() => change({ [key]: content[key].filter((_, j) => j !== i) })}
            />
          ))}
          {content[key].length < 12 && (
            <div>
              <Button
                size="sm"
                variant="outline"
                startIcon={<Plus size={16} />}
                onClick={() =>
                  change({
                    [key]: [
                      ...content[key],
                      { image: '', title: '', subtitle: '', description: '' },
                    ],
                  })
                }
              >
                {t('Add feature')}
              </Button>
            </div>
          )}
        </Section>
      ))}
      <Section title={t('Pricing')}>
        {text('pricingTitle', t('Title'))}
        {text('pricingSubtitle', t('Subtitle'), true)}
      </Section>
      <Section title={t('Footer')}>
        {text('footerTitle', t('Title'))}
        {text('footerSubtitle', t('Subtitle'), true)}
        <UploadedImage
          label={t('Footer image')}
          url={content.footerImage}
          onChange={(url) => change({ footerImage: url })}
        />
      </Section>
      <Switch
        label={t('Show trending artists')}
        checked={value<boolean>('landing.show_trending')}
        onCheckedChange={(checked) => setValue('landing.show_trending', checked)}
      />
    </div>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4 border-t border-border pt-4">
      <legend className="pe-2 text-sm font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

function UploadedImage({
  label,
  url,
  onChange,
}: {
  label: string;
  url: string;
  onChange: (url: string) => void;
}) {
  const { t } = useTranslation();
  const upload = useUploadAppearanceImage();
  return (
    <ImageField
      label={label}
      url={url}
      isLoading={upload.isPending}
      onFile={(file) =>
        upload.mutate(file, { onSuccess: onChange, onError: (error) => showError(error, t) })
      }
    />
  );
}

function ActionEditor({
  title,
  action,
  onChange,
}: {
  title: string;
  action: LandingAction | null;
  onChange: (action: LandingAction | null) => void;
}) {
  const { t } = useTranslation();
  if (!action) {
    return (
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm text-fg-muted">{t('{{name}}: not shown', { name: title })}</span>
        <Button
          size="sm"
          variant="outline"
          onClick={() => onChange({ label: title, action: '/', type: 'route' })}
        >
          {t('Add')}
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3 rounded-md border border-border p-3">
      <div className="flex items-center">
        <span className="flex-1 text-sm font-medium">{title}</span>
        <IconButton
          label={t('Remove {{name}}', { name: title })}
          size="sm"
          onClick={() => onChange(null)}
        >
          <Trash2 size={16} aria-hidden />
        </IconButton>
      </div>
      <TextField
        label={t('Label')}
        value={action.label}
        onChange={(event) => onChange({ ...action, label: event.target.value })}
      />
      <Select
        label={t('Type')}
        value={action.type}
        onValueChange={(type) => onChange({ ...action, type: type as LandingAction['type'] })}
      >
        <SelectItem value="route">{t('Page of the site')}</SelectItem>
        <SelectItem value="link">{t('Link to another site')}</SelectItem>
      </Select>
      <TextField
        label={action.type === 'route' ? t('Path') : t('Address')}
        value={action.action}
        onChange={(event) => onChange({ ...action, action: event.target.value })}
      />
    </div>
  );
}

function FeatureEditor({
  number,
  feature,
  onChange,
  onRemove,
}: {
  number: number;
  feature: LandingFeature;
  onChange: (feature: LandingFeature) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const title = t('Feature {{number}}', { number });
  return (
    <div className="flex flex-col gap-3 rounded-md border border-border p-3">
      <div className="flex items-center">
        <span className="flex-1 text-sm font-medium">{title}</span>
        <IconButton label={t('Remove {{name}}', { name: title })} size="sm" onClick={onRemove}>
          <Trash2 size={16} aria-hidden />
        </IconButton>
      </div>
      <UploadedImage
        label={t('Image')}
        url={feature.image}
        onChange={(image) => onChange({ ...feature, image })}
      />
      <TextField
        label={t('Title')}
        value={feature.title}
        onChange={(event) => onChange({ ...feature, title: event.target.value })}
      />
      <TextField
        label={t('Subtitle')}
        value={feature.subtitle}
        onChange={(event) => onChange({ ...feature, subtitle: event.target.value })}
      />
      <TextArea
        label={t('Description')}
        rows={3}
        value={feature.description}
        onChange={(description) => onChange({ ...feature, description })}
      />
    </div>
  );
}
