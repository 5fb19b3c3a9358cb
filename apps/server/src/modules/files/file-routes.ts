import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import type { SessionUser } from '../../core/access.js';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { businessDayCompact, serverNowIso } from '../../core/clock.js';
import { tenantIdsOf } from '../tenants/tenant-service.js';
import { documentGrantingRead, fileStillSealed } from './document-files.js';
import { readStoredFile } from './sealed-files.js';
import { detectKind, MAX_UPLOAD_BYTES } from './file-types.js';

/**
 * Business folders an upload may go to (UP-3): `biz` is one of these, optionally followed by
 * one plain sub-folder. `portal` holds the public portal's images; writing there takes the
 * `portal:config` permission and the files are readable by anyone.
 */
export const BIZ_FOLDERS = [
  'temp',
  'jeditor',
  'portal',
  'avatar',
  'notice',
  'supplier',
  'sourcing',
  'contract',
  'order',
  'delivery',
  'payment',
] as const;
export const PUBLIC_BIZ = 'portal';
export const PORTAL_CONFIG_PERMISSION = 'portal:config';
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/;

/** The checked business folder of an upload, or a 400 naming `biz` (never a filesystem check on user text). */
export function parseBiz(raw: string | undefined): string {
  const value = (raw ?? '').trim() || 'temp';
  const segments = value.split('/');
  const [first, ...rest] = segments;
  if (
    segments.length > 2 ||
    !(BIZ_FOLDERS as readonly string[]).includes(first!) ||
    !rest.every((s) => SEGMENT.test(s))
  ) {
    throw badRequest('上传失败！业务目录不正确', { biz: '业务目录不正确' });
  }
  return value;
}

/** A stored path as the upload service generates it: `<biz>/<yyyyMMdd>/<32 hex>.<ext>`. */
const STORED_PATH =
  /^[A-Za-z0-9][A-Za-z0-9_-]{0,31}(\/[A-Za-z0-9][A-Za-z0-9_-]{0,31})?\/\d{8}\/[0-9a-f]{32}\.[a-z]{3,4}$/;

/**
 * The name the uploader gave, for metadata and `Content-Disposition` only (UP-2): the last
 * path segment, without control or bidirectional-override characters, at most 200 characters.
 */
export function sanitizeName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  return (clean || 'file').slice(-200);
}

/** `attachment`/`inline` with an ASCII fallback name and the UTF-8 one (RFC 6266). */
export function disposition(kind: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^A-Za-z0-9._-]/g, '_');
  // RFC 5987 attr-chars only: encodeURIComponent leaves ' ( ) * ! unescaped.
  const encoded = encodeURIComponent(name).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

type FileRow = {
  id: string;
  path: string;
  isPublic: number;
  ownerId: string;
  tenantId: number;
  sealedEventId: string | null;
};

/**
 * Whether a user may read a stored file: public ones anyone; a sealed bid's attachment its
 * bidder alone until the envelope is opened (issue 16 #5); then suppliers their own, internal
 * users those of their tenants (UP-5), and anyone the files of a document they may see (X-11).
 * Returns the granting document type when that is how, for the log.
 */
async function readGrant(
  ctx: AppContext,
  user: SessionUser | null | undefined,
  row: FileRow,
): Promise<'public' | 'plain' | string | null> {
  if (row.isPublic === 1) return 'public';
  if (!user) return null;
  const { sealedEventId } = row;
  if (sealedEventId && row.ownerId !== user.id && (await fileStillSealed(ctx.db, { id: row.id, sealedEventId })))
    return null;
  const plain = row.ownerId === user.id || (user.userType !== 2 && fileTenants(user).includes(row.tenantId));
  if (plain) return 'plain';
  return (await documentGrantingRead(ctx.db, user, row.path)) ?? null;
}

/**
 * The tenants whose files an internal user reads by the tenant rule: its own, or the platform's
 * (tenant 0) for a user without tenants. The platform's files are not everyone's: a member of
 * tenant 1000 reads none of them (issue 16 finding 6), as the platform reads none of tenant 1000's.
 */
function fileTenants(user: { relTenantIds: string | null }): number[] {
  const mine = tenantIdsOf(user.relTenantIds);
  return mine.length > 0 ? mine : [0];
}

/**
 * The file service (spec part 2 §7, jeecg-api §7.1–7.2, security UP-1..UP-7):
 * `POST /sys/common/upload` stores one file under a generated name and answers its stored
 * path in `message`; `GET /sys/common/static/*` serves a stored file with safe headers to
 * whoever may read it.
 */
