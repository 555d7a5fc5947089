import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { FilePicker } from './file-picker.tsx';

function Picker({ fileName }: { fileName: string | null }) {
  return (
    <div>
      <label htmlFor="file">Fil</label>
      <FilePicker id="file" fileName={fileName} accept=".csv" />
    </div>
  );
}

describe('FilePicker', () => {
  it("speaks the page's language, not the browser's, and the input keeps its own name", async () => {
    await renderWithApp(<Picker fileName={null} />, { language: 'sv' });
    expect(screen.getByText('Välj fil')).toBeTruthy();
    expect(screen.getByText('Ingen fil vald')).toBeTruthy();
    const input = screen.getByLabelText('Fil', { exact: true });
    expect(input.getAttribute('type')).toBe('file');
    expect(input.getAttribute('accept')).toBe('.csv');
  });

  it('shows the chosen file', async () => {
    await renderWithApp(<Picker fileName="mässan.csv" />);
    expect(screen.getByText('mässan.csv')).toBeTruthy();
    expect(screen.queryByText('No file chosen')).toBeNull();
    expect(screen.getByText('Choose file')).toBeTruthy();
  });
});
