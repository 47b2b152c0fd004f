import { api } from '@/lib/api-client';
import type { CheckBatch, CheckBatchRequest } from '@/types/api';

/**
 * POST /api/check-batches with the batch's key: a resubmission of the same key answers the sales
 * already recorded, so a batch whose answer was lost is sent again safely.
 */
export function createCheckBatch(key: string, request: CheckBatchRequest): Promise<CheckBatch> {
  return api.post<CheckBatch>('/api/check-batches', request, { headers: { 'Idempotency-Key': key } });
}
