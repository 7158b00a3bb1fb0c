import { Play } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { showError } from '../../../app/error-handling/handle-error';
import { Button } from '../../../ui/button';
import { TextArea } from '../../../ui/text-area';
import { useAppearance } from './appearance-context';
import { PanelHeader } from './panel-header';

/**
 * /admin/appearance/custom-code: the site's own CSS and JavaScript, kept apart and loaded on
 * the public site only, never in the admin area (a broken script cannot lock admins out).
 */
export function CustomCodePanel() {
  const { t } = useTranslation();
  const { value, setValue, runScript } = useAppearance();
  const [running, setRunning] = useState(false);
  return (
    <div className="flex flex-col gap-5">
      <PanelHeader back=".." title={t('Custom code')} />
      <TextArea
        label={t('Custom CSS')}
        description={t('Applies to the preview as you type.')}
        code
        rows={12}
        value={value<string>('custom_code.css')}
        placeholder=".navbar { }"
        onChange={(next) => setValue('custom_code.css', next)}
      />
      <TextArea
        label={t('Custom JavaScript')}
        description={t(
          'Runs on every page of the public site, never in the admin area. Run it in the preview to try it; it runs again each time the preview reloads.',
        )}
        code
        rows={12}
        value={value<string>('custom_code.js')}
        onChange={(next) => setValue('custom_code.js', next)}
      />
      <div>
        <Button
          variant="outline"
          size="sm"
          startIcon={<Play size={16} />}
          isLoading={running}
          onClick={() => {
            setRunning(true);
            runScript()
              .catch((error: unknown) => showError(error, t))
              .finally(() => setRunning(false));
          }}
        >
          {t('Run in preview')}
        </Button>
      </div>
    </div>
  );
}
