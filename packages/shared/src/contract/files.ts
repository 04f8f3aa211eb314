import { idParams } from '../path-params';
import { endpoint } from './endpoint';

/**
 * Stored files: profile pictures, and (for staff) ID documents and answers to staff. The answer is
 * the file itself, with its own content type; a file the person may not see is "not found".
 */
export const filesApi = {
  file: endpoint({
    method: 'GET',
    path: '/api/files/:id',
    tags: ['files'],
    summary: 'Download a stored file',
    params: idParams(),
    produces: 'image/*',
  }),
};
