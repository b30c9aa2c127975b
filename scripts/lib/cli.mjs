// The command line of the validation runners (scripts/validate-*.mjs): --print, --seeds A-B
// (or one seed), --jobs J and the script's own options; --help prints the script's usage.

import os from 'node:os';

/**
 * Reads process.argv: `usage` is printed for --help (then the process exits). A bad --seeds
 * or --jobs exits with a message naming the option and what it takes.
 */
export function validationArgs(usage, argv = process.argv.slice(2)) {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(usage);
    process.exit(0);
  }
  const opt = (name, def) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : def);
  const fail = (m) => {
    console.error(`${m}\n${usage}`);
    process.exit(2);
  };
  const seedText = opt('--seeds', '1-5') ?? '';
  const [s0, s1] = seedText.split('-').map(Number);
  const last = s1 ?? s0;
  if (!/^\d+(-\d+)?$/.test(seedText) || !(s0 >= 1) || last < s0)
    fail(`--seeds: "${seedText}" is not a seed or a range A-B of seeds, 1 <= A <= B`);
  const seeds = Array.from({ length: last - s0 + 1 }, (_, i) => s0 + i);
  const jobs = Number(opt('--jobs', String(os.cpus().length)));
  if (!Number.isInteger(jobs) || jobs < 1) fail(`--jobs: "${opt('--jobs')}" is not a whole number of at least 1`);
  return { printOnly: argv.includes('--print'), opt, seeds, jobs };
}
