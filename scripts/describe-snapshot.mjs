// Writes the core's bl_describe document, pretty-printed, to web/test/fixtures/describe.json:
// the front end's unit tests read this snapshot of the real contract instead of hand-written
// spec lists, and web/src/params/describeSnapshot.test.ts fails when it is stale.
//   node scripts/describe-snapshot.mjs           (npm run describe:snapshot)
// Needs build/native/blsim (bash scripts/build-native.sh).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const snapshotFile = path.join(root, 'web/test/fixtures/describe.json');

/** The current core's describe document as the snapshot's text. */
export function describeText(blsim = path.join(root, 'build/native/blsim')) {
  return JSON.stringify(JSON.parse(execFileSync(blsim, ['--describe'], { encoding: 'utf8' })), null, 2) + '\n';
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(snapshotFile, describeText());
  console.log(`describe-snapshot: wrote ${path.relative(root, snapshotFile)}`);
}
