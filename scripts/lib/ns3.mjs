// ns-3.37 from Debian (libns3-dev): whether it is installed, and compiling a program of docs/ns3/
// against it. Debian's pkg-config files are broken (../shared/TOOLCHAIN.md), so the libraries are
// named here, once, for the benchmark and the validation driver.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const LIBS = [
  'core',
  'network',
  'internet',
  'point-to-point',
  'applications',
  'traffic-control',
  'nix-vector-routing',
  'bridge',
  'stats',
].map((l) => `-lns3-${l}`);

export function ns3Installed() {
  return fs.existsSync('/usr/lib/x86_64-linux-gnu/libns3-core.so');
}

/** Compiles `src` to `exe` with g++ -O2; returns g++'s result ({status, stderr}). */
export function compileNs3(src, exe) {
  return spawnSync('g++', ['-O2', '-std=c++17', src, '-o', exe, '-Wl,--no-as-needed', ...LIBS], { encoding: 'utf8' });
}
