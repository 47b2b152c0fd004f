import { translator } from '@/i18n/runtime';
import en from './en.json';

/** The sign-in, sign-up, password and sign-out texts (ADR 0149). */
export const t = translator(en);
