import { translator } from '@/i18n/runtime';
import en from './en.json';

/** My Profile's Household tab: the household, its people and invitations, and its form (ADR 0149). */
export const t = translator(en);
