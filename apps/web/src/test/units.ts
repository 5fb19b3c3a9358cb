import { ok } from './fake-server';

/** The dictionary `srm_unit` as the server serves it from 计量单位, for fake servers. */
export const UNIT_ITEMS = [
  ['PCS', '个'],
  ['SET', '套'],
  ['BOX', '箱'],
  ['TON', '吨'],
].map(([value, text]) => ({ value, text, title: text, label: text }));

export const unitRoute = { 'GET /sys/dict/getDictItems/srm_unit': () => ok(UNIT_ITEMS) };
