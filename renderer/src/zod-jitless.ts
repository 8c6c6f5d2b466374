// Imported first by main.tsx: zod decides at schema creation whether to compile parsers with
// `new Function`, which the window's CSP forbids (the caught attempt is still reported). Every
// schema in shared/ is created when its module loads, so this must run before those load.
import { config } from 'zod';

config({ jitless: true });
