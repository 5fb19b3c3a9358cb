import { useCallback, useState } from 'react';
import { http } from './http-client';

/** What a form sends with a solved image captcha (JeecgBoot's field names). */
export type CaptchaFields = { captcha: string; checkKey: string };

/**
 * The image captcha of `GET /sys/randomImage/{key}` (issue 16): hidden until `refresh` first
 * draws one; each refresh (a click on the image, a refused try) draws a new code under a new key.
 */
export function useImageCaptcha(shownAtStart = false) {
  const [drawn, setDrawn] = useState<{ checkKey: string; image: string | null } | null>(
    shownAtStart ? { checkKey: '', image: null } : null,
  );
  const refresh = useCallback(async () => {
    // As JeecgBoot's form: the key is the time, made unique per page.
    const checkKey = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    setDrawn({ checkKey, image: null });
    const res = await http.envelope<string>('GET', `/sys/randomImage/${checkKey}`);
    setDrawn((d) => (d?.checkKey === checkKey ? { checkKey, image: res.success ? res.result : null } : d));
  }, []);
  return {
    shown: drawn !== null,
    image: drawn?.image ?? null,
    checkKey: drawn?.checkKey ?? '',
    /** The fields to send with the typed code. */
    fields: (code: string): CaptchaFields => ({ captcha: code.trim(), checkKey: drawn?.checkKey ?? '' }),
    refresh,
  };
}

/** Whether a refusal asks for the captcha (the sign-in guard's answers carry `captchaRequired`). */
export const asksCaptcha = (result: unknown): boolean =>
  typeof result === 'object' && result !== null && (result as { captchaRequired?: unknown }).captchaRequired === true;
