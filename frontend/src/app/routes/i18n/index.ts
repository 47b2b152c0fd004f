import { translator } from '@/i18n/runtime';
import en from './en.json';

/** The texts of the public and member pages' own route files (ADR 0149). */
export const t = translator(en);
