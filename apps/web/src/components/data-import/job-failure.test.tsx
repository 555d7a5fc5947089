import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DATA_JOB_FAILURES } from '@leadcapture/contracts/data-imports';
import { initI18n, loadNamespaces } from '../../i18n/i18n.ts';
import { useJobFailureText } from './job-failure.ts';

describe('useJobFailureText', () => {
  it("translates the server's fixed reasons and an unreadable file's, and keeps anything else", async () => {
    await initI18n('sv');
    await loadNamespaces('sv', ['data-imports']);
    const { result } = renderHook(() => useJobFailureText());
    const text = result.current;
    expect(text(DATA_JOB_FAILURES.importInterrupted)).toBe(
      'Importen avbröts (servern stannade) innan den blev klar. Inget av den sparades: starta den igen.',
    );
    expect(text('The file cannot be read at line 12: Invalid Closing Quote. Nothing was imported.')).toBe(
      'Filen kan inte läsas på rad 12: Invalid Closing Quote. Inget importerades.',
    );
    expect(text('The file cannot be read: bad zip. Nothing was imported.')).toBe(
      'Filen kan inte läsas: bad zip. Inget importerades.',
    );
    expect(text('Something new')).toBe('Something new');
  });
});
