import { MAX_UPLOAD_BYTES } from '@tms/contracts/api';
import { commonTexts } from './i18n/index.ts';

/** Default accepted import extensions (spec 000 §5 "Import dialog": default .xlsx). */
export const DEFAULT_IMPORT_ACCEPT: readonly string[] = ['.xlsx'];

/**
 * Client checks of the import dialog (spec 000 §5, §8): 'File is required', 'File is wrong format'
 * (extension not in `accept`, case-insensitive; entries with or without the dot), 'File <= 5MB'
 * (more than 5,242,880 bytes). Returns the first failing message (in the current language), or null when the file
 * may be sent.
 */
export function checkImportFile(
  file: { name: string; size: number } | null | undefined,
  accept: readonly string[] = DEFAULT_IMPORT_ACCEPT,
  maxBytes: number = MAX_UPLOAD_BYTES,
): string | null {
  if (!file) return commonTexts.t('import.fileRequired');
  const dot = file.name.lastIndexOf('.');
  const extension = dot >= 0 ? file.name.slice(dot).toLowerCase() : '';
  const allowed = accept.map((a) => (a.startsWith('.') ? a : `.${a}`).toLowerCase());
  if (!extension || !allowed.includes(extension)) return commonTexts.t('import.fileWrongFormat');
  if (file.size > maxBytes) return commonTexts.t('import.fileTooLarge');
  return null;
}
