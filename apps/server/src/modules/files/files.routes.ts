import { eq } from 'drizzle-orm';
import { messages } from '@mutual/shared';
import { filesApi as api } from '@mutual/shared/contract/files';
import { AppError } from '../../errors';
import { actsAsStaff, signedIn } from '../../http/auth-context';
import { routeOf } from '../../http/contract-route';
import { signedInRoutes } from '../../http/route-groups';
import { storedFiles } from './files.tables';

/**
 * Files are only ever served through here. Staff may open any file (once enrolled with an
 * authenticator where one is required, as for the console); a person may open only their own
 * profile picture and check photos — ID documents and answers to staff are for staff eyes only.
 * A file someone may not see is reported as missing, not forbidden, so ids reveal nothing.
 */
export const fileRoutes = signedInRoutes(async (app, deps) => {
  app.route({
    ...routeOf(api.file),
    handler: async (request, reply) => {
      const { user } = signedIn(request);
      const [file] = await deps.db.select().from(storedFiles).where(eq(storedFiles.id, request.params.id));
      const ownersMayOpen = file?.purpose === 'profile_image' || file?.purpose === 'check_image';
      const asStaff = actsAsStaff(user, deps.config.security.requireStaffTotp);
      const allowed = file && (asStaff || (ownersMayOpen && file.ownerUserId === user.id));
      if (!file || !allowed) throw new AppError('NOT_FOUND', messages.generic.notFound);
      const bytes = await deps.storage.get(file.storageKey);
      const isPdf = file.contentType === 'application/pdf';
      const filename = `${file.purpose}-${file.id.slice(0, 8)}.${extension(file.contentType)}`;
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', `${isPdf ? 'attachment' : 'inline'}; filename="${filename}"`)
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'private, no-store')
        .send(bytes);
    },
  });
});

function extension(contentType: string): string {
  return (
    { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'application/pdf': 'pdf' }[contentType] ?? 'bin'
  );
}
