import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { forbidden, unauthorized } from '../../core/errors.js';
import { wireId } from '../../http/wire.js';
import { jeecgNoticeView, noticeTopicsOf } from './notice-push.js';

/** The subprotocol a JeecgBoot 3.4 client sends: its session token (`new WebSocket(url, [token])`). */
function tokenOf(header: string | string[] | undefined): string | null {
  const raw = Array.isArray(header) ? header.join(',') : (header ?? '');
  const token = raw.split(',')[0]?.trim() ?? '';
  return token && token.length <= 4096 ? token : null;
}

/** What the server answers to the client's `HeartBeat` (or `ping`) text, as JeecgBoot does. */
export const HEARTBEAT_ANSWER = JSON.stringify({ cmd: 'heartcheck', msgTxt: '心跳响应' });

/**
 * JeecgBoot's push channel `/websocket/{userId}` (HeaderNotice.vue): the session token comes as
 * the WebSocket subprotocol (echoed back, as a browser requires), the path names the token's own
 * user. A missing or invalid token (401) or another user's id (403) is refused before the upgrade.
 * The socket then carries `{cmd, msgId, msgTxt}` for each notice published to that user, to their
 * tenant or to everyone; the client reloads its bell on each. It ends with the session: a heartbeat
 * from a signed-out session closes it.
 */
export const noticeSocket =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/websocket/:userId',
      {
        websocket: true,
        schema: { hide: true, params: z.object({ userId: wireId('用户编号不正确') }) },
        // Authenticated here, from the subprotocol: the access hook reads only X-Access-Token.
        config: { access: 'public' },
        preValidation: async (request) => {
          await ctx.cacheVersions.sync();
          const token = tokenOf(request.headers['sec-websocket-protocol']);
          if (!token) throw unauthorized('未登录或登录已过期，请重新登录');
          const user = await ctx.sessions.verify(token);
          if (!user) throw unauthorized();
          const { userId } = request.params as { userId: string };
          if (user.id !== userId) throw forbidden();
          request.user = user;
        },
      },
      (socket, request) => {
        const user = request.user!;
        const token = tokenOf(request.headers['sec-websocket-protocol'])!;
        const subscription = ctx.live.subscribe({
          topics: noticeTopicsOf(user),
          view: jeecgNoticeView,
          // A notice only asks the client to reload its bell: a dropped one is caught up by the next.
          overflow: 'drop-oldest',
          maxQueue: 32,
          onClose: () => {
            if (socket.readyState === socket.OPEN) socket.close(1001);
          },
        });
        socket.on('close', () => subscription.close('client'));
        // A broken connection ends the subscription; ws would otherwise throw on an unheard 'error'.
        socket.on('error', () => subscription.close('client'));
        socket.on('message', (data, isBinary) => {
          if (isBinary) return;
          const text = data.toString();
          if (text !== 'HeartBeat' && text !== 'ping') return;
          // As the access hook does: the node's session cache first catches up with a sign-out anywhere.
          void (async () => {
            await ctx.cacheVersions.sync();
            return ctx.sessions.verify(token);
          })().then(
            (still) => {
              if (!still) socket.close(4001, 'Token失效');
              else if (socket.readyState === socket.OPEN) socket.send(HEARTBEAT_ANSWER);
            },
            () => socket.close(1011),
          );
        });
        void (async () => {
          for await (const item of subscription) {
            if (socket.readyState !== socket.OPEN) break;
            if (item.kind === 'heartbeat') socket.ping();
            else socket.send(JSON.stringify(item.message.data));
          }
        })();
      },
    );
  };
