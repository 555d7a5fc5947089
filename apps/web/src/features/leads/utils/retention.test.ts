import { LEAD_RETENTION_DAYS } from '@leadcapture/contracts/leads';
import { describe, expect, it } from 'vitest';
import { LEAD_RETENTION_DAYS_WEB } from './retention.ts';

describe('LEAD_RETENTION_DAYS_WEB', () => {
  it('is the contract’s retention of deleted leads', () => {
    expect(LEAD_RETENTION_DAYS_WEB).toBe(LEAD_RETENTION_DAYS);
  });
});
