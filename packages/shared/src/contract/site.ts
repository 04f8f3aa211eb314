import { publicSiteSchema } from '../site';
import { endpoint } from './endpoint';

/** The credit union's public facts. The server also puts them into the page it serves. */
export const siteApi = {
  site: endpoint({
    method: 'GET',
    path: '/api/site',
    tags: ['content'],
    summary: 'Public facts about the credit union',
    response: publicSiteSchema,
  }),
};
