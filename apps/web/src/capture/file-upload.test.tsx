import { ATTACHMENT_MESSAGES, type Attachment } from '@leadcapture/contracts/public-capture';
import { FORM_FIELD_DEFAULTS } from '@leadcapture/contracts/form-fields';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiResult } from './api.ts';
import { FileUpload, type UploadFile } from './file-upload.tsx';
import { createTranslator } from './i18n.ts';

const brochure: Attachment = {
  id: 'a1',
  name: 'broschyr.pdf',
  size: 2.5 * 1024 * 1024,
  content_type: 'application/pdf',
};

/** A capture form's file field: its label, the upload, the answer it keeps. */
function Field({ upload, language }: { upload: UploadFile; language: 'en' | 'sv' }) {
  const [value, setValue] = useState('');
  return (
    <div>
      <label htmlFor="cv">CV</label>
      <FileUpload
        input={{
          field: { ...FORM_FIELD_DEFAULTS, id: 'cv', type: 'file', label: 'CV' },
          id: 'cv',
          value,
          onChange: setValue,
          invalid: false,
          describedBy: undefined,
          disabled: false,
        }}
        upload={upload}
        t={createTranslator(language)}
        language={language}
      />
      <output>answer: {value}</output>
    </div>
  );
}

const choose = (name: string) =>
  fireEvent.change(screen.getByLabelText('CV', { exact: true }), {
    target: { files: [new File(['%PDF'], name, { type: 'application/pdf' })] },
  });

describe('FileUpload', () => {
  it("offers the page's own button, uploads at once and keeps the server's id as the answer", async () => {
    const upload = vi.fn<UploadFile>(async () => ({ ok: true, data: brochure }));
    render(<Field upload={upload} language="sv" />);
    expect(screen.getByText('Välj en fil')).toBeTruthy();
    expect(screen.getByText('Ingen fil vald')).toBeTruthy();
    choose('broschyr.pdf');
    await screen.findByText('answer: a1');
    expect(upload).toHaveBeenCalledOnce();
    expect(screen.getByText('broschyr.pdf')).toBeTruthy();
    expect(screen.getByText('(2,5 MB)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ta bort broschyr.pdf' }));
    await screen.findByText('Välj en fil');
    expect(screen.getByText('answer:')).toBeTruthy();
  });

  it("shows the server's refusal in the page's language and keeps no answer", async () => {
    const refused: ApiResult<Attachment> = {
      ok: false,
      failure: { kind: 'validation', details: { file: [ATTACHMENT_MESSAGES.tooLarge] } },
    };
    render(<Field upload={async () => refused} language="en" />);
    choose('huge.pdf');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('File size must be less than 10MB'));
    expect(screen.getByText('answer:')).toBeTruthy();
    expect(screen.getByText('Choose a file')).toBeTruthy();
  });
});
