// `npm start`: builds what is missing, then runs the whole product in one process.
import { build } from './build.mjs';
import { run } from './lib.mjs';

const code = await build();
if (code !== 0) process.exit(code);
process.exit(await run(process.execPath, ['apps/server/dist/main.js']));
