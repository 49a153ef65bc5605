/** Saves a blob as a file through a temporary link (exports, templates, import error reports). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled; revoking at once cancels the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * The file name of a `Content-Disposition` header (RULES.md §1: exports carry the spec's file names there),
 * preferring the RFC 5987 `filename*=UTF-8''…` form; `fallback` when absent or unreadable.
 */
export function fileNameFromDisposition(header: string | null | undefined, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*([^;]+)/i.exec(header);
  if (star?.[1]) {
    const raw = star[1].trim().replace(/^"(.*)"$/, '$1');
    const encoded = raw.replace(/^[\w-]*'[^']*'/, '');
    try {
      const decoded = decodeURIComponent(encoded);
      if (decoded) return sanitize(decoded, fallback);
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;]+)/i.exec(header);
  if (plain) {
    const value = plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : (plain[1] ?? '').trim();
    if (value) return sanitize(value, fallback);
  }
  return fallback;
}

function sanitize(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).pop()?.trim() ?? '';
  return base.length > 0 ? base : fallback;
}
