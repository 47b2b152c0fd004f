import { api } from '@/lib/api-client';
import type { BirthBody, BirthStar } from '@/types/api';

/** POST /api/panchangam/birth-star (anyone): the nakshatra the Moon was in at a birth's date, local time and birthplace's time zone. */
export function workOutBirthStar(body: BirthBody): Promise<BirthStar> {
  return api.post<BirthStar>('/api/panchangam/birth-star', body);
}