export const fileRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const root = ctx.config.storageDir;

    app.post(
      '/sys/common/upload',
      {
        schema: { tags: ['文件'], summary: '文件上传', consumes: ['multipart/form-data'] },
        // A supplier completing its information uploads its licence documents.
        config: { access: 'authenticated', allowIncompleteSupplier: true },
      },
      async (request) => {
        if (!request.isMultipart()) throw badRequest('请选择要上传的文件');
        const user = request.user!;
        let buffer: Buffer | null = null;
        let originalName = '';
        const fields: Record<string, string> = {};
        try {
          for await (const part of request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1 } })) {
            if (part.type === 'file') {
              if (part.fieldname !== 'file' || buffer) {
                await part.toBuffer().catch(() => null);
                continue;
              }
              try {
                buffer = await part.toBuffer();
              } catch {
                throw new AppError(`上传失败，文件大小超出限制`, 413, 413);
              }
              if (part.file.truncated) throw new AppError(`上传失败，文件大小超出限制`, 413, 413);
              originalName = sanitizeName(part.filename);
            } else if (typeof part.value === 'string') {
              fields[part.fieldname] = part.value;
            }
          }
        } catch (error) {
          // One file per request (JUpload sends one); anything more is refused whole.
          if ((error as { code?: string }).code === 'FST_FILES_LIMIT')
            throw badRequest('一次只能上传一个文件', { file: '一次只能上传一个文件' });
          throw error;
        }
        if (!buffer) throw badRequest('请选择要上传的文件', { file: '请选择要上传的文件' });
        const biz = parseBiz(fields.biz ?? (request.query as Record<string, string> | undefined)?.biz);
        const isPublic = biz.split('/')[0] === PUBLIC_BIZ;
        if (isPublic && !(await ctx.permissions.codesOf(user.id)).has(PORTAL_CONFIG_PERMISSION)) throw forbidden();

        const kind = detectKind(buffer, originalName);
        if (!kind || (isPublic && !kind.image))
          throw badRequest(`上传失败！不支持的文件类型`, { file: '不支持的文件类型' });
        if (buffer.length > kind.maxBytes) {
          throw new AppError(`上传失败，文件大小超出${Math.round(kind.maxBytes / 1024 / 1024)}MB限制`, 413, 413);
        }

        const stored = `${biz}/${businessDayCompact()}/${randomUUID().replaceAll('-', '')}.${kind.ext}`;
        const full = path.resolve(root, stored);
        if (!full.startsWith(root + path.sep)) throw badRequest('上传失败！业务目录不正确', { biz: '业务目录不正确' });
        await fs.promises.mkdir(path.dirname(full), { recursive: true });
        await fs.promises.writeFile(full, buffer, { flag: 'wx', mode: 0o640 });
        const fileId = newId();
        try {
          await ctx.db
            .insertInto('sysFile')
            .values({
              id: fileId,
              path: stored,
              originalName,
              fileSize: buffer.length,
              contentType: kind.contentType,
              ownerId: user.id,
              isPublic: isPublic ? 1 : 0,
              tenantId: request.tenantId,
              createTime: serverNowIso(),
            })
            .execute();
        } catch (error) {
          await fs.promises.rm(full, { force: true });
          throw error;
        }
        request.log.info(
          // The id, never the path: a file may become a sealed bid's attachment (issue 16 #5).
          { event: 'file.uploaded', fileId, size: buffer.length, type: kind.contentType },
          'file uploaded',
        );
        return ok(null, stored);
      },
    );

    app.get(
      '/sys/common/fileNames',
      {
        schema: {
          tags: ['文件'],
          summary: '已上传文件的原始文件名（逗号分隔的存储路径，只答可读的文件）',
          querystring: z.object({ paths: z.string().max(50 * 120) }),
        },
        // The company-information form of a new supplier lists its uploads too.
        config: { access: 'authenticated', allowIncompleteSupplier: true },
      },
      async (request) => {
        const wanted = [
          ...new Set(
            request.query.paths
              .split(',')
              .map((p) => p.trim())
              .filter((p) => STORED_PATH.test(p)),
          ),
        ].slice(0, 50);
        const names: Record<string, string> = {};
        if (wanted.length === 0) return ok(names);
        const rows = await ctx.db
          .selectFrom('sysFile')
          .select(['id', 'path', 'isPublic', 'ownerId', 'tenantId', 'sealedEventId', 'originalName'])
          .where('path', 'in', wanted)
          .execute();
        for (const row of rows) if (await readGrant(ctx, request.user, row)) names[row.path] = row.originalName;
        return ok(names);
      },
    );

    app.get(
      '/sys/common/static/*',
      {
        schema: { tags: ['文件'], summary: '文件访问', params: z.object({ '*': z.string() }) },
        // Public portal images are read by anyone; the handler checks everything else.
        config: { access: 'public' },
      },
      async (request, reply) => {
        // JeecgBoot clients may leave a trailing comma from a joined value.
        const wanted = request.params['*'].replace(/,$/, '');
        if (!STORED_PATH.test(wanted)) throw notFound('文件不存在');
        const row = await ctx.db.selectFrom('sysFile').selectAll().where('path', '=', wanted).executeTakeFirst();
        if (!row) throw notFound('文件不存在');
        if (row.isPublic !== 1 && !request.user) throw unauthorized('未登录或登录已过期，请重新登录');
        // Another's file is simply not there.
        const grant = await readGrant(ctx, request.user, row);
        if (!grant) throw notFound('文件不存在');
        if (grant !== 'public' && grant !== 'plain')
          request.log.info(
            { event: 'file.read.document', fileId: row.id, docType: grant },
            'file read through its document',
          );
        // A sealed bid's attachment is stored encrypted: it is decrypted for its reader (issue 16 #5).
        const body = await readStoredFile(ctx.db, ctx.config, row);
        if (!body) throw notFound('文件不存在');
        const image = row.contentType.startsWith('image/');
        reply.header('content-type', row.contentType);
        reply.header('x-content-type-options', 'nosniff');
        reply.header('content-security-policy', "sandbox; default-src 'none'");
        reply.header('content-disposition', disposition(image ? 'inline' : 'attachment', row.originalName));
        reply.header('cache-control', row.isPublic === 1 ? 'public, max-age=300' : 'private, no-store');
        return reply.send(body);
      },
    );
  };
