import { getAction, http } from '../../../lib/http';
import type { LotView } from './auction-api';

/** The live channel of an auction lot, apart so that component tests can replace it. */
export type StreamMode = 'connecting' | 'live' | 'polling';

/** Splits an SSE text buffer into complete frames; returns the frames and the unfinished rest. */
export function parseFrames(buffer: string): { frames: { id?: string; event: string; data: string }[]; rest: string } {
  const parts = buffer.replace(/\r\n/g, '\n').split('\n\n');
  const rest = parts.pop() ?? '';
  const frames = parts
    .map((part) => {
      let id: string | undefined;
      let event = 'message';
      const data: string[] = [];
      for (const line of part.split('\n')) {
        if (line.startsWith(':')) continue;
        const at = line.indexOf(':');
        const field = at < 0 ? line : line.slice(0, at);
        const value = at < 0 ? '' : line.slice(at + 1).replace(/^ /, '');
        if (field === 'id') id = value;
        else if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      return { id, event, data: data.join('\n') };
    })
    .filter((f) => f.data !== '');
  return { frames, rest };
}

/**
 * Follows a lot live (§12.4). The server's SSE stream (`/srm/auction/stream`) needs the
 * X-Access-Token header, which EventSource cannot send, so the stream is read with the client's `send`;
 * a reconnect names the last event seen (Last-Event-ID) and the server answers with the current
 * snapshot first. While the stream is down the view is polled (every 2 s by default). Returns a stop function.
 */
export function openLotStream(
  lotId: string,
  audience: 'BUYER' | 'BIDDER',
  onView: (view: LotView) => void,
  onMode: (mode: StreamMode) => void,
  { retryMs = 5000, pollMs = 2000 }: { retryMs?: number; pollMs?: number } = {},
): () => void {
  let stopped = false;
  let lastEventId: string | null = null;
  let controller: AbortController | null = null;
  let poller: ReturnType<typeof setInterval> | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;

  const poll = async () => {
    try {
      const answer = await getAction<LotView>(
        audience === 'BUYER' ? '/srm/auction/lot/view' : '/srm/auction/supplier/lot/view',
        { lotId },
        { quiet: true },
      );
      if (!stopped && answer.success) onView(answer.result);
    } catch {
      // the next tick tries again
    }
  };
  const startPolling = () => {
    if (poller || stopped) return;
    onMode('polling');
    void poll();
    poller = setInterval(() => void poll(), pollMs);
  };
  const stopPolling = () => {
    if (poller) clearInterval(poller);
    poller = null;
  };

  const connect = async () => {
    if (stopped) return;
    controller = new AbortController();
    try {
      const headers: Record<string, string> = { Accept: 'text/event-stream' };
      if (lastEventId) headers['Last-Event-ID'] = lastEventId;
      const response = await http.send('/srm/auction/stream', {
        params: { lotId },
        headers,
        signal: controller.signal,
      });
      const body = response.body;
      if (!response.ok || !body || !(response.headers.get('content-type') ?? '').includes('text/event-stream'))
        throw new Error('no stream');
      const reader = body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      let live = false;
      for (;;) {
        const { value, done } = await reader.read();
        if (done || stopped) break;
        buffer += decoder.decode(value, { stream: true });
        const parsed = parseFrames(buffer);
        buffer = parsed.rest;
        for (const frame of parsed.frames) {
          if (frame.id !== undefined) lastEventId = frame.id;
          if (frame.event !== 'lot') continue;
          if (!live) {
            live = true;
            stopPolling();
            onMode('live');
          }
          onView(JSON.parse(frame.data) as LotView);
        }
      }
    } catch {
      // falls through to polling and a later reconnect
    }
    if (stopped) return;
    startPolling();
    retry = setTimeout(() => void connect(), retryMs);
  };

  onMode('connecting');
  void connect();
  return () => {
    stopped = true;
    controller?.abort();
    stopPolling();
    if (retry) clearTimeout(retry);
  };
}
