// Builds what is missing or out of date: the shared package and the server (tsc -b is
// incremental) and the web app (only when its sources are newer than its last build).
// `--force` rebuilds the web app regardless.
import { mtimeOf, newestMtime, requireInstall, run } from './lib.mjs';

export async function build({ force = false } = {}) {
  requireInstall();
  if ((await run('npx', ['tsc', '-b', 'packages/shared', 'apps/server'])) !== 0) {
    console.error('procura: the server does not compile');
    return 1;
  }
  const sources = newestMtime([
    'apps/web/src',
    'apps/web/index.html',
    'apps/web/portal.html',
    'apps/web/vite.config.ts',
    'apps/web/public',
    'packages/shared/src',
  ]);
  if (force || mtimeOf('apps/web/dist/index.html') < sources) {
    console.log('procura: building the web app…');
    if ((await run('npm', ['run', 'build', '--silent', '-w', 'apps/web'])) !== 0) {
      console.error('procura: the web app does not build');
      return 1;
    }
  }
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit(await build({ force: process.argv.includes('--force') }));
}
