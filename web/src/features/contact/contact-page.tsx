import type { ContactMessage } from '@cadenza/contracts/contact';
import { Mail } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation';
import { useAuthUser } from '../../api/bootstrap';
import { applyServerErrors } from '../../app/error-handling/handle-error';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { toast } from '../../ui/toast/toast-store';
import { useBotCheck } from '../bot-check/use-bot-check';
import { useSubmitContactMessage } from './api/submit-contact-message';
import { TextAreaField } from './components/text-area-field';

const FIELDS = ['name', 'email', 'message'] as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The contact form (spec section 2): name, e-mail and message, after the bot check. */
export function ContactPage() {
  const { t } = useTranslation();
  const user = useAuthUser();
  const botCheck = useBotCheck('contact');
  const submit = useSubmitContactMessage();
  const displayName = [user?.first_name, user?.last_name].filter(Boolean).join(' ');
  const form = useForm<ContactMessage>({
    defaultValues: { name: displayName, email: user?.email ?? '', message: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    if (!(await botCheck.verify())) return;
    try {
      await submit.mutateAsync(values);
      toast.positive(t('Your message has been submitted.'));
      form.reset({ ...values, message: '' });
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS, t);
    }
  });

  const isSending = botCheck.isVerifying || submit.isPending;
  return (
    <main className="flex-1 bg-bg px-4 py-12 text-fg sm:px-6 sm:py-16">
      <div className="mx-auto w-full max-w-[620px]">
        <header className="mb-8 text-center">
          <div
            aria-hidden
            className="mx-auto mb-6 flex size-14 items-center justify-center rounded-full bg-bg-elevated text-primary"
          >
            <Mail size={24} />
          </div>
          <h1 className="text-3xl font-bold tracking-tight">{t('Contact us')}</h1>
          <p className="mt-3 text-base text-fg-muted">
            {t(
              'Questions, feedback or trouble with your account? Send us a message and we will get back to you by e-mail.',
            )}
          </p>
        </header>
        <form
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          className="flex flex-col gap-6 rounded-lg border border-border bg-bg-elevated p-6 sm:p-8 [&_input]:scroll-mt-24 [&_textarea]:scroll-mt-24"
        >
          <TextField
            label={t('Name')}
            autoComplete="name"
            required
            errorMessage={errors.name?.message}
            {...form.register('name', {
              validate: (value) => value.trim() !== '' || t('Please enter your name.'),
            })}
          />
          <TextField
            label={t('Email')}
            type="email"
            autoComplete="email"
            required
            errorMessage={errors.email?.message}
            {...form.register('email', {
              validate: (value) => {
                if (value.trim() === '') return t('Please enter your email address.');
                return EMAIL.test(value.trim()) || t('Please enter a valid email address.');
              },
            })}
          />
          <TextAreaField
            label={t('Message')}
            required
            rows={6}
            errorMessage={errors.message?.message}
            {...form.register('message', {
              validate: (value) => value.trim() !== '' || t('Please enter a message.'),
            })}
          />
          <div className="flex justify-end">
            <Button type="submit" size="lg" isLoading={isSending} className="w-full sm:w-auto">
              {t('Submit')}
            </Button>
          </div>
        </form>
      </div>
    </main>
  );
}
