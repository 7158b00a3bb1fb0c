interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

let loading: Promise<Grecaptcha> | undefined;

/** Loads Google's reCAPTCHA v3 script once, with the site key the admin configured. */
function loadRecaptcha(siteKey: string): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = () => {
      const grecaptcha = window.grecaptcha;
      if (!grecaptcha) reject(new Error('reCAPTCHA did not load'));
      else grecaptcha.ready(() => resolve(grecaptcha));
    };
    script.onerror = () => {
      loading = undefined;
      script.remove();
      reject(new Error('reCAPTCHA could not be loaded'));
    };
    document.head.append(script);
  });
  return loading;
}

/** A reCAPTCHA v3 token for this action, for the server to check with Google. */
export async function recaptchaToken(siteKey: string, action: string): Promise<string> {
  const grecaptcha = await loadRecaptcha(siteKey);
  return grecaptcha.execute(siteKey, { action });
}
