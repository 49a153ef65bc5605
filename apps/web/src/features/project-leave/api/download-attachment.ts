import { PROJECT_LEAVE_PATH, type ProjectLeaveFile } from '@tms/contracts/project-leave';
import { apiDownload } from '../../../lib/api-client.ts';
import { notifyApiError } from '../../../lib/notify.ts';

/**
 * GET …/project-leave/download-attach-file?id=: saves the attachment under its own name. The token never goes in a
 * URL, so the link fetches the file and saves the blob; a refusal shows the server's message (spec 000 §8).
 */
export async function downloadAttachment(file: Pick<ProjectLeaveFile, 'id' | 'fileName'>): Promise<void> {
  try {
    await apiDownload(`${PROJECT_LEAVE_PATH}/download-attach-file`, { query: { id: file.id }, fallbackName: file.fileName });
  } catch (error) {
    notifyApiError(error);
  }
}
