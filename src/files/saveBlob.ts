import { safeFileName } from './safeFileName';

/**
 * Spec §9: blob URLs are revoked after 40 s. Not at once: some browsers (Safari, Firefox on slow
 * disks) read the blob after click() returns, and an early revoke turns the download into a
 * failed or empty file; not never either, or every export stays in memory until the tab closes.
 */
export const BLOB_URL_REVOKE_MS = 40_000;

/** Saves a blob as a file through a temporary blob URL and a download link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = safeFileName(fileName);
    link.rel = 'noopener';
    link.style.display = 'none';
    // Firefox only follows a download link that is in the document.
    document.body.appendChild(link);
    try {
      link.click();
    } finally {
      link.remove();
    }
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), BLOB_URL_REVOKE_MS);
  }
}
