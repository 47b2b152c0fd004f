import { translator } from '@/i18n/runtime';
import en from './en.json';

/** The volunteer shifts' texts for members: sign-up, their shifts and their hours (ADR 0149). */
export const t = translator(en);
