import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggedUrl, requestLogFields } from './log-redaction.js';

const PATH = 'sourcing/20261203/0196f5a4c3d87b6e9a1f2c3d4e5f6a7b.pdf';

describe('stored file paths stay out of the log (issue 16 #5)', () => {
  it('loggedUrl drops the path of a static file, keeping everything else', () => {
    expect(loggedUrl(`/sys/common/static/${PATH}`)).toBe('/sys/common/static/[file]');
    expect(loggedUrl(`/jeecg-boot/sys/common/static/${PATH}?_t=1`)).toBe('/jeecg-boot/sys/common/static/[file]?_t=1');
    expect(loggedUrl('/srm/tender/list?pageNo=1')).toBe('/srm/tender/list?pageNo=1');
  });

  it('a server logging with requestLogFields writes no file path', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream, serializers: { req: requestLogFields } } });
    app.get('/sys/common/static/*', async () => 'ok');
    await app.inject({ method: 'GET', url: `/sys/common/static/${PATH}` });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('/sys/common/static/[file]');
    expect(log).not.toContain('0196f5a4c3d87b6e9a1f2c3d4e5f6a7b');
  });
});
