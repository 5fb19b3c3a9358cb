import { screen } from '@testing-library/react';
import { vi } from 'vitest';
import type { AuthEntry, ResourceDef } from '@procura/shared';
import { createSessionStore } from '../lib/auth-store';
import { http } from '../lib/http';
import { persistedSession } from '../lib/session-persistence';
import { fakeServer, ok } from '../test/fake-server';
import type { FakeHandler } from '../test/fake-server';
import { renderWithProviders } from '../test/render';
import { resourceOverrides } from './overrides';
import { ResourcePage } from './resource-page';

/** Test harness of the resource page: a signed-in user with button codes and dictionaries, a fake server. */

export const POSITIONS = [
  {
    id: 'p1',
    code: 'CGJL',
    name: '采购经理',
    postRank: 'P4',
    postRank_dictText: '副高级',
    description: '负责采购',
    createBy: 'admin',
    createTime: '2026-01-02 09:00:00',
    updateBy: null,
    updateTime: null,
  },
  {
    id: 'p2',
    code: 'CGY',
    name: '采购员',
    postRank: null,
    postRank_dictText: null,
    description: null,
    createBy: 'admin',
    createTime: '2026-01-01 09:00:00',
    updateBy: null,
    updateTime: null,
  },
];

export const page = (records: unknown[], total = records.length) =>
  ok({ records, total, size: 23, current: 1, pages: 1 });
export const codes = (prefix: string, actions: string[]): AuthEntry[] =>
  actions.map((a) => ({ action: `${prefix}:${a}`, type: '1' }));
export const ALL_ACTIONS = ['list', 'add', 'edit', 'delete', 'deleteBatch', 'export', 'import'];

export function setup(
  def: ResourceDef,
  routes: Record<string, FakeHandler>,
  auth: AuthEntry[] = codes(def.permission, ALL_ACTIONS),
) {
  persistedSession.setToken('tok');
  persistedSession.setButtonAuth(auth, []);
  persistedSession.setDict({
    position_rank: [
      { value: 'P3', text: '中级', title: '中级', label: '中级' },
      { value: 'P4', text: '副高级', title: '副高级', label: '副高级' },
    ],
    enable_status: [
      { value: '1', text: '启用', title: '启用', label: '启用' },
      { value: '0', text: '禁用', title: '禁用', label: '禁用' },
    ],
  });
  const server = fakeServer(routes);
  vi.stubGlobal('fetch', server.fetch);
  const { router } = renderWithProviders(<ResourcePage def={def} override={resourceOverrides[def.key]} />, {
    route: '/isystem/page',
    store: createSessionStore(http),
  });
  const lastList = () => server.calls(`GET ${def.path}/list`).at(-1)!.url.searchParams;
  return { server, lastList, router };
}

/** A button by its label (`getByRole` computes accessible names of the whole table: slow). */
export const queryButton = (label: RegExp): HTMLButtonElement | null =>
  screen
    .queryAllByText(label)
    .map((node) => node.closest('button'))
    .find((b) => b !== null) ?? null;
export const button = (label: RegExp): HTMLButtonElement => {
  const found = queryButton(label);
  if (!found) throw new Error(`no button ${String(label)}`);
  return found;
};

/** An XMLHttpRequest stand-in: reports half the upload, then answers `FakeXhr.answer`. */
export class FakeXhr {
  static answer: unknown = null;
  static sent: FakeXhr[] = [];
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.status = 200;
      this.responseText = JSON.stringify(FakeXhr.answer);
      this.onload?.();
    }, 10);
  }
}
