import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { checkDocument, DocumentList, DocumentUpload } from './documents.tsx';
import { apiError, renderWithApi } from './test-utils.tsx';

afterEach(cleanup);

const user = userEvent.setup({ delay: null });
const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });

describe('checkDocument', () => {
  it('accepts PDF and images up to 5 MB', () => {
    expect(checkDocument(file('scan.pdf', 'application/pdf', 1000))).toBeNull();
    expect(checkDocument(file('photo.JPG', '', 1000))).toBeNull();
    expect(checkDocument(file('big.png', 'image/png', 5 * 1024 * 1024 + 1))).toBe('PAYLOAD_TOO_LARGE');
    expect(checkDocument(file('notes.txt', 'text/plain', 10))).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(checkDocument(file('empty.pdf', 'application/pdf', 0))).toBe('EMPTY');
  });
});

describe('DocumentUpload', () => {
  it('refuses a large file before sending it', async () => {
    const { calls } = renderWithApi(<DocumentUpload />, () => ({ body: {} }));
    fireEvent.change(screen.getByLabelText('File'), {
      target: { files: [file('big.pdf', 'application/pdf', 6 * 1024 * 1024)] },
    });
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByText('The file is larger than 5 MB.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('translates the server refusing the bytes', async () => {
    renderWithApi(<DocumentUpload />, () => apiError(415, 'UNSUPPORTED_MEDIA_TYPE'));
    fireEvent.change(screen.getByLabelText('File'), { target: { files: [file('fake.pdf', 'application/pdf', 100)] } });
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Choose a PDF, PNG, JPEG or WebP file.'));
  });
});

describe('DocumentList', () => {
  const props = { error: undefined, isLoading: false, onRetry: () => {}, timeZone: 'UTC', lang: 'en' };

  it('has an empty state', () => {
    renderWithApi(<DocumentList documents={[]} {...props} />, () => ({ body: {} }));
    expect(screen.getByRole('heading', { name: 'No documents yet' })).toBeTruthy();
  });

  it('lists name, size, date and a download link', () => {
    const docs = [
      {
        id: 7,
        filename: 'passport.pdf',
        contentType: 'application/pdf',
        size: 2048,
        createdAt: '2025-01-02T03:04:00Z',
      },
    ];
    renderWithApi(<DocumentList documents={docs} {...props} />, () => ({ body: {} }));
    const row = screen.getByRole('row', { name: /passport\.pdf/ });
    expect(row.textContent).toContain('2.0 KB');
    expect(row.textContent).toContain('2025-01-02 03:04');
    expect(screen.getByRole('link', { name: 'Download passport.pdf' }).getAttribute('href')).toBe(
      '/api/v2/profile/documents/7',
    );
  });
});
