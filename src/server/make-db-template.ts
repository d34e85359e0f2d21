// The build's last step before its stamp (scripts/build-server.mjs): the embedded database a first start copies (db/template.ts).
import { dbTemplateDir, makeTemplate } from './db/template.ts';

const started = Date.now();
if (await makeTemplate()) console.log(`made ${dbTemplateDir} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
